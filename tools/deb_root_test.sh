#!/usr/bin/env bash
# The .deb on a fresh Debian 12: install it into a new bookworm (minbase) root with apt, start the
# game from its launcher under Xvfb as a player, screenshot the title screen, run
# `imperial-desktop --version`, then remove and purge the package and show that it left nothing
# behind but the player's own files.
#
#   sudo bash tools/deb_root_test.sh [PACKAGE.deb]    (default: dist/imperial-desktop_<version>_<arch>.deb)
#
# Needs root (chroot, mounts), debootstrap, Xvfb, xdotool and ImageMagick's import on the host.
#   IMPERIAL_ROOT_CACHE   folder for the debootstrapped base (kept as a tarball; default /work/tmp-root)
#   IMPERIAL_TEST_DISPLAY X display number for Xvfb (default 91)
#   IMPERIAL_SHOT         where the screenshot goes (default docs/screenshots/deb-title-debian12.png)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
version=$(python3 -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
DEB="$(realpath "${1:-dist/imperial-desktop_${version}_$(dpkg --print-architecture).deb}")"
CACHE="${IMPERIAL_ROOT_CACHE:-/work/tmp-root}"
DISPLAY_NUMBER="${IMPERIAL_TEST_DISPLAY:-91}"
SHOT="${IMPERIAL_SHOT:-$REPO/docs/screenshots/deb-title-debian12.png}"
MIRROR="http://deb.debian.org/debian"
test -f "$DEB" || { echo "no package at $DEB (python3 packaging/linux/make_deb.py makes it)" >&2; exit 2; }
for tool in debootstrap Xvfb xdotool import chroot; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install debootstrap xvfb xdotool imagemagick)" >&2; exit 2; }
done

mkdir -p "$CACHE"
BASE="$CACHE/bookworm-minbase.tar.gz"
if [ ! -f "$BASE" ]; then
    echo "== debootstrap: a minbase Debian 12 into $BASE (once)"
    fresh="$(mktemp -d "$CACHE/debootstrap.XXXXXX")"
    debootstrap --variant=minbase bookworm "$fresh" "$MIRROR" >/dev/null
    tar -C "$fresh" -czf "$BASE" .
    rm -rf "$fresh"
fi
ROOT="$(mktemp -d "$CACHE/root.XXXXXX")"
MOUNTS=()
XVFB_PID=""
cleanup() {
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do umount -l "${MOUNTS[i]}" 2>/dev/null || true; done
    rm -rf "$ROOT"
}
trap cleanup EXIT
mount_in() {  # mount_in <target inside ROOT> <mount arguments...>
    mkdir -p "$ROOT$1"
    mount "${@:2}" "$ROOT$1"
    MOUNTS+=("$ROOT$1")
}
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
as_player() {
    chroot --userspec=player:player "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home/player \
        LANG=C.UTF-8 DISPLAY=":$DISPLAY_NUMBER" SDL_AUDIODRIVER=dummy "$@"
}
# what the package may touch: its own places, listed whole
places() {
    in_root sh -c 'for d in /opt /usr/share/applications /usr/share/metainfo; do
                       [ -d "$d" ] && find "$d" -mindepth 1 -maxdepth 1; done
                   find /usr/bin /usr/share/icons -iname "*imperial*" 2>/dev/null; true' | sort
}

echo "== fresh Debian 12 root in $ROOT"
tar -C "$ROOT" -xzf "$BASE"
cat "$ROOT/etc/debian_version"
mount_in /proc -t proc proc
mount_in /sys -t sysfs sysfs
mount_in /dev --bind /dev
mount_in /dev/pts --bind /dev/pts
mount_in /dev/shm -t tmpfs -o mode=1777,nosuid,nodev tmpfs  # as on a booted system (the game's worker process needs it)
mount_in /tmp/.X11-unix --bind /tmp/.X11-unix
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
in_root useradd --create-home --shell /bin/bash player
in_root find / -xdev -not -path '/proc/*' -not -path '/home/*' -not -path '/var/*' -not -path '/tmp/*' -not -path '/run/*' -not -path '/etc/ld.so.cache' | sort > "$CACHE/files-before.txt"
places > "$CACHE/places-before.txt"

