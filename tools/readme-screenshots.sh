#!/bin/sh
# Regenerate the README's pictures in resources/ (offscreen: no display needed).
# Run from the repository's root after the README's first command: sh tools/readme-screenshots.sh
set -eu
gui=".venv/bin/nqueens-gui"
example="8 --queen 2,3 --queen 3,7 --explain 6,2 --window-size 1000x700"
$gui $example --theme light --screenshot resources/screenshot-8x8.png
$gui $example --theme dark --screenshot resources/screenshot-8x8-dark.png
$gui 40 --engine sat --queen 1,1 --queen 2,5 --queen 20,30 --explain 3,3 --window-size 1200x900 \
  --theme light --screenshot resources/screenshot-40x40.png
$gui resources/levels/collection/08-medium-1.txt --queen 1,7 --queen 2,5 --queen 5,1 --assist cross-out \
  --window-size 1000x700 --theme light --screenshot resources/screenshot-level.png
