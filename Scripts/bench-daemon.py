#!/usr/bin/python3
"""Measures `weibo-notifier run` against the sandbox, as `make bench` reports it.

Starts a private dbus-daemon, dbusmock's notification server, the sandbox and the daemon
(interval 5 s), then:
  1. triggers 100 polls with the D-Bus method CheckNow (new posts every tenth poll, so that the
     bubble is replaced now and then) and reads the daemon's CPU time and peak RSS;
  2. leaves it idle for 20 s and counts the voluntary context switches of all its threads:
     its wake-ups, to compare with the polls it made.
Prints the figures; everything it started is ended. Uses only Debian's python3 and python3-dbus.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import dbus

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/weibo-notifier")
TICKS = os.sysconf("SC_CLK_TCK")


def proc_status(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def voluntary_switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        total += proc_status(f"{pid}/task/{task}", "voluntary_ctxt_switches")
    return total


def wait_for(condition, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


daemon_process = []


def main():
    started = []
    home = tempfile.mkdtemp(prefix="weibo-notifier-bench-")
    try:
        bus_process = subprocess.Popen(
            ["dbus-daemon", f"--config-file={ROOT}/Tests/Support/session-bus.conf", "--print-address=1", "--nofork"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started.append(bus_process)
        address = bus_process.stdout.readline().strip()
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_CONFIG_HOME=f"{home}/config",
                   XDG_STATE_HOME=f"{home}/state", HOME=home, LANG="C")
        started.append(subprocess.Popen(
            ["/usr/bin/python3", "-m", "dbusmock", "--template", "notification_daemon", "-p",
             '{"capabilities": "body body-markup actions persistence"}'],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        bus = dbus.bus.BusConnection(address)
        wait_for(lambda: bus.name_has_owner("org.freedesktop.Notifications"))

        sandbox = subprocess.Popen([BINARY, "sandbox", "--port", "0", "--new-status-every", "0"], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started.append(sandbox)
        base, token = None, None
        while token is None:
            line = sandbox.stdout.readline()
            if line.startswith("Weibo sandbox listening on "):
                base = line.split()[-1]
            if "token:" in line:
                token = line.split()[-1]
        subprocess.run([BINARY, "login", "--token-stdin", "--uid", "5712659759", "--api-base", base],
                       input=token + "\n", env=env, text=True, check=True, stdout=subprocess.DEVNULL)

        daemon = subprocess.Popen([BINARY, "run", "--api-base", base, "--interval", "5"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(daemon)
        daemon_process.append(daemon)
        wait_for(lambda: bus.name_has_owner("io.github.WeiboNotifier"))
        proxy = bus.get_object("io.github.WeiboNotifier", "/io/github/WeiboNotifier")
        notifier = dbus.Interface(proxy, "io.github.WeiboNotifier1")
        polls = lambda: int(notifier.GetStatus()["polls"])
        wait_for(lambda: polls() >= 1)

        cpu_before = cpu_seconds(daemon.pid)
        first = polls()
        for index in range(100):
            if index % 10 == 0:
                urllib.request.urlopen(urllib.request.Request(f"{base}/_sandbox/statuses", data=b"count=1")).read()
            target = polls() + 1
            notifier.CheckNow()
            wait_for(lambda: polls() >= target)
        made = polls() - first
        cpu_per_poll = (cpu_seconds(daemon.pid) - cpu_before) / max(made, 1) * 1000
        peak_mib = proc_status(daemon.pid, "VmHWM") / 1024
        rss_mib = proc_status(daemon.pid, "VmRSS") / 1024

        # Idle: only the 5 s timer should wake it.
        time.sleep(1)
        switches_before, polls_before = voluntary_switches(daemon.pid), polls()
        idle_seconds = 20
        time.sleep(idle_seconds)
        switches = voluntary_switches(daemon.pid) - switches_before
        idle_polls = polls() - polls_before

        # The same job in C on the same libraries, on the same bus and sandbox.
        reference_peak = None
        binary = os.path.join(home, "bench-reference")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libsoup-3.0", "libnotify"],
                               capture_output=True, text=True, check=True).stdout.split()
        built = subprocess.run(["cc", "-O2", "-o", binary, os.path.join(ROOT, "Scripts/bench-reference.c")] + flags,
                               capture_output=True, text=True)
        if built.returncode == 0:
            reference = subprocess.Popen(
                [binary, f"{base}/2/remind/unread_count.json?uid=5712659759", "100"], env=env,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            started.append(reference)
            reference.stdin.write(token + "\n")
            reference.stdin.close()
            if reference.stdout.readline().strip() == "done":
                reference_peak = proc_status(reference.pid, "VmHWM") / 1024
            reference.kill()
            reference.wait()

        print("weibo-notifier daemon benchmark (interval 5 s, sandbox and dbusmock on this machine)")
        print(f"  polls triggered:            {made}")
        print(f"  CPU time per poll:          {cpu_per_poll:.2f} ms        (target < 2 ms)")
        print(f"  peak RSS after {made} polls:   {peak_mib:.1f} MiB")
        if reference_peak:
            print(f"  the same job in C:          {reference_peak:.1f} MiB peak RSS (Scripts/bench-reference.c)")
            print(f"  ratio:                      {peak_mib / reference_peak:.2f} x            (target <= 1.5 x)")
        print(f"  RSS now:                    {rss_mib:.1f} MiB")
        print(f"  idle {idle_seconds} s: {idle_polls} polls, {switches} voluntary context switches of all threads"
              f" = {switches / max(idle_polls, 1):.1f} per poll")
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM if process is daemon_process[0] else signal.SIGKILL)
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
        subprocess.run(["rm", "-rf", home])


if __name__ == "__main__":
    main()
