#!/usr/bin/env bash
# The notifier's tray icon as two real trays draw it, in a chroot where it was installed
# without Recommends (Scripts/test-minimal-install.sh runs this there, as root):
#   minimal-install-icons.sh FOLDER
# One session as nobody: a bus, the sandbox (a new post every second), a login and the notifier
# (a check every 2 s); then waybar's tray on a headless sway (FOLDER/waybar.png) and
# xfce4-panel's on Xvfb (FOLDER/xfce4-panel.xwd), each taken once the notifier's item shows
# the unread icon (its -unread SVG; the plain icon has PNG sizes too) and again a second later.
set -euo pipefail
folder=$1
if [ "$(id -u)" -eq 0 ]; then
	rm -rf "$folder" && mkdir -p "$folder/home" "$folder/runtime"
	chown -R nobody:nogroup "$folder" && chmod 700 "$folder/runtime"
	exec setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH=/usr/bin:/bin LANG=C.UTF-8 \
		HOME="$folder/home" XDG_RUNTIME_DIR="$folder/runtime" bash "$0" "$@"
fi
cd "$folder"
pids=()
trap 'kill -9 "${pids[@]}" 2>/dev/null || true' EXIT
property() { # property SERVICE PATH INTERFACE NAME: its strings, a line each
	dbus-send --session --print-reply --dest="$1" "$2" org.freedesktop.DBus.Properties.Get string:"$3" string:"$4" 2>/dev/null \
		| sed -nE 's/^ *(variant +)?string "(.*)"$/\2/p'
}
# The notifier's item (the only one here) registered with the tray's watcher, and showing the
# unread icon.
unread_shown() {
	local item
	item=$(property org.kde.StatusNotifierWatcher /StatusNotifierWatcher org.kde.StatusNotifierWatcher RegisteredStatusNotifierItems | head -n 1)
	[ -n "$item" ] || return 1
	[ "$(property "${item%%/*}" "/${item#*/}" org.kde.StatusNotifierItem IconName)" = io.github.WeiboNotifier-unread ]
}
wait_for() { # wait_for SECONDS WHAT COMMAND…
	local seconds=$1 what=$2
	shift 2
	for _ in $(seq $((seconds * 10))); do "$@" && return 0; sleep 0.1; done
	echo "minimal-install-icons: no $what in $seconds s" >&2
	return 1
}

dbus-daemon --session --address="unix:path=$folder/runtime/bus" --fork --print-pid=3 3>bus.pid
pids+=("$(cat bus.pid)")
export DBUS_SESSION_BUS_ADDRESS="unix:path=$folder/runtime/bus"
weibo-notifier sandbox --new-status-every 1 >sandbox.txt 2>&1 &
pids+=($!)
wait_for 20 "sandbox" grep -q '^  token:' sandbox.txt
base=$(sed -n 's/^Weibo sandbox listening on \(.*\)$/\1/p' sandbox.txt)
uid=$(sed -n 's/^  uid: *//p' sandbox.txt)
sed -n 's/^  token: *//p' sandbox.txt | weibo-notifier login --token-stdin --uid "$uid" --api-base "$base" >login.txt

# waybar's tray on a headless sway, with mako as the notification server (without one the
# notifier waits 30 s for it before its first check).
cat >waybar.json <<'EOF'
{ "layer": "top", "position": "top", "height": 30, "modules-right": ["tray"], "tray": { "icon-size": 24 } }
EOF
echo 'window#waybar { background: #202020; }' >waybar.css
cat >sway.conf <<EOF
output HEADLESS-1 resolution 640x200
exec waybar -c $folder/waybar.json -s $folder/waybar.css
exec mako
EOF
WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman sway -c sway.conf >sway.log 2>&1 &
sway=$!
pids+=($!)
wait_for 30 "sway" sh -c "ls '$folder/runtime' | grep -q '^wayland-'"
export WAYLAND_DISPLAY=$(ls "$folder/runtime" | grep '^wayland-[0-9]*$' | head -n 1)
wait_for 30 "notification server" sh -c 'dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications | grep -q true'
weibo-notifier run --api-base "$base" --interval 2 >notifier.log 2>&1 &
pids+=($!)
wait_for 30 "unread icon on waybar's tray" unread_shown
sleep 1
grim waybar.png
sleep 1
grim waybar-2.png
kill -9 "$sway"
wait "$sway" 2>/dev/null || true
unset WAYLAND_DISPLAY
wait_for 10 "tray watcher's end" sh -c '! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.kde.StatusNotifierWatcher | grep -q true'

# xfce4-panel's tray (its Status Tray plugin) on Xvfb.
Xvfb -displayfd 3 -screen 0 640x200x24 -nolisten tcp 3>display.txt >xvfb.log 2>&1 &
pids+=($!)
mkdir -p xfconf/xfce4/xfconf/xfce-perchannel-xml
cp "$(dirname "$0")/xfce4-panel.xml" xfconf/xfce4/xfconf/xfce-perchannel-xml/
wait_for 20 "X server" test -s display.txt
export DISPLAY=:$(cat display.txt)
XDG_CONFIG_HOME=$folder/xfconf /usr/lib/*/xfce4/xfconf/xfconfd >xfconfd.log 2>&1 &
pids+=($!)
XDG_CONFIG_HOME=$folder/xfconf xfce4-panel --disable-wm-check >panel.log 2>&1 &
pids+=($!)
wait_for 60 "unread icon on xfce4-panel's tray" unread_shown
sleep 1
xwd -root -silent >xfce4-panel.xwd
sleep 1
xwd -root -silent >xfce4-panel-2.xwd
