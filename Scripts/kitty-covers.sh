#!/bin/sh
# The manual check of pixel covers in kitty (issue #44): runs shelf in kitty
# under Xvfb on a catalog of generated covers and takes four screenshots:
#   1-rest.png    at rest: pixel covers in the cards' cover areas
#   2-motion.png  mid-motion (the catalog changed: a 3 s animation): cell
#                 covers, no pixels left over
#   3-rested.png  at rest again: pixel covers where the cards now stand
#   4-quit.png    after q: the shell's screen, no picture left behind
#
#   Scripts/kitty-covers.sh [SHELF_BINARY] [OUT_DIR]
#
# Needs kitty, xvfb, imagemagick (import) and xdotool (Debian packages).
set -eu
shelf=$(realpath "${1:-.build/debug/shelf}")
out=${2:-/tmp/shelf-kitty-covers}
here=$(dirname "$(realpath "$0")")
mkdir -p "$out/covers"
for seed in 1 2 3 4 5 6 7 8; do
  python3 "$here/make-cover.py" --format png --width 200 --height 300 --seed "$seed" \
    "$out/covers/c$seed.png"
done
# catalog.json: three rows of the eight covers; with "changed", the first
# row's cards in reverse and a row less (cards slide, rows move up).
catalog() {
  python3 - "$out/catalog.json" "$1" <<'PY'
import json, os, sys
items = [{"id": f"c{s}", "title": f"Cover {s}", "image": f"covers/c{s}.png"} for s in range(1, 9)]
rows = [{"id": f"r{r}", "title": f"Row {r}", "items": [dict(i, id=f"{i['id']}-{r}") for i in items]}
        for r in range(3)]
if sys.argv[2] == "changed":
    rows[0]["items"].reverse()
    del rows[1]
json.dump({"title": "Covers", "rows": rows}, open(sys.argv[1] + ".new", "w"))
os.rename(sys.argv[1] + ".new", sys.argv[1])
PY
}
catalog first
display=:${DISPLAY_NUMBER:-77}
Xvfb "$display" -screen 0 1280x900x24 >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY="$display" LIBGL_ALWAYS_SOFTWARE=1
# The shell stays after shelf quits, so the last screenshot shows what it left.
kitty --config NONE -o font_size=11 -o initial_window_width=1200 \
  -o initial_window_height=850 -o remember_window_size=no \
  sh -c "'$shelf' --watch '$out/catalog.json' --images kitty --animation-ms 3000 \
    2>'$out/stderr.log'; echo \"shelf exited \$?\"; sleep 30" >"$out/kitty.log" 2>&1 &
kitty=$!
sleep 6
import -window root "$out/1-rest.png"
catalog changed
sleep 1.5
import -window root "$out/2-motion.png"
sleep 4
import -window root "$out/3-rested.png"
xdotool key --window "$(xdotool search --class kitty | head -1)" q
sleep 2
import -window root "$out/4-quit.png"
kill "$kitty" 2>/dev/null || true
echo "screenshots in $out"
