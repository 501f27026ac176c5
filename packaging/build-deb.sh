#!/usr/bin/env bash
# Builds build/weibo-notifier_VERSION_ARCH.deb with dpkg-deb from `make install` into a staging
# folder. The Swift runtime is linked in, so Depends lists only the C libraries.
#   make deb    (runs this script)
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(.build/release/weibo-notifier --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
root=build/deb/weibo-notifier_${version}_${arch}
rm -rf "$root"
make --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr SYSCONFDIR=/etc >/dev/null
strip --strip-unneeded "$root/usr/bin/weibo-notifier"
install -d "$root/DEBIAN"
installed_kib=$(du -sk "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: weibo-notifier
Version: ${version}
Architecture: ${arch}
Maintainer: Weibo Notifier maintainers <maintainers@users.noreply.a-seed-c2310ed3.example>
Installed-Size: ${installed_kib}
Depends: libc6 (>= 2.36), libstdc++6 (>= 12), libglib2.0-0 (>= 2.74), libsoup-3.0-0 (>= 3.2), libsecret-1-0 (>= 0.20), glib-networking
Recommends: notification-daemon | dunst | xfce4-notifyd | gnome-shell | plasma-workspace
Section: net
Priority: optional
Description: Weibo unread counts on the Linux desktop
 Checks Sina Weibo's unread counts (new posts, comments, @mentions, direct
 messages, followers) every minute and shows them in one desktop
 notification, a tray icon, a dock badge and status-bar output; a click shows
 the newest posts.
CONTROL
mkdir -p build
dpkg-deb --root-owner-group --build "$root" build/ >/dev/null
echo "build/weibo-notifier_${version}_${arch}.deb"
