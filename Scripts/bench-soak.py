#!/usr/bin/python3
"""The daemon's memory over many checks: its RSS after 100 (warm), 1,000 and 10,000 checks.

Checks are driven with CheckNow instead of waiting for the interval (time-scaled: the request
gap is 0 against a sandbox on this machine), on a private session bus with dbusmock's
notification server; every tenth check finds new comments, so bubbles are shown and replaced.
A leak of a few hundred bytes a check shows as growth between 1,000 and 10,000.

    Scripts/bench-soak.py BINARY [CHECKS]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

BINARY = os.path.realpath(sys.argv[1])
CHECKS = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
MARKS = sorted({mark for mark in (100, 1_000, 10_000, CHECKS) if mark <= CHECKS})


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def post(base, path, **fields):
    data = urllib.parse.urlencode(fields).encode()
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data), timeout=5) as answer:
        return answer.read()


def wait(condition, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def main():
    home = tempfile.mkdtemp(prefix="weibo-soak-")
    env = dict(os.environ, XDG_CONFIG_HOME=f"{home}/config", XDG_STATE_HOME=f"{home}/state", XDG_CACHE_HOME=f"{home}/cache",
               LANG="C", WEIBO_NOTIFIER_REQUEST_GAP="0")
    os.makedirs(f"{home}/config/weibo-notifier")
    with open(f"{home}/config/weibo-notifier/config", "w") as config:
        config.write("[weibo]\ntoken_store=file\n[notifier]\npreview=count\n")
    processes = []
    try:
        log = open(f"{home}/sandbox.log", "w+")
        processes.append(subprocess.Popen([BINARY, "sandbox", "--port", "0", "--new-status-every", "0"], stdout=log, stderr=log, env=env))
        wait(lambda: "api base" in open(f"{home}/sandbox.log").read())
        text = open(f"{home}/sandbox.log").read()
        base = re.search(r"api base:?\s+(\S+)", text).group(1)
        token = re.search(r"token:\s+(\S+)", text).group(1)
        subprocess.run([BINARY, "login", "--token-stdin", "--uid", "5712659759", "--api-base", base], input=token + "\n",
                       text=True, env=env, check=True, stdout=subprocess.DEVNULL)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--print-address=1", "--nofork"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        processes.append(bus)
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        processes.append(subprocess.Popen([sys.executable, "-m", "dbusmock", "--template", "notification_daemon"], env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from gi.repository import Gio, GLib
        connection = Gio.DBusConnection.new_for_address_sync(
            env["DBUS_SESSION_BUS_ADDRESS"], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)

        def has_owner(name):
            answer = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                          GLib.Variant("(s)", (name,)), None, Gio.DBusCallFlags.NONE, 2000, None)
            return answer.unpack()[0]

        wait(lambda: has_owner("org.freedesktop.Notifications"))
        daemon = subprocess.Popen([BINARY, "run", "--api-base", base, "--interval", "3600"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(daemon)

        def call(method):
            return connection.call_sync("io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", method,
                                        None, None, Gio.DBusCallFlags.NONE, 5000, None).unpack()

        def polls():
            try:
                return call("GetStatus")[0]["polls"]
            except GLib.Error:
                return 0

        if not wait(lambda: polls() >= 1):
            sys.exit("the daemon did not check")
        started = time.monotonic()
        figures = {}
        for check in range(1, CHECKS + 1):
            if check % 10 == 0:
                post(base, "/_sandbox/counts", cmt=str(check // 10 % 7 + 1))
            before = polls()
            call("CheckNow")
            if not wait(lambda: polls() > before, timeout=10):
                sys.exit(f"check {check} never came")
            if check in MARKS:
                figures[check] = rss_kib(daemon.pid)
        seconds = time.monotonic() - started
        growth = (figures[CHECKS] - figures[1_000]) / ((CHECKS - 1_000) / 1_000) if CHECKS > 1_000 else 0
        print(f"weibo-notifier daemon over {CHECKS:,} checks driven by CheckNow (sandbox, dbusmock, {seconds:.0f} s)")
        for mark in MARKS:
            print(f"  RSS after {mark:>6,} checks: {figures[mark] / 1024:.1f} MiB")
        print(f"  growth from 1,000 to {CHECKS:,}: {growth:+.0f} kB per 1,000 checks")
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
