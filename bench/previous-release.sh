#!/usr/bin/env bash
# Builds the `flipbook` tool of an earlier commit, for the previous-release column of
# `flipbook-bench --compositions --previous-release PATH` (docs/rasterizer.md), and prints the
# built executable's path.
#
#   bench/previous-release.sh [COMMIT]
#
# COMMIT defaults to d831f6b: main just before issue 57's first merge (4611f56, "Speed, round 3:
# things that move"), the previous stop. The commit's tree is exported with `git archive` into a
# folder of its own under /tmp (FLIPBOOK_RELEASE_DIR to choose another) and built there with
# `swift build -c release --product flipbook`; a folder already built is reused. A first build
# takes 15 minutes or more on a loaded two-core host, which is why `make bench` does not run it
# unless asked (`make bench PREVIOUS=1`).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$here" rev-parse --short=12 "${1:-d831f6b}^{commit}")"
folder="${FLIPBOOK_RELEASE_DIR:-/tmp/flipbook-release-$commit}"
executable="$folder/.build/release/flipbook"
if [ ! -x "$executable" ]; then
  mkdir -p "$folder"
  git -C "$here" archive "$commit" | tar -x -C "$folder"
  (cd "$folder" && swift build -c release --product flipbook >&2)
fi
echo "$executable"
