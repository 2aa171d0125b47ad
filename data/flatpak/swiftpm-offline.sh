#!/bin/sh
# Makes SwiftPM resolve the package's dependencies from the git sources that
# flatpak-builder placed under .build/checkouts, with no network.
#   data/flatpak/swiftpm-offline.sh URL TAG [URL TAG ...]
# For each dependency (its URL exactly as Package.swift names it, and the tag of its
# version) the checkout .build/checkouts/<name> becomes a SwiftPM mirror of URL, and the
# tag is made sure to exist in it, so that version resolution finds it. SwiftPM then
# clones the mirror into .build/repositories and checks it out again, all locally.
set -eu
while [ $# -ge 2 ]; do
  url=$1 tag=$2
  shift 2
  name=$(basename "$url" .git)
  checkout="$PWD/.build/checkouts/$name"
  [ -d "$checkout/.git" ] || { echo "swiftpm-offline: no git checkout at $checkout" >&2; exit 1; }
  git -C "$checkout" rev-parse -q --verify "refs/tags/$tag" >/dev/null || git -C "$checkout" tag "$tag" HEAD
  swift package config set-mirror --original "$url" --mirror "$checkout"
done
[ $# -eq 0 ] || { echo "swiftpm-offline: expected URL TAG pairs" >&2; exit 2; }
