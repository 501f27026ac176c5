#!/usr/bin/env bash
# Builds the Debian package from debian/ as a distribution does: the checkout's files
# (Scripts/source-files.sh, so nothing built or left over) copied into
# OUT/weibo-notifier-VERSION beside an .orig.tar.xz of them, then `dpkg-buildpackage -us -uc`
# there. Prints the .deb's path.
#   Scripts/build-deb.sh [--source] [OUT]     (OUT: build/deb; --source: the .dsc too)
# Where the distribution has no Swift package (Debian 12), the `swift` on PATH builds it and
# the build dependency on swiftlang goes unchecked (-d). Installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source_too=false
if [ "${1:-}" = --source ]; then source_too=true; shift; fi
out=$(realpath -m "${1:-build/deb}")
for tool in dpkg-buildpackage dh xz; do
	command -v "$tool" >/dev/null || { echo "build-deb.sh: needs $tool (Debian packages dpkg-dev, debhelper, xz-utils)" >&2; exit 1; }
done
version=$(dpkg-parsechangelog -S Version)
upstream=${version%-*}
tree=$out/weibo-notifier-$upstream
rm -rf "$out" && mkdir -p "$tree"
files=$(bash Scripts/source-files.sh)
grep -v '^debian/' <<< "$files" | tar -cf - --no-recursion -T - | tar -xf - -C "$tree"
# The upstream tarball: the same files in a fixed order, owner and time.
epoch=$(dpkg-parsechangelog -S Timestamp)
(cd "$out" && find "weibo-notifier-$upstream" -print0 | LC_ALL=C sort -z \
	| tar --null --no-recursion -T - --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - \
	| xz -9 > "weibo-notifier_$upstream.orig.tar.xz")
grep '^debian/' <<< "$files" | tar -cf - --no-recursion -T - | tar -xf - -C "$tree"
unchecked=()
dpkg-query -W -f='${Status}\n' swiftlang 2>/dev/null | grep -q '^install ok installed' || unchecked=(-d)
build=(-b)
if $source_too; then build=(); fi
(cd "$tree" && dpkg-buildpackage "${build[@]}" -us -uc "${unchecked[@]}" > "$out/build.log" 2>&1) || {
	tail -40 "$out/build.log" >&2; echo "build-deb.sh: dpkg-buildpackage failed ($out/build.log)" >&2; exit 1; }
ls "$out"/weibo-notifier_"$version"_*.deb
