#!/usr/bin/env bash
# A Debian chroot for the project's own tests, made once with debootstrap and kept (cached) in
# ROOT: `Scripts/debian-chroot.sh SUITE ROOT [PACKAGE…]` makes ROOT from SUITE (trixie, sid…)
# if it is not there yet, then installs the packages it lacks. Runs as root (debootstrap and
# chroot need it). MIRROR names the Debian archive (by default the one this machine's apt uses).
set -euo pipefail
suite=${1:?usage: debian-chroot.sh SUITE ROOT [PACKAGE…]}
root=${2:?usage: debian-chroot.sh SUITE ROOT [PACKAGE…]}
shift 2
mirror=${MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}

[ "$(id -u)" -eq 0 ] || { echo "debian-chroot.sh: needs root (debootstrap, chroot)" >&2; exit 77; }
command -v debootstrap >/dev/null || {
	echo "debian-chroot.sh: no debootstrap here (apt-get install debootstrap)" >&2; exit 1; }

if [ ! -e "$root/.complete" ]; then
	echo "debian-chroot.sh: making a $suite chroot in $root from $mirror"
	rm -rf "$root"
	mkdir -p "$(dirname "$root")"
	debootstrap --variant=minbase "$suite" "$root.new" "$mirror" > "$root.log" 2>&1 || {
		tail -20 "$root.log" >&2; echo "debian-chroot.sh: debootstrap failed ($root.log)" >&2; exit 1; }
	mv "$root.new" "$root"
	touch "$root/.complete"
fi

cp /etc/resolv.conf "$root/etc/resolv.conf"
missing=()
for package in "$@"; do
	chroot "$root" dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed' \
		|| missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "debian-chroot.sh: installing in $suite: ${missing[*]}"
	chroot "$root" apt-get update -qq
	chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
		> "$root.install.log" 2>&1 || { tail -30 "$root.install.log" >&2; exit 1; }
fi
