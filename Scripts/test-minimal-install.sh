#!/usr/bin/env bash
# The package installed without Recommends (`apt-get install --no-install-recommends`, as
# minimal and container installs do) still draws its tray icon, on waybar and on xfce4-panel:
#   Scripts/test-minimal-install.sh [SUITE]      (make test-trixie-desktops runs it)
# The icons are SVG, drawn through librsvg2-common, which GTK only recommends: the package must
# bring it itself. In a chroot of SUITE kept apart from the desktops' (.build/chroot/SUITE-minimal),
# the trays and the tools that look at them are installed without Recommends and found to bring
# no SVG loader; then the .deb of make test-trixie-desktops (in .build/chroot/SUITE), also
# without Recommends; then each tray is looked at (Tests/Support/minimal-install-icons.sh): the
# icon is there in its red, where a missing SVG loader draws a grey "image missing" sign (waybar)
# or nothing (xfce4-panel). Pictures in .build/e2e-SUITE/minimal-*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-trixie}
root=$PWD/.build/chroot/$suite-minimal
deb=$(ls "$PWD/.build/chroot/$suite/build/package/deb/"weibo-notifier_*.deb)
tools=(sway waybar mako-notifier grim xvfb x11-apps xfce4-panel dbus-daemon dbus-bin)
in_chroot() { OFFLINE=${OFFLINE:-0} bash Scripts/in-chroot.sh "$root" "$@"; }
installed() { chroot "$root" dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q '^install ok installed'; }

bash Scripts/debian-chroot.sh "$suite" "$root" "${tools[@]}"
# As a first install: no notifier, no SVG loader (a run before brought both).
for package in weibo-notifier librsvg2-common; do
	if installed "$package"; then chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "$package" >/dev/null; fi
done
for tool in "${tools[@]}"; do
	installed "$tool" || { echo "test-minimal-install: $tool needs librsvg2-common itself: the check would prove nothing" >&2; exit 1; }
done
cp "$deb" "$root/tmp/"
in_chroot sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/$(basename "$deb") >/tmp/install.log 2>&1" \
	|| { tail -n 20 "$root/tmp/install.log" >&2; exit 1; }
installed librsvg2-common || { echo "test-minimal-install: the package did not bring librsvg2-common" >&2; exit 1; }
mkdir -p "$root/tmp/support"
cp Tests/Support/minimal-install-icons.sh Tests/Support/xfce4-panel.xml "$root/tmp/support/"
OFFLINE=1 in_chroot bash /tmp/support/minimal-install-icons.sh /tmp/icons >"$root/tmp/icons.log" 2>&1 || {
	for log in "$root/tmp/icons.log" "$root"/tmp/icons/*.log; do [ -e "$log" ] && tail -n 5 "$log" >&2; done; exit 1; }

# The tray's pixels in the icon's red (#e6162d and its anti-aliased edge), in the better of the
# two pictures of each tray: about 300 of a 24 px icon where it is drawn, none in grey.
pictures=.build/e2e-$suite
mkdir -p "$pictures"
status=0
for tray in waybar:640x30+0+0 xfce4-panel:640x32+0+0; do
	name=${tray%%:*}
	best=0
	for shot in "$root/tmp/icons/$name.png" "$root/tmp/icons/$name-2.png" "$root/tmp/icons/$name.xwd" "$root/tmp/icons/$name-2.xwd"; do
		[ -e "$shot" ] || continue
		red=$(convert "$shot" -crop "${tray#*:}" +repage -fx 'r > 0.7 && g < 0.35 && b < 0.4 ? 1 : 0' -format '%[fx:round(mean*w*h)]' info:)
		if [ "$red" -gt "$best" ]; then
			best=$red
			convert "$shot" "$pictures/minimal-$name.png"
		fi
	done
	echo "test-minimal-install: $name's tray has $best pixels in the icon's red ($pictures/minimal-$name.png)"
	[ "$best" -ge 100 ] || { echo "test-minimal-install: no icon on $name's tray" >&2; status=1; }
done
exit $status
