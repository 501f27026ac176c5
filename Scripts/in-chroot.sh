#!/usr/bin/env bash
# Runs a command in a chroot made by debian-chroot.sh, in namespaces of its own: /proc, /dev
# and /sys for it alone, unmounted when it ends.
#   Scripts/in-chroot.sh ROOT COMMAND…      (OFFLINE=1: no network but loopback)
set -euo pipefail
root=${1:?usage: in-chroot.sh ROOT COMMAND…}
shift
isolate=()
[ "${OFFLINE:-0}" = 1 ] && isolate=(--net)
exec unshare --mount --pid --fork "${isolate[@]}" --mount-proc="$root/proc" sh -c '
	root=$1; shift
	mount --rbind /dev "$root/dev" && mount --rbind /sys "$root/sys" && ip link set lo up && exec chroot "$root" "$@"
' sh "$root" "$@"
