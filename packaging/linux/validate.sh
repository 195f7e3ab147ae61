#!/usr/bin/env bash
# Check the Linux package: its desktop file (desktop-file-validate) and AppStream metadata
# (appstreamcli validate, offline), as installed from the .deb, and the package's own fields.
#   bash packaging/linux/validate.sh [PACKAGE.deb]   (default: the one make_deb.py wrote in dist/)
# Needs the Debian packages desktop-file-utils and appstream.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEB="${1:-$(ls -t dist/imperial-desktop_*.deb 2>/dev/null | head -1)}"
test -f "$DEB" || { echo "validate.sh: no .deb (python3 packaging/linux/make_deb.py makes it)" >&2; exit 2; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/imperial-deb-check.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
dpkg-deb -x "$DEB" "$WORK"
echo "== $DEB: $(dpkg-deb -f "$DEB" Package) $(dpkg-deb -f "$DEB" Version) $(dpkg-deb -f "$DEB" Architecture)"
echo "Depends: $(dpkg-deb -f "$DEB" Depends)"
desktop=("$WORK"/usr/share/applications/*.desktop)
metainfo=("$WORK"/usr/share/metainfo/*.metainfo.xml)
desktop-file-validate "${desktop[@]}"
echo "desktop-file-validate ${desktop[*]##*/}: clean"
appstreamcli validate --no-net "${metainfo[@]}"
for size in 16 32 48 64 128 256 512; do
    test -s "$WORK/usr/share/icons/hicolor/${size}x${size}/apps/$(basename "${desktop[0]}" .desktop).png" \
        || { echo "no ${size}x${size} icon in the package" >&2; exit 1; }
done
test -x "$WORK/opt/imperial-desktop/imperial-desktop" || { echo "no executable in /opt/imperial-desktop" >&2; exit 1; }
test "$(readlink "$WORK/usr/bin/imperial-desktop")" = /opt/imperial-desktop/imperial-desktop \
    || { echo "/usr/bin/imperial-desktop does not lead to /opt/imperial-desktop/imperial-desktop" >&2; exit 1; }
echo "== the package holds the launcher, the menu entry, 7 icon sizes and valid metadata"
