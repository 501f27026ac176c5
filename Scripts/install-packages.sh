#!/usr/bin/env bash
# Installs the Debian packages named that are missing, as root or through sudo:
#   Scripts/install-packages.sh PACKAGE…      (make run-deps, make deps)
# Another apt at work (an unattended upgrade, a package manager window) is waited for, up to
# APT_WAIT seconds (300), saying so: `apt-get update` fails at once on its lock, and `install`
# would wait without a word.
set -euo pipefail
missing=()
for package in "$@"; do
	dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -gt 0 ] || exit 0
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT

# apt-get with ARGUMENTS, tried again every 5 s while another apt holds a lock; its errors
# (and warnings) printed once it is done.
apt_get() {
	local waited=0
	until "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "$@" 2>"$errors"; do
		if ! grep -q 'Could not get lock' "$errors" || [ "$waited" -ge "${APT_WAIT:-300}" ]; then
			cat "$errors" >&2
			return 1
		fi
		if [ "$waited" -eq 0 ]; then
			holder=$(sed -n 's/.*held by process \([0-9]*\) (\(.*\))$/process \1, \2/p' "$errors" | head -n 1)
			echo "Another apt is at work${holder:+ ($holder)}: waiting for it to finish, up to ${APT_WAIT:-300} s…"
		fi
		sleep 5
		waited=$((waited + 5))
	done
	cat "$errors" >&2
}

echo "Installing: ${missing[*]}"
apt_get update -qq
apt_get install -y -qq "${missing[@]}"
