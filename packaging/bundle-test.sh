#!/usr/bin/env bash
# `make bundle-test`: smoke-test the one-folder bundle as an author would use it, from outside
# the source tree, with no Python of ours on the path and a scratch user config folder.
# Every CLI subcommand runs once; `self-test` starts the GUI offscreen, regenerates a rolling
# summary in the spawned child process (frozen multiprocessing) and quits. Run by path.
# Output goes to files and is shown from there: `cmd | head` would end cmd with a broken pipe.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
exe=$(realpath "${1:-$repo/dist/workbench/workbench}")
test -x "$exe" || { echo "bundle-test: no bundle at $exe (run make bundle)" >&2; exit 1; }
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$repo/workbench/__init__.py")
scratch=$(mktemp -d -t workbench-bundle-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
unset PYTHONPATH PYTHONHOME VIRTUAL_ENV
export WORKBENCH_CONFIG_DIR="$scratch/config" QT_QPA_PLATFORM=offscreen
step() { printf '\n== %s\n' "$*"; }
fail() { echo "bundle-test: $*" >&2; exit 1; }

step "--version"
"$exe" --version > version.txt
cat version.txt
grep -qFx "workbench $version" version.txt || fail "expected workbench $version"

step "new --sample: the bundled sample, copied out of the bundle"
"$exe" new sample --sample > new.txt
"$exe" new summarised --sample > /dev/null
head -1 new.txt

step "feed on the bundled sample (Markdown, JSON, schema)"
"$exe" feed sample --agent MainWriter --chapter 13 --out feed.md
head -4 feed.md
if grep -n '回退' feed.md; then fail "the feed fell back to another tokenizer"; fi
"$exe" feed sample --agent OOCGuardian --chapter 12 --format json > feed.json
"$exe" feed --schema > schema.json
grep -q '"schema_version"' feed.json || fail "feed.json has no schema_version"

step "summarize --range 1-5 --backend offline (on a copy)"
cp summarised/references/rolling-summary.md before.md
"$exe" summarize summarised --range 1-5 --backend offline
if cmp -s before.md summarised/references/rolling-summary.md; then
    fail "summarize reported success but rolling-summary.md is unchanged"
fi

step "fixed-context, check, trackers, models"
"$exe" fixed-context summarised --backend offline
"$exe" check sample
"$exe" trackers sample --chapter 13 > trackers.txt
head -3 trackers.txt
"$exe" models sample > models.txt
cat models.txt
if grep -n 'FALLBACK' models.txt; then fail "a model profile's tokenizer is missing"; fi

step "new and import (a manuscript made of the sample's chapters)"
"$exe" new blank > blank.txt
head -1 blank.txt
cat sample/chapters/ch0*.md > manuscript.txt
"$exe" import manuscript.txt --into imported --dry-run > dry-run.txt
"$exe" import manuscript.txt --into imported > import.txt
tail -1 import.txt
test "$(ls imported/chapters | wc -l)" -eq 12 || fail "import did not write 12 chapters"

step "migrate (a webnovel-writer project made of the sample's files)"
mkdir -p webnovel/正文 webnovel/大纲 webnovel/设定集 webnovel/.webnovel
cp sample/chapters/ch001.md webnovel/正文/第0001章.md
cp sample/chapters/ch002.md webnovel/正文/第0002章.md
cp sample/outline/outline.md webnovel/大纲/总纲.md
cp sample/worldbuilding/world.md webnovel/设定集/世界观.md
echo '{}' > webnovel/.webnovel/state.json
"$exe" migrate webnovel --into migrated > migrate.txt
tail -1 migrate.txt
test "$(ls migrated/chapters | wc -l)" -eq 2 || fail "migrate did not write 2 chapters"

step "desktop integration files beside the executable (share/)"
share=$(dirname "$exe")/share
app_id=io.github.workbench.Workbench
for file in "applications/$app_id.desktop" "metainfo/$app_id.metainfo.xml" \
    "icons/hicolor/scalable/apps/$app_id.svg" "icons/hicolor/256x256/apps/$app_id.png"; do
    test -f "$share/$file" || fail "no $share/$file"
done
if command -v desktop-file-validate > /dev/null; then
    desktop-file-validate "$share/applications/$app_id.desktop"
else
    echo "desktop-file-validate not installed (Debian: desktop-file-utils): not validated"
fi
if command -v appstreamcli > /dev/null; then
    appstreamcli validate --no-net "$share/metainfo/$app_id.metainfo.xml"
else
    echo "appstreamcli not installed (Debian: appstream): not validated"
fi

step "self-test: tokenizer, translations, icon, GUI offscreen, summary child process, quit"
"$exe" self-test

printf '\nbundle-test: all passed (%s)\n' "$exe"
