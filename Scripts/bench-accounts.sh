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
        # The first check, then an interval: every account (a twelfth of it apart) has checked.
        for _ in $(seq 300); do
            polls=$(gdbus call --session -d io.github.WeiboNotifier -o /io/github/WeiboNotifier \
                -m io.github.WeiboNotifier1.GetStatus 2> /dev/null | grep -o "polls.: <uint32 [0-9]*" | grep -o "[0-9]*$" || true)
            [ "${polls:-0}" -ge 1 ] && break
            sleep 0.1
        done
        sleep 11
        awk "/VmHWM/ {print \$2}" /proc/$pid/status
        kill $pid' "$binary" "$base" 2> /dev/null
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
