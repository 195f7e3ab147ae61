#!/usr/bin/env bash
# CI: build the standalone one-folder application with PyInstaller (build.spec) and run its
# smoke test from another working directory; optionally the one-file build too.
#   IMPERIAL_CI_ONEFILE=0   skip the one-file build (default 1: build and smoke-test it as well)
#   PYTHON=...              the Python to use (default .venv/bin/python, the README's virtual
#                           environment; created with `python3 -m venv .venv` if missing)
# Output: dist/imperial-desktop/ (git-ignored); PyInstaller's work files go to a temp folder.
# PyInstaller on Linux needs objdump (package binutils) and, with Debian's system Python, the
# shared libpython (package libpython3.11); the README's quick start needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
WORK="$(mktemp -d "${TMPDIR:-/tmp}/imperial-build.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
if [ ! -x "$PYTHON" ]; then
    [ "$PYTHON" = "$ROOT/.venv/bin/python" ] || { echo "no Python at $PYTHON" >&2; exit 1; }
    python3 -m venv "$ROOT/.venv"
fi
"$PYTHON" -m pip install --quiet --disable-pip-version-check -e ".[build]"
# the spec tests that need PyInstaller importable (skipped in the plain `pytest` run before)
"$PYTHON" -m pytest -q -p no:cacheprovider tests/test_build_spec.py tests/test_i18n_catalogs.py::test_the_standalone_build_bundles_the_catalogs

# The screenshot must show the drawn board, not an empty window: a 1600x1000 PNG, > 100 KB,
# with many colours over the map area. Independent of the app's own check.
check_png() {
    "$PYTHON" - "$1" <<'PY'
import os, sys
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
path = sys.argv[1]
size = os.path.getsize(path)
image = pygame.image.load(path)
w, h = image.get_size()
colours = {tuple(image.get_at((20 + x * (w * 6 // 10) // 40, 60 + y * (h * 6 // 10) // 40)))[:3]
           for x in range(40) for y in range(40)}
print(f"{path}: {w}x{h}, {size // 1024} KB, {len(colours)} colours sampled on the board")
if size < 100_000 or (w, h) != (1600, 1000) or len(colours) < 20:
    sys.exit("screenshot check FAILED")
PY
}

smoke() {  # smoke <executable> <label> [language]
    local app="$1" shot="$WORK/smoke-$2.png" language="${3:-en}" start end out
    test -x "$app" || { echo "no executable at $app" >&2; exit 1; }
    start=$(date +%s.%N)
    # from another working directory, so nothing can come from the checkout by accident; the
    # language forced (IMPERIAL_DESKTOP_LANGUAGE) so that the bundled catalogs must be found
    out=$(cd "$WORK" && env -u PYTHONPATH IMPERIAL_DESKTOP_LANGUAGE="$language" timeout 600 \
        "$app" --smoke-test --screenshot "$shot" --frames 200) || { echo "$out"; exit 1; }
    echo "$out"
    end=$(date +%s.%N)
    grep -qx "language: $language" <<<"$out" || { echo "frozen $2 smoke test: language $language was asked but not used" >&2; exit 1; }
    echo "frozen $2 smoke test ($language): exit 0 in $("$PYTHON" -c "print(f'{$end - $start:.1f}')") s"
    check_png "$shot"
}

# The frozen build's --version prints the project's version, and every Python distribution and
# shared library in the bundle is one of the parts the About screen lists with its licence
# (assets/licenses/index.json; imperial_desktop.licenses.library_key names the library files).
check_version() {  # check_version <executable>
    local app="$1" expected got
    expected="imperial-desktop $("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")"
    got=$(cd "$WORK" && env -u PYTHONPATH "$app" --version)
    [ "$got" = "$expected" ] || { echo "frozen --version printed '$got', expected '$expected'" >&2; exit 1; }
    echo "frozen --version: $got"
}
check_bundle() {  # check_bundle <bundle folder>
    "$PYTHON" - "$1" <<'PY'
import re, sys
from pathlib import Path
from imperial_desktop.licenses import library_key, load_index
bundle = Path(sys.argv[1])
index = load_index()
dists = {re.sub(r"[-_.]+", "-", c.distribution).lower() for c in index.components if c.distribution}
libraries = {name for c in index.components for name in c.libraries}
missing = []
for info in sorted(bundle.rglob("*.dist-info")) + sorted(bundle.rglob("*.egg-info")):
    name = re.sub(r"[-_.]+", "-", info.name.rsplit(".", 1)[0].rsplit("-", 1)[0]).lower()
    if name not in dists and name != "imperial-desktop":
        missing.append(f"distribution {info.name}")
found = set()
for path in bundle.rglob("*"):
    key = library_key(path.name) if path.is_file() else None
    if key is not None:
        found.add(key)
        if key not in libraries:
            missing.append(f"library {path.relative_to(bundle)}")
# System libraries listed for the build but not in it: said, not failed (which of them a build
# takes depends on the Python it is made with: Debian's links expat, a pyenv Python does not).
absent = [f"{name} ({c.name})" for c in index.components if c.shipped_with == "standalone build"
          for name in c.libraries if name not in found]
if absent:
    print("bundle: listed for the standalone build but not in this one: " + ", ".join(absent))
print(f"bundle: {len(found)} shared libraries, all among the {len(index.components)} parts of assets/licenses/index.json"
      if not missing else "bundle: parts without a licence in assets/licenses/index.json:\n  " + "\n  ".join(missing))
sys.exit(1 if missing else 0)
PY
}

echo "== PyInstaller one-folder build"
start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$ROOT/dist" --workpath "$WORK/build" build.spec
echo "built in $(( $(date +%s) - start )) s: dist/imperial-desktop ($(du -sh dist/imperial-desktop | cut -f1))"
smoke "$ROOT/dist/imperial-desktop/imperial-desktop" onefolder
check_version "$ROOT/dist/imperial-desktop/imperial-desktop"
check_bundle "$ROOT/dist/imperial-desktop"
# once more in German (issue 14): the catalogs are in the bundle and found there
smoke "$ROOT/dist/imperial-desktop/imperial-desktop" onefolder-de de

if [ "${IMPERIAL_CI_ONEFILE:-1}" != "0" ]; then
    echo "== PyInstaller one-file build"
    version=$("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
    start=$(date +%s)
    IMPERIAL_ONEFILE=1 "$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
        --distpath "$ROOT/dist" --workpath "$WORK/build-onefile" build.spec
    echo "built in $(( $(date +%s) - start )) s: dist/imperial-desktop-$version ($(du -sh "dist/imperial-desktop-$version" | cut -f1))"
    smoke "$ROOT/dist/imperial-desktop-$version" onefile
    check_version "$ROOT/dist/imperial-desktop-$version"
fi
echo "== standalone build and smoke test passed"
