#!/usr/bin/env bash
# Installs the test tools that come from PyPI into .build/tools/venv (ignored by git):
# check-jsonschema, an independent JSON Schema validator the preset tests run against
# schema/preset.schema.json. Idempotent: does nothing when the tool is already there.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="$here/.build/tools/venv"
if [ -x "$venv/bin/check-jsonschema" ]; then
  exit 0
fi
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
fi
echo "install-tools: creating $venv (check-jsonschema)" >&2
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "check-jsonschema==0.29.4"
