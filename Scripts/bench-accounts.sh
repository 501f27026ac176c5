#!/bin/bash
# The daemon's memory per account followed: its peak RSS with 1 account, then with 11, each
# after every account's first check, against the sandbox on 127.0.0.1 and a private session
# bus with dbusmock's notification server (tokens in the account file: no keyring here).
#
#   Scripts/bench-accounts.sh BINARY
set -euo pipefail
binary=$(realpath "$1")

# Peak RSS (kB) of `binary run` following `count` accounts.
measure() {
    local count=$1 home base token pid sandbox
    home=$(mktemp -d)
    trap 'rm -rf "$home"' RETURN
    export XDG_CONFIG_HOME=$home/config XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache LANG=C
    mkdir -p "$XDG_CONFIG_HOME/weibo-notifier"
    printf '[weibo]\ntoken_store=file\n' > "$XDG_CONFIG_HOME/weibo-notifier/config"
    "$binary" sandbox --port 0 --new-status-every 0 > "$home/sandbox.log" 2>&1 &
    sandbox=$!
    for _ in $(seq 100); do grep -q "api base" "$home/sandbox.log" && break; sleep 0.1; done
    base=$(awk '/api base/ {print $3}' "$home/sandbox.log")
    token=$(awk '/token:/ {print $2}' "$home/sandbox.log")
    echo "$token" | "$binary" login --token-stdin --uid 5712659759 --api-base "$base" > /dev/null
    for _ in $(seq 2 "$count"); do
        read -r uid token < <(curl -s -X POST "$base/_sandbox/users" |
            /usr/bin/python3 -c 'import json, sys; user = json.load(sys.stdin); print(user["uid"], user["token"])')
        echo "$token" | "$binary" login --token-stdin --uid "$uid" --api-base "$base" > /dev/null
    done
    dbus-run-session -- bash -c '
        /usr/bin/python3 -m dbusmock --template notification_daemon > /dev/null 2>&1 &
        for _ in $(seq 100); do gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
            -m org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2> /dev/null | grep -q true && break; sleep 0.1; done
        "$0" run --api-base "$1" --interval 10 > /dev/null 2>&1 &
        pid=$!
        # Until every account has checked (the accounts start a little apart): as many unread
        # counts asked as accounts, by the sandbox'"'"'s own count; then a moment for the answers.
        checked=0
        for _ in $(seq 600); do
            checked=$(curl -s "$1/_sandbox/stats" | /usr/bin/python3 -c "import json, sys; print(json.load(sys.stdin)[\"paths\"].get(\"/2/remind/unread_count.json\", 0))")
            [ "$checked" -ge "$2" ] && break
            sleep 0.1
        done
        [ "$checked" -ge "$2" ] || { echo "only $checked of $2 accounts checked" >&2; exit 1; }
        sleep 1
        awk "/VmHWM/ {print \$2}" /proc/$pid/status
        # Ended and waited for: it saves its state as it quits, before the folder is removed.
        kill $pid
        wait $pid' "$binary" "$base" "$count" 2> /dev/null
    kill "$sandbox"
    wait "$sandbox" 2> /dev/null || true
}

one=$(measure 1)
eleven=$(measure 11)
per=$(((eleven - one) / 10))
echo "weibo-notifier daemon memory per account (sandbox, dbusmock, tokens in the file)"
echo "  peak RSS, 1 account:   $((one / 1024)).$(((one % 1024) * 10 / 1024)) MiB"
echo "  peak RSS, 11 accounts: $((eleven / 1024)).$(((eleven % 1024) * 10 / 1024)) MiB"
echo "  per extra account:     $per kB (target under 1,024 kB)"
