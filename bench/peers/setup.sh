#!/usr/bin/env bash
# Installs the benchmark peers: the ffmpeg CLI (Debian) for the encoder baselines, Cairo's
# development files (Debian) so that pycairo builds, and a virtual environment under bench/.venv
# with pycairo, skia-python, blend2d-py, numpy and matplotlib (PyPI), and the native Cairo peer
# and the peak-memory launcher compiled into .build/bench/cairo_native and .build/bench/peak_rss.
# Idempotent: does nothing when present.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="$here/.venv"

missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
pkg-config --exists cairo 2>/dev/null || missing+=(libcairo2-dev)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "bench: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! "$venv/bin/python" -c 'import cairo, skia, blend2d, numpy, matplotlib' 2>/dev/null; then
  echo "bench: creating $venv (pycairo, skia-python, blend2d-py, numpy, matplotlib)" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --upgrade pip
  "$venv/bin/pip" install -q meson-python meson ninja
  "$venv/bin/pip" install -q pycairo skia-python blend2d-py numpy matplotlib
fi

# The native Cairo peer, compiled from bench/peers/cairo_native.c with the system compiler
# whenever the source is newer than the binary.
native="$here/../.build/bench/cairo_native"
if [ ! -x "$native" ] || [ "$here/peers/cairo_native.c" -nt "$native" ]; then
  mkdir -p "$(dirname "$native")"
  cc -O2 -o "$native" "$here/peers/cairo_native.c" $(pkg-config --cflags --libs cairo) -lm
fi

# The peak-memory launcher (bench/peers/peak_rss.c): a command forked from it reports its own
# peak, not the benchmark's.
launcher="$here/../.build/bench/peak_rss"
if [ ! -x "$launcher" ] || [ "$here/peers/peak_rss.c" -nt "$launcher" ]; then
  mkdir -p "$(dirname "$launcher")"
  cc -O2 -o "$launcher" "$here/peers/peak_rss.c"
fi
