#!/usr/bin/env bash
# A release rehearsed from a clean clone of the committed tree (RELEASING.md): install, build, pack
# every package that is not private and the VS Code extension, list each archive's files and check
# them against scripts/package-contents.json (scripts/list-release.mjs), run the package checks on
# those tarballs, and `pnpm publish -r --dry-run` (scripts/check-packages.mjs). Nothing is uploaded.
#
#   bash scripts/release-dry-run.sh [COMMIT]      # default HEAD; the archives stay in the printed folder
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse "${1:-HEAD}")"
work="$(mktemp -d "${TMPDIR:-/tmp}/urilint-release-XXXXXX")"
echo "release dry run of $commit in $work" >&2
git clone --quiet --no-local --no-checkout "$repo" "$work/urilint"
cd "$work/urilint"
git checkout --quiet --detach "$commit"
pnpm install --frozen-lockfile --reporter=silent
pnpm build >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
mkdir "$work/release"
pnpm --filter "./packages/*" --filter "!urilint-vscode" pack --pack-destination "$work/release" >/dev/null
pnpm --filter urilint-vscode run package >"$work/vsce.log" 2>&1 || { cat "$work/vsce.log" >&2; exit 1; }
cp packages/vscode/dist/urilint.vsix "$work/release/"
node scripts/list-release.mjs "$work/release"
node scripts/check-packages.mjs --publish-dry-run "$work/release"/*.tgz
echo "the archives: $work/release" >&2
