#!/usr/bin/env bash
# Installs the test tools that come from PyPI into .build/tools/venv (ignored by git):
# - check-jsonschema, an independent JSON Schema validator the preset tests run against
#   schema/preset.schema.json;
# - Pillow and PyAV (which carries its own build of FFmpeg), independent decoders the tests read
#   our JPEG, PNG, GIF and video files with, as a browser or a Python pipeline would;
# - Playwright, which drives Debian's Chromium (/usr/bin/chromium, its own browser builds are
#   never downloaded) through `flipbook preview`'s page in the tests and `make bench`;
# - thorvg-python and rlottie-python (each wheel carries its library), the reference Lottie
#   players the Lottie corpus comparison renders beside Flipbook (bench/lottie_corpus.py).
# And, from Debian, Unicode's conformance files for the bidirectional algorithm (BidiTest.txt,
# BidiCharacterTest.txt in /usr/share/unicode, package unicode-data), which the text tests run;
# and zsh and fish, which check and run the scripts `flipbook completion` writes for them.
# Idempotent: does nothing when the tools are already there.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="$here/.build/tools/venv"
packages=("check-jsonschema==0.29.4" "Pillow==10.4.0" "av==12.3.0" "numpy==1.26.4" "playwright==1.65.2"
  "thorvg-python==1.1.3" "rlottie-python==1.3.8")
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
debian=()
[ -f /usr/share/unicode/BidiCharacterTest.txt ] || debian+=(unicode-data)
python3 -c 'import venv, ensurepip' 2>/dev/null || debian+=(python3-venv)
command -v zsh >/dev/null 2>&1 || debian+=(zsh)
command -v fish >/dev/null 2>&1 || debian+=(fish)
command -v chromium >/dev/null 2>&1 || debian+=(chromium)
# ffprobe, which the preview's test asks whether an export is a file it accepts.
command -v ffprobe >/dev/null 2>&1 || debian+=(ffmpeg)
if [ ${#debian[@]} -gt 0 ]; then
  echo "install-tools: installing ${debian[*]}" >&2
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${debian[@]}" >/dev/null
fi
if [ -x "$venv/bin/check-jsonschema" ] && "$venv/bin/python" -c 'import PIL, av, numpy, playwright, thorvg_python, rlottie_python' 2>/dev/null; then
  exit 0
fi
echo "install-tools: creating $venv (${packages[*]})" >&2
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}"
