#!/usr/bin/env bash
# Renders a poster (a still at a telling moment, scaled to about 480 pixels wide) of each scene's preset into
# docs/posters/ and writes docs/scenes.md from `flipbook scenes --markdown`; renders a poster and a contact
# sheet of each example composition (docs/compositions.md#gallery), and a poster of launch.json in each other shape its
# overrides design it for (docs/compositions.md#shapes).
set -euo pipefail
flipbook="$1"
cd "$(dirname "$0")/.."
mkdir -p docs/posters
# scene, preset, seconds, scale
while read -r scene preset seconds scale; do
  "$flipbook" still "presets/$preset.json" --at "$seconds" -o "docs/posters/$scene.png" --scale "$scale" -q
done <<'LIST'
confetti celebration-goal 1.2 0.375
starry-sky starry-sky 1 0.375
pulsing-dots pulsing-dots 0.4 0.75
wreath wreath 0.2 1
hearts hearts 0.3 0.75
badges badges 2 1
triangle triangle 0.6 1
gradient-circle gradient-circle 0.5 1
spirograph spirograph 0 0.667
spirograph-morph spirograph-morph-bloom 3 0.667
clock clock 2 0.667
chart chart 3 0.375
LIST
# composition, seconds, scale of the poster
while read -r composition seconds scale; do
  "$flipbook" still "presets/$composition.json" --at "$seconds" -o "docs/posters/$composition.png" --scale "$scale" -q
  "$flipbook" render "presets/$composition.json" --contact-sheet 8 --columns 4 --cell-width 240 \
    -o "docs/posters/$composition-sheet.png" -q
done <<'LIST'
launch 5 0.25
milestone 4 0.35
lower-third 2 0.25
social-square 4 0.45
arcade 3.4 0.375
recap 4.8 0.45
LIST
# composition, canvas, seconds, scale of the poster (named composition-shape)
while read -r composition size seconds scale shape; do
  "$flipbook" still "presets/$composition.json" --size "$size" --at "$seconds" \
    -o "docs/posters/$composition-$shape.png" --scale "$scale" -q
done <<'LIST'
launch 1080x1920 5 0.25 portrait
launch 1080x1080 5 0.25 square
LIST
"$flipbook" scenes --markdown > docs/scenes.md
