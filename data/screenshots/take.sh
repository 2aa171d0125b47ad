#!/usr/bin/env bash
# Takes the screenshots of every page, light and dark, list and grid, from the built app
# (swift build first) on a private Xvfb display with the sample library:
#   data/screenshots/take.sh OUTPUT_FOLDER [LANG]
# LANG is any locale the machine has (zh_CN.UTF-8: the Chinese shots). The metainfo's
# screenshots (photos.png, grid.png, albums.png, photo.png, shortcuts.png, photos-zh_CN.png)
# and import.png
# are copies of some of them. Needs xvfb, xdotool, imagemagick, dbus, gettext.
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

# The windows are found by their titles, in the language of the shots: the po files
# compiled here, looked up as the app does (gettext in LANG; English in C.UTF-8).
for language in $(grep -v '^[[:space:]]*\(#\|$\)' "$root/po/LINGUAS"); do
  mkdir -p "$work/locale/$language/LC_MESSAGES"
  msgfmt -o "$work/locale/$language/LC_MESSAGES/lightbox.mo" "$root/po/$language.po"
done
title() { TEXTDOMAINDIR="$work/locale" gettext -d lightbox "$1"; }
preferences="$(title Preferences)"
shortcuts="$(title "Keyboard Shortcuts")"
about="$(title "About Lightbox")"
about_key="$(title "_About Lightbox" | sed -E 's/.*_(.).*/\1/' | tr 'A-Z' 'a-z')"
import_title="$(title "Import From %@" | sed 's/%@/EOS_DIGITAL/')"

keys() { # window keys…: focus the window (no window manager runs), then type through XTEST
  local window="$1"; shift
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key --clearmodifiers "$@"
}

window() { # title-pattern: the newest visible window it names, once there is one (a search
  # can fail while another window closes: BadWindow)
  local ids=""
  until ids="$(xdotool search --onlyvisible --name "$1" 2>/dev/null)" && [[ -n "$ids" ]]; do sleep 0.2; done
  tail -1 <<<"$ids"
}

shoot() { # name window-title-pattern: the screen where the window is, so that its open
  # menus (popovers are windows of their own) are in the picture
  sleep 1.2
  local X Y WIDTH HEIGHT SCREEN WINDOW
  eval "$(xdotool getwindowgeometry --shell "$(window "$2")")"
  import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out/$1.png"
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
  local id; id="$(window "^Holiday\$")"
  sleep 3
  keys "$id" Down Down 4 ; sleep 0.5
  shoot "photos-$style" "Holiday"
  keys "$id" alt+2; shoot "grid-$style" "Holiday"
  keys "$id" shift+Right shift+Right; shoot "grid-selection-$style" "Holiday"
  keys "$id" Escape alt+1
  keys "$id" ctrl+2; shoot "albums-$style" "Holiday"
  keys "$id" ctrl+3; shoot "keywords-$style" "Holiday"
  keys "$id" ctrl+1; sleep 0.5
  keys "$id" Menu; shoot "photo-menu-$style" "Holiday"
  keys "$id" Escape
  keys "$id" Return; shoot "photo-$style" "Holiday"
  keys "$id" Escape
  keys "$id" ctrl+comma; shoot "preferences-$style" "^$preferences\$"
  keys "$(window "^$preferences\$")" Escape
  keys "$id" ctrl+question; shoot "shortcuts-$style" "^$shortcuts\$"
  keys "$(window "^$shortcuts\$")" Escape
  keys "$id" Delete; sleep 0.3; shoot "toast-$style" "Holiday"
  keys "$id" F10; shoot "primary-menu-$style" "Holiday"
  # The about window, from the primary menu's last item (its access key).
  keys "$id" "$about_key"; shoot "about-$style" "^$about\$"
  pkill -f "$app $home/Pictures/Holiday" || true
  wait "$pid" 2>/dev/null || true
  # The import window on a card: the library's photos as they are, and new ones (bytes of their own).
  local card="$home/EOS_DIGITAL/DCIM/100CANON" index=0
  mkdir -p "$card"
  for photo in "$root"/data/samples/*.jpg; do
    index=$((index + 1))
    name="$(basename "$photo" .jpg)"
    if ((index % 3 == 0)); then cp "$photo" "$card/$name.JPG"; else { cat "$photo"; echo "card $index"; } >"$card/$name.JPG"; fi
  done
  HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" \
    XDG_CACHE_HOME="$home/.cache" ADW_DEBUG_COLOR_SCHEME="$scheme" \
    dbus-run-session -- "$app" --import "$home/EOS_DIGITAL" >/dev/null 2>&1 &
  pid=$!
  id="$(window "^$import_title\$")"
  sleep 3
  keys "$id" Right Right space; shoot "import-$style" "^$import_title\$"
  pkill -f "$app --import" || true
  wait "$pid" 2>/dev/null || true
}

run light
run dark
ls "$out"
