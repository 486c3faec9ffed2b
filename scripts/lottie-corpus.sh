#!/usr/bin/env bash
# Assembles the Lottie corpus that bench/lottie_corpus.py compares Flipbook against ThorVG and
# rlottie with (docs/lottie.md), into FOLDER (default .build/lottie-corpus), from snapshots of
# two public repositories (licences in Tests/Fixtures/lottie/README.md):
# - Samsung/rlottie at 34465a9e, example/resource: 104 files (rlottie/…);
# - airbnb/lottie-android at 05ea92e9, snapshot-tests/src/main/assets/lottiefiles: 223 files
#   from LottieFiles (android/…).
# Each is read from a local git mirror when one is there (LOTTIE_MIRROR, default /work/.mirror,
# as `OWNER+NAME/repo`), else cloned shallowly from GitHub into .build/lottie-sources. Files are
# taken from the pinned commits, so the corpus is the same wherever it is built; spaces in names
# become underscores, and a file the two share is kept once.
#
#   scripts/lottie-corpus.sh [FOLDER]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$here/.build/lottie-corpus}"
mirror="${LOTTIE_MIRROR:-/work/.mirror}"
sources="$here/.build/lottie-sources"

# The git directory of OWNER/NAME holding COMMIT: the mirror's, or a fetch of that commit.
repository() {
  local name="$1" commit="$2"
  local local_copy="$mirror/${name/\//+}/repo"
  if git -C "$local_copy" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "$local_copy"
    return
  fi
  local clone="$sources/${name/\//+}"
  if ! git -C "$clone" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "lottie-corpus: fetching $name at $commit from GitHub" >&2
    rm -rf "$clone"
    git init -q --bare "$clone"
    git -C "$clone" fetch -q --depth 1 "https://github.com/$name.git" "$commit"
  fi
  echo "$clone"
}

# Copies every .json file under FOLDER of OWNER/NAME at COMMIT into $out/PREFIX.
take() {
  local name="$1" commit="$2" folder="$3" prefix="$4"
  local git_dir
  git_dir="$(repository "$name" "$commit")"
  mkdir -p "$out/$prefix"
  git -C "$git_dir" ls-tree -r --name-only "$commit" -- "$folder" | grep '\.json$' | while read -r path; do
    local relative="${path#"$folder"/}"
    git -C "$git_dir" show "$commit:$path" >"$out/$prefix/$(echo "${relative//\//_}" | tr ' ' '_')"
  done
}

rm -rf "$out"
take Samsung/rlottie 34465a9e93c38af9a5287ad28400bb932c1a2a92 example/resource rlottie
take airbnb/lottie-android 05ea92e90381eb8a8ae06855ea2b74f322bebbec \
  snapshot-tests/src/main/assets/lottiefiles android
# A file both collections hold (LottieFiles uploads rlottie also took) is compared once.
declare -A seen
while read -r sum path; do
  if [ -n "${seen[$sum]:-}" ]; then rm "$out/$path"; else seen[$sum]=1; fi
done < <(cd "$out" && find rlottie android -name '*.json' | LC_ALL=C sort | xargs -d '\n' md5sum)
echo "lottie-corpus: $(find "$out" -name '*.json' | wc -l) files in $out"
