#!/bin/sh
# Builds Lightbox in release mode and installs it into a prefix, from the one file list
# data/install-files.txt (the desktop entry and the metainfo translated from po/, the
# compiled message catalogs); then compiles the GSettings schemas and updates the icon cache
# in the prefix. The Flatpak manifest runs exactly this with --prefix=/app. Needs gettext's
# msgfmt (Debian's gettext package; the GNOME SDK has it).
#
#   data/install.sh [--prefix=DIR] [--destdir=DIR] [--scratch-path=DIR]
#     --prefix        where the files will live (default /usr/local); the D-Bus service
#                     file's Exec line points at <prefix>/bin/lightbox
#     --destdir       stage the install under DIR (default $DESTDIR, else none)
#     --scratch-path  SwiftPM's build folder (default .build)
set -eu

prefix=/usr/local
destdir=${DESTDIR:-}
scratch=.build
for argument in "$@"; do
  case $argument in
    --prefix=*) prefix=${argument#--prefix=} ;;
    --destdir=*) destdir=${argument#--destdir=} ;;
    DESTDIR=*) destdir=${argument#DESTDIR=} ;;
    --scratch-path=*) scratch=${argument#--scratch-path=} ;;
    *) echo "install.sh: unknown argument $argument" >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) echo "install.sh: --prefix must be absolute" >&2; exit 2 ;; esac

cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product lightbox --scratch-path "$scratch"
products=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
root=$destdir$prefix

grep -v '^[[:space:]]*\(#\|$\)' data/install-files.txt | while read -r kind source destination; do
  target=$root/$destination
  case $kind in
    program) install -D -m 755 "$products/$source" "$target" ;;
    file) install -D -m 644 "$source" "$target" ;;
    configure)
      mkdir -p "$(dirname "$target")"
      sed "s|@bindir@|$prefix/bin|g" "$source" > "$target"
      chmod 644 "$target" ;;
    desktop)
      mkdir -p "$(dirname "$target")"
      msgfmt --desktop --template="$source" -d po --output-file="$target"
      chmod 644 "$target" ;;
    metainfo)
      mkdir -p "$(dirname "$target")"
      msgfmt --xml --template="$source" -d po --output-file="$target"
      chmod 644 "$target" ;;
    catalogs)
      for language in $(grep -v '^[[:space:]]*\(#\|$\)' "$source/LINGUAS"); do
        mkdir -p "$target/$language/LC_MESSAGES"
        msgfmt --check --output-file="$target/$language/LC_MESSAGES/lightbox.mo" "$source/$language.po"
        chmod 644 "$target/$language/LC_MESSAGES/lightbox.mo"
      done ;;
    tree)
      [ -d "$source" ] || continue
      (cd "$source" && find . -type f) | while read -r file; do
        install -D -m 644 "$source/${file#./}" "$target/${file#./}"
      done ;;
    *) echo "install.sh: unknown kind '$kind' in data/install-files.txt" >&2; exit 1 ;;
  esac
done

glib-compile-schemas --strict "$root/share/glib-2.0/schemas"
if command -v gtk4-update-icon-cache >/dev/null; then
  gtk4-update-icon-cache -q -t -f "$root/share/icons/hicolor"
else
  gtk-update-icon-cache -q -t -f "$root/share/icons/hicolor"
fi
