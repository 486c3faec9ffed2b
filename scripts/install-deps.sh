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
  [libmicrohttpd]=libmicrohttpd-dev
  [zlib]=zlib1g-dev
)

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
for module in "${!packages[@]}"; do
  if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$module"; then
    missing+=("${packages[$module]}")
  fi
done

# The installed fonts, listed once. (Piping fc-list into `grep -q` fails under pipefail
# whenever grep stops reading early: fc-list then dies of SIGPIPE, and a font that is
# installed looked missing.)
fonts=""
if command -v fc-list >/dev/null 2>&1; then
  fonts=$(fc-list 2>/dev/null || true)
fi

# Text needs a font with Latin and Cyrillic: DejaVu Sans is the default sans-serif on Debian.
if ! grep -q "DejaVuSans.ttf" <<<"$fonts"; then
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
if ! grep -q "NotoColorEmoji" <<<"$fonts"; then
  missing+=(fonts-noto-color-emoji)
fi

# Font.Design.rounded (Text, compositions): Comfortaa, a rounded sans-serif.
if ! grep -q "Comfortaa" <<<"$fonts"; then
  missing+=(fonts-comfortaa)
fi

# The default sans-serif (a text without a family): Inter, as a variable font, so that every
# weight from 100 to 900 is drawn as designed. Debian 12 keeps the variable font in
# fonts-inter-variable (fonts-inter holds its static weights only). Asked for by name: on a
# fresh machine apt's package lists are empty until the update below, so a lookup here would
# miss it.
if ! grep -q "Inter.*\.var\.ttf\|InterVariable" <<<"$fonts"; then
  missing+=(fonts-inter-variable)
fi

# Fallback for the scripts Inter and DejaVu lack: Noto (Arabic, Devanagari, Hebrew, Thai,
# Bengali, Ethiopic and most others, 42 MB) and Noto CJK (Chinese, Japanese and Korean,
# regular and bold, 89 MB), so that a name in any script is drawn rather than left as boxes.
if ! grep -q "NotoSansDevanagari" <<<"$fonts"; then
  missing+=(fonts-noto-core)
fi
if ! grep -q "NotoSansCJK" <<<"$fonts"; then
  missing+=(fonts-noto-cjk)
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
