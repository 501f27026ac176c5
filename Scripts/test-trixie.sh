#!/usr/bin/env bash
# Builds, checks and tests the package on Debian 13 (or SUITE) as a distribution would:
#   Scripts/test-trixie.sh [SUITE]          (make test-trixie; SUITE=sid for the next release)
#  1. a chroot of SUITE, made once and kept in .build/chroot/SUITE (Scripts/debian-chroot.sh),
#     with the package's Build-Depends (its own swiftlang), lintian and the test suite's peers;
#  2. the source package built twice without network (`unshare -n`), in two folders: the two
#     .debs must be the same byte for byte;
#  3. lintian on the source and the binary package: no error, no warning;
#  4. the .deb installed and `weibo-notifier demo --duration 8` run headless;
#  5. `make test` with that toolchain, without network (TRIXIE_TESTS=0 leaves it out;
#     docs/testing.md).
# Needs root (debootstrap, chroot, unshare). Only step 1 reaches the network (Debian's archive).
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-trixie}
root=$PWD/.build/chroot/$suite
step() { printf '\ntest-trixie (%s): %s\n' "$suite" "$*"; }

# The command in the chroot (Scripts/in-chroot.sh); OFFLINE=1 cuts the network but loopback.
in_chroot() { bash Scripts/in-chroot.sh "$root" "$@"; }

step "the chroot"
bash Scripts/debian-chroot.sh "$suite" "$root" make dpkg-dev debhelper lintian xz-utils iproute2
rm -rf "$root/build" && mkdir -p "$root/build/src"
bash Scripts/source-files.sh | tar -cf - --no-recursion -T - | tar -xf - -C "$root/build/src"
in_chroot sh -c 'cd /build/src && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq . >/dev/null'
# The test suite's peers (desktops, servers, fonts), only when it runs.
[ "${TRIXIE_TESTS:-1}" = 0 ] || in_chroot sh -c 'cd /build/src && make --no-print-directory deps'
swift_version=$(in_chroot swift --version 2>/dev/null | head -1)
echo "toolchain: $swift_version"

step "two builds without network, in two folders"
started=$(date +%s)
OFFLINE=1 in_chroot sh -c 'cd /build/src && bash Scripts/build-deb.sh --source /build/one'
echo "one build: $(($(date +%s) - started)) s"
OFFLINE=1 in_chroot sh -c 'cd /build/src && bash Scripts/build-deb.sh /build/elsewhere/two'
deb_one=$(ls "$root"/build/one/weibo-notifier_*.deb)
deb_two=$(ls "$root"/build/elsewhere/two/weibo-notifier_*.deb)
if ! cmp -s "$deb_one" "$deb_two"; then
	echo "test-trixie: the two builds differ:" >&2
	for deb in "$deb_one" "$deb_two"; do mkdir -p "$deb.x" && dpkg-deb -R "$deb" "$deb.x"; done
	diff -r "$deb_one.x" "$deb_two.x" >&2 || true
	exit 1
fi
echo "the same .deb twice: $(basename "$deb_one"), $(stat -c %s "$deb_one") bytes"

step "lintian"
in_chroot sh -c 'lintian --fail-on error,warning /build/one/weibo-notifier_*.dsc /build/one/weibo-notifier_*.deb'
echo "lintian: no error, no warning"

step "the .deb installed, its demo run"
in_chroot sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /build/one/weibo-notifier_*.deb >/dev/null'
OFFLINE=1 in_chroot env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY HOME=/build/home \
	/usr/bin/weibo-notifier demo --duration 8 --interval 2 --new-status-every 1 | tee "$root/build/demo.log"
grep -q "^Demo over" "$root/build/demo.log" || { echo "test-trixie: the installed demo did not end well" >&2; exit 1; }

[ "${TRIXIE_TESTS:-1}" = 0 ] && { step "make test left out (TRIXIE_TESTS=0)"; exit 0; }
step "make test with $swift_version (swift format lint left to the project's own toolchain)"
OFFLINE=1 in_chroot sh -c 'cd /build/src && make --no-print-directory test WERROR="-Xswiftc -warnings-as-errors" SWIFT_FORMAT_LINT=0'