echo "== apt-get install ./$(basename "$DEB")"
cp "$DEB" "$ROOT/tmp/"
in_root apt-get update -qq
in_root apt-get install -y -qq "/tmp/$(basename "$DEB")" > "$CACHE/apt-install.log" 2>&1 || { cat "$CACHE/apt-install.log"; exit 1; }
grep -E "^(Setting up|Unpacking) imperial-desktop" "$CACHE/apt-install.log" || true
echo "installed $(in_root dpkg-query -W -f='${Package} ${Version}' imperial-desktop); $(in_root dpkg -L imperial-desktop | wc -l) paths"
echo "-- the package's places after installing (/opt, /usr/bin, applications, icons, metainfo):"
places | grep -vxFf "$CACHE/places-before.txt" | sed 's/^/   + /'

echo "== imperial-desktop --version"
as_player imperial-desktop --version || echo "(exit $?: --version is not there yet)"

echo "== the game from its launcher under Xvfb :$DISPLAY_NUMBER"
Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
export DISPLAY=":$DISPLAY_NUMBER"  # for xdotool and import, outside the root
for _ in $(seq 100); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
as_player timeout -k 5 120 imperial-desktop > "$CACHE/game.log" 2>&1 &
GAME=$!
# by WM_CLASS (the desktop file's StartupWMClass); under C.UTF-8 SDL types WM_NAME as UTF-8, which a name search misses
if ! window=$(timeout 60 xdotool search --sync --onlyvisible --class imperial-desktop | head -1) || [ -z "$window" ]; then
    cat "$CACHE/game.log"; echo "no game window within 60 s" >&2; exit 1
fi
echo "window $window: \"$(xdotool getwindowname "$window")\", $(xdotool getwindowgeometry "$window" | sed -n 's/ *Geometry: //p')"
# the pointer below the window (Xvfb starts it in the middle, over a button: a tooltip)
xdotool mousemove 640 799
sleep 6  # the title screen draws its backdrop and buttons
mkdir -p "$(dirname "$SHOT")"
import -window root "$SHOT"
echo "screenshot: $SHOT ($(stat -c %s "$SHOT") bytes)"
# a game of the player's own, so that there is a save to keep: New game, then Start the game
# (where the two buttons stand in the 1280x740 window the game opens on this 1280x800 screen)
xdotool mousemove --window "$window" 644 285 click 1; sleep 3
xdotool mousemove --window "$window" 973 665 click 1; sleep 8
kill "$GAME" 2>/dev/null || true  # SDL turns SIGTERM into a quit event: the game closes itself
wait "$GAME" 2>/dev/null || true
echo "-- the game's output:"; sed 's/^/   /' "$CACHE/game.log"
echo "-- the player's own files:"
in_root find /home/player -type f -not -name '.bash*' -not -name '.profile' | sed 's/^/   /'

echo "== apt-get remove, then purge"
in_root apt-get remove -y -qq imperial-desktop > /dev/null
state=$(in_root dpkg-query -W -f='${db:Status-Abbrev}' imperial-desktop 2>/dev/null || true)
echo "after remove: dpkg's state '${state:-not known}', $(places | grep -cvxFf "$CACHE/places-before.txt" || true) new entries in the package's places"
in_root apt-get purge -y -qq imperial-desktop > /dev/null 2>&1
in_root apt-get autoremove --purge -y -qq > /dev/null
places > "$CACHE/places-after.txt"
echo "-- the package's places, before install vs after purge:"
if diff "$CACHE/places-before.txt" "$CACHE/places-after.txt"; then echo "   the same: $(wc -l < "$CACHE/places-after.txt") entries"; fi
in_root find / -xdev -not -path '/proc/*' -not -path '/home/*' -not -path '/var/*' -not -path '/tmp/*' -not -path '/run/*' -not -path '/etc/ld.so.cache' | sort > "$CACHE/files-after.txt"
echo "-- every file outside /home, /var, /run and /tmp, before install vs after purge and autoremove:"
if diff "$CACHE/files-before.txt" "$CACHE/files-after.txt"; then echo "   the same: $(wc -l < "$CACHE/files-after.txt") paths"; fi
echo "-- still there, the player's own files:"
in_root find /home/player -type f -not -name '.bash*' -not -name '.profile' | sed 's/^/   /'
echo "== done"
