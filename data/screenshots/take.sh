#!/usr/bin/env bash
# Takes the screenshots of every page, light and dark, list and grid, from the built app
# (swift build first) on a private Xvfb display with the sample library:
#   data/screenshots/take.sh OUTPUT_FOLDER [LANG]
# The metainfo's screenshots (photos.png, grid.png, albums.png, photo.png, shortcuts.png)
# are copies of some of them. Needs xvfb, xdotool, imagemagick, dbus.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mkdir -p "$1" && cd "$1" && pwd)"
lang="${2:-C.UTF-8}"
app="$(cd "$root" && swift build --show-bin-path)/lightbox"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
display=":$((70 + RANDOM % 20))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
sleep 1
export DISPLAY="$display" GDK_BACKEND=x11 GSETTINGS_BACKEND=memory LANG="$lang" LC_ALL="$lang"
unset LANGUAGE

keys() { # window keys…: focus the window (no window manager runs), then type through XTEST
  local window="$1"; shift
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key --clearmodifiers "$@"
}

shoot() { # name window-title-pattern
  sleep 1.2
  local id
  id="$(xdotool search --sync --onlyvisible --name "$2" | tail -1)"
  import -window "$id" "$out/$1.png"
}

run() { # style: light|dark
  local style="$1" home="$work/$1"
  mkdir -p "$home/Pictures/Holiday"
  cp "$root"/data/samples/*.jpg "$home/Pictures/Holiday/"
  local scheme=prefer-light; [[ "$style" == dark ]] && scheme=prefer-dark
  HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" \
    XDG_CACHE_HOME="$home/.cache" ADW_DEBUG_COLOR_SCHEME="$scheme" \
    dbus-run-session -- "$app" "$home/Pictures/Holiday" >/dev/null 2>&1 &
  local pid=$!
  local id; id="$(xdotool search --sync --onlyvisible --name "Holiday" | head -1)"
  sleep 3
  keys "$id" Down Down 4 ; sleep 0.5
  shoot "photos-$style" "Holiday"
  keys "$id" alt+2; shoot "grid-$style" "Holiday"
  keys "$id" shift+Right shift+Right; shoot "grid-selection-$style" "Holiday"
  keys "$id" Escape alt+1
  keys "$id" ctrl+2; shoot "albums-$style" "Holiday"
  keys "$id" ctrl+3; shoot "keywords-$style" "Holiday"
  keys "$id" ctrl+1; sleep 0.5
  keys "$id" Return; shoot "photo-$style" "Holiday"
  keys "$id" Menu; shoot "photo-menu-$style" "Holiday"
  keys "$id" Escape Escape
  keys "$id" ctrl+comma; shoot "preferences-$style" "Preferences"
  keys "$(xdotool search --onlyvisible --name Preferences | tail -1)" Escape
  keys "$id" ctrl+question; shoot "shortcuts-$style" "Shortcuts"
  keys "$(xdotool search --onlyvisible --name Shortcuts | tail -1)" Escape
  keys "$id" Delete; sleep 0.3; shoot "toast-$style" "Holiday"
  pkill -f "$app $home/Pictures/Holiday" || true
  wait "$pid" 2>/dev/null || true
}

run light
run dark
ls "$out"
