#!/usr/bin/env bash
# Installs the C libraries Flipbook builds against, from Debian's packages, if they are missing.
# Each library is looked up with pkg-config first, so a second run installs nothing (idempotent).
# Needs root (or sudo) only when something has to be installed.
set -euo pipefail

# pkg-config module → Debian package that provides it.
declare -A packages=(
  [libavcodec]=libavcodec-dev
  [libavformat]=libavformat-dev
  [libswscale]=libswscale-dev
  [libswresample]=libswresample-dev
  [libavutil]=libavutil-dev
  [freetype2]=libfreetype-dev
  [harfbuzz]=libharfbuzz-dev
  [fontconfig]=libfontconfig-dev
  [librsvg-2.0]=librsvg2-dev
)

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
for module in "${!packages[@]}"; do
  if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$module"; then
    missing+=("${packages[$module]}")
  fi
done

# Text needs a font with Latin and Cyrillic: DejaVu Sans is the default sans-serif on Debian.
if ! command -v fc-list >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -q "DejaVuSans.ttf"; then
  missing+=(fonts-dejavu-core fontconfig)
fi

# Scale-out (flipbook farm slurm, and its test): Slurm's daemons and clients, and munge.
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v sbatch >/dev/null 2>&1; then
  missing+=(slurm-wlm)
fi
if ! command -v munged >/dev/null 2>&1; then
  missing+=(munge)
fi

# Colour emoji in text (compositions, Text): Noto Color Emoji, found by fontconfig.
if ! command -v fc-list >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -q "NotoColorEmoji"; then
  missing+=(fonts-noto-color-emoji)
fi

# Font.Design.rounded (Text, compositions): Comfortaa, a rounded sans-serif.
if ! command -v fc-list >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -q "Comfortaa"; then
  missing+=(fonts-comfortaa)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
