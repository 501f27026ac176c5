#!/usr/bin/env bash
# The notifier's desktop tests on Debian 13's own desktops (or SUITE's), from its .deb:
#   Scripts/test-trixie-desktops.sh [SUITE]      (make test-trixie-desktops)
#  1. the chroot of make test-trixie (Scripts/debian-chroot.sh, kept in .build/chroot/SUITE)
#     with the test suite's peers (make deps there) and KDE Plasma's shell, KWin and kwalletd
#     (with the QCA plugins its Secret Service's sessions need);
#  2. the .deb built there without network (kept while the sources are the same) and installed;
#  3. the tests built with SUITE's swiftlang, then the desktop suites run against the installed
#     programs (WEIBO_NOTIFIER_BIN=/usr/bin/weibo-notifier): GNOME Shell, Plasma, KWallet, XFCE,
#     sway and the X11 desktop with dunst. Screenshots go to .build/e2e-SUITE/;
#  4. the .deb installed without Recommends in a chroot of its own, its tray icon drawn on
#     waybar and xfce4-panel (Scripts/test-minimal-install.sh).
# DESKTOP_SUITES narrows the suites (a swift test --filter). Needs root (debootstrap, chroot).
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-trixie}
root=$PWD/.build/chroot/$suite
suites=${DESKTOP_SUITES:-'WeiboNotifierCLITests\.(GnomeShellTests|PlasmaTests|KWalletTests|XfcePanelTests|SwayDesktopTests|RealDesktopTests)/'}
in_chroot() { bash Scripts/in-chroot.sh "$root" "$@"; }
step() { printf '\ntest-%s-desktops: %s\n' "$suite" "$*"; }
started=$(date +%s)

step "the chroot and the desktops"
bash Scripts/debian-chroot.sh "$suite" "$root" make dpkg-dev debhelper xz-utils iproute2
# The sources in a folder of their own, kept, so that the tests' build is incremental.
mkdir -p "$root/build/desktops"
bash Scripts/source-files.sh | tar -cf - --no-recursion -T - | tar -xf - -C "$root/build/desktops"
# Installed with /proc and /dev there, as make deps installs the other desktops.
in_chroot sh -c 'cd /build/desktops && export DEBIAN_FRONTEND=noninteractive && apt-get build-dep -y -qq . >/dev/null \
	&& make --no-print-directory deps \
	&& apt-get install -y -qq --no-install-recommends plasma-workspace plasma-desktop kwin-x11 kwallet6 libqca-qt6-plugins >/dev/null'

step "the .deb"
# The package's sources (the tests' left out): the same stamp, the same .deb.
stamp=$(bash Scripts/source-files.sh | grep -v '^Tests/' | tar -cf - --no-recursion --mtime=@0 --owner=0 --group=0 -T - | sha256sum | cut -c1-16)
if [ "$(cat "$root/build/package/stamp" 2>/dev/null)" != "$stamp" ]; then
	OFFLINE=1 in_chroot sh -c 'cd /build/desktops && bash Scripts/build-deb.sh /build/package/deb'
	echo "$stamp" > "$root/build/package/stamp"
fi
in_chroot sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall /build/package/deb/weibo-notifier_*.deb >/dev/null'
in_chroot dpkg-query -W -f='installed: ${Package} ${Version}\n' weibo-notifier

step "the tests built with $(in_chroot swift --version 2>/dev/null | head -1)"
OFFLINE=1 in_chroot sh -c 'cd /build/desktops && swift build --build-tests > /build/tests-build.log 2>&1' || {
	grep -E "error:" "$root/build/tests-build.log" >&2; echo "test-$suite-desktops: the tests did not build ($root/build/tests-build.log)" >&2; exit 1; }

step "the desktop suites against /usr/bin/weibo-notifier"
in_chroot dpkg-query -W -f='${Package} ${Version}\n' gnome-shell gnome-shell-extension-appindicator plasma-workspace kwin-x11 \
	xfce4-panel xfce4-notifyd sway waybar mako-notifier dunst libnotify4 libgtk-3-0t64
status=0
# sway's popup: 20 opens over a focused window (5 in make test).
OFFLINE=1 in_chroot sh -c "cd /build/desktops && WEIBO_NOTIFIER_BIN=/usr/bin/weibo-notifier WEIBO_NOTIFIER_SWAY_OPENS=20 swift test --skip-build --filter '$suites'" \
	2>&1 | grep -v '^warning: prohibited flag' | tee "$root/build/desktops.log" || status=$?
# Every desktop ran: a suite left out (its desktop missing) is a failure here.
if [ -z "${DESKTOP_SUITES:-}" ]; then
	for name in GnomeShellTests PlasmaTests KWalletTests XfcePanelTests SwayDesktopTests RealDesktopTests; do
		grep -q "Suite $name passed" "$root/build/desktops.log" || { echo "test-$suite-desktops: $name did not pass" >&2; status=1; }
	done
fi
rm -rf ".build/e2e-$suite" && cp -r "$root/build/desktops/.build/e2e" ".build/e2e-$suite" 2>/dev/null || true

step "the .deb installed without Recommends: its icon on waybar and xfce4-panel"
bash Scripts/test-minimal-install.sh "$suite" || status=1
echo "test-$suite-desktops: $(($(date +%s) - started)) s in all, screenshots in .build/e2e-$suite"
exit $status
