#!/usr/bin/env bash
# Builds build/weibo-notifier_VERSION-1_ARCH.deb with dpkg-deb from `make install` into a
# staging folder: the binary stripped, the man page and changelog compressed, the DEP-5
# copyright, md5sums, and Depends computed from the binary by dpkg-shlibdeps (the Swift runtime
# is linked in, so only C libraries appear). Installs nothing: a missing tool is named.
#   make deb    (runs this script after the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null || {
        echo "make deb needs $tool (Debian package dpkg-dev or binutils; make deps installs it)" >&2
        exit 1
    }
done
upstream=$(.build/release/weibo-notifier --version | awk '{print $2}')
version=${upstream}-1
arch=$(dpkg --print-architecture)
root=build/deb/weibo-notifier_${version}_${arch}
rm -rf "$root"
make --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr SYSCONFDIR=/etc >/dev/null
for program in weibo-notifier weibo-notifier-popup weibo-notifier-settings; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$program"
done
doc="$root/usr/share/doc/weibo-notifier"
install -Dm644 packaging/copyright "$doc/copyright"
gzip -9n < packaging/changelog > "$doc/changelog.Debian.gz"
gzip -9n "$root/usr/share/man/man1/weibo-notifier.1" "$root/usr/share/man/man1/weibo-notifier-popup.1" "$root/usr/share/man/man1/weibo-notifier-settings.1"
install -Dm644 packaging/lintian-overrides "$root/usr/share/lintian/overrides/weibo-notifier"
chmod 0644 "$doc/changelog.Debian.gz" "$root/usr/share/man/man1/weibo-notifier.1.gz" "$root/usr/share/man/man1/weibo-notifier-popup.1.gz" "$root/usr/share/man/man1/weibo-notifier-settings.1.gz"

# Depends from the libraries the two binaries link (dpkg-shlibdeps reads a debian/control):
# the daemon's GLib, libsoup, libnotify, libdbusmenu; the popup's GTK 3 and gtk-layer-shell; the
# settings window's libhandy.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: weibo-notifier\n\nPackage: weibo-notifier\nArchitecture: any\n' > "$work/debian/control"
binaries=("$PWD/$root/usr/bin/weibo-notifier" "$PWD/$root/usr/bin/weibo-notifier-popup" "$PWD/$root/usr/bin/weibo-notifier-settings")
shlibs=$(cd "$work" && dpkg-shlibdeps -O "${binaries[@]/#/-e}" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "dpkg-shlibdeps found no libraries in ${binaries[*]}" >&2; exit 1; }
# libsoup with the 2025 security fixes (Debian 12's 3.2.3-0+deb12u2; Debian 13's 3.6 has them):
# the notifier reads HTTP from Weibo and from any address a status holds.
soup_floor='3.2.3-0+deb12u2'
shlibs=$(printf '%s' "$shlibs" | sed -E "s/libsoup-3\.0-0 \(>= [^)]*\)/libsoup-3.0-0 (>= $soup_floor)/")
case "$shlibs" in *"libsoup-3.0-0 (>= $soup_floor)"*) ;; *) echo "no libsoup-3.0-0 in Depends: $shlibs" >&2; exit 1 ;; esac

install -d "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"
installed_kib=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: weibo-notifier
Version: ${version}
Architecture: ${arch}
Maintainer: Weibo Notifier maintainers <maintainers@users.noreply.a-seed-c2310ed3.example>
Installed-Size: ${installed_kib}
Depends: ${shlibs}, glib-networking
Recommends: libsecret-1-0, notification-daemon | dunst | xfce4-notifyd | gnome-shell | plasma-workspace, fonts-noto-color-emoji
Suggests: gnome-shell-extension-appindicator
Section: net
Priority: optional
Homepage: https://a-seed-c2310ed3.example/weibo-notifier
Description: Weibo unread counts on the Linux desktop
 Checks Sina Weibo's unread counts (new posts, comments, @mentions, direct
 messages, followers) every minute and shows who and what in desktop
 notifications, a tray icon, a dock badge and status-bar output; a click
 opens a small window at the tray with the newest posts, comments and
 mentions, each laid out as a cell. It follows the desktop's
 do-not-disturb, and keeps tokens in the keyring (libsecret) when one runs.
CONTROL
mkdir -p build
deb=build/weibo-notifier_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
