#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH: the npm registry's `node` package, installed into
# .ci/node24 (ignored by git), never over the system Node. Installs it when it is missing or another
# version. Usage: bash scripts/node24.sh vitest run [files...]
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.21.0
dir="$PWD/.ci/node24"
bin="$dir/node_modules/.bin"
if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
  rm -rf "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node@$version" >&2
fi
actual="$("$bin/node" --version)"
if [ "$actual" != "v$version" ]; then
  echo "scripts/node24.sh: $bin/node is $actual, not v$version" >&2
  exit 1
fi
echo "scripts/node24.sh: $* on Node $actual ($bin/node)" >&2
PATH="$bin:$PWD/node_modules/.bin:$PATH" exec "$@"
