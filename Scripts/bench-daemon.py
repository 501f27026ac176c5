#!/usr/bin/python3
"""Measures `weibo-notifier run` against the sandbox over HTTPS, as `make bench` reports it.

Starts a private dbus-daemon, dbusmock's notification server, the sandbox (`--tls`, its CA
trusted through SSL_CERT_FILE) and the daemon (interval 5 s: the real 60 s scaled down), then:
  1. triggers 100 polls with the D-Bus method CheckNow (new posts every tenth poll, so that the
     bubble is replaced now and then) and reads the daemon's CPU time, peak RSS and the
     connections the sandbox accepted;
  2. leaves it idle for 20 s (unchanged polls only) and counts the voluntary context switches of
     all its threads and the files it rewrote;
  3. runs the same job in C (Scripts/bench-reference.c) on the same libraries and sandbox.
Prints the figures; everything it started is ended. Uses only Debian's python3 and python3-dbus.
"""
import json
import os
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request

import dbus

from benchsession import daemon_session, executable_by_section, largest, resident_by_mapping

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARGUMENTS = sys.argv[1:]
BINARY = ARGUMENTS[0] if ARGUMENTS else os.path.join(ROOT, ".build/release/weibo-notifier")


def proc_status(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """CPU time of all the process's threads, in nanoseconds from the scheduler (/proc/…/stat
    counts in clock ticks of 10 ms, too coarse for 100 polls of about 2 ms)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
            total += int(schedstat.read().split()[0])
    return total / 1e9


def voluntary_switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        total += proc_status(f"{pid}/task/{task}", "voluntary_ctxt_switches")
    return total


def files_written(folder):
    """Every file under `folder`: its modification time and size, to see what was rewritten."""
    found = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            try:
                info = os.stat(path)
            except FileNotFoundError:
                continue
            found[path] = (info.st_mtime_ns, info.st_size)
    return found


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
        # 100 polls driven by CheckNow: no 10 s between them (allowed against the sandbox only).
        bus, env, base, token, ca = daemon_session(BINARY, home, started)
        tls = ssl.create_default_context(cafile=ca)
        control = lambda path, data=None: json.loads(urllib.request.urlopen(
            urllib.request.Request(f"{base}{path}", data=data), context=tls).read() or b"{}")

        connections_before = control("/_sandbox/stats")["connections"]
        daemon = subprocess.Popen([BINARY, "run", "--api-base", base, "--interval", "5"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(daemon)
        daemon_process.append(daemon)
        wait_for(lambda: bus.name_has_owner("io.github.WeiboNotifier"), 15)
        proxy = bus.get_object("io.github.WeiboNotifier", "/io/github/WeiboNotifier")
        notifier = dbus.Interface(proxy, "io.github.WeiboNotifier1")
        polls = lambda: int(notifier.GetStatus()["polls"])
        wait_for(lambda: polls() >= 1, 15)

        cpu_before = cpu_seconds(daemon.pid)
        first = polls()
        for index in range(100):
            if index % 10 == 0:
                control("/_sandbox/statuses", b"count=1")
            target = polls() + 1
            notifier.CheckNow()
            wait_for(lambda: polls() >= target, 15)
        made = polls() - first
        connections = control("/_sandbox/stats")["connections"] - connections_before

        cpu_per_poll = (cpu_seconds(daemon.pid) - cpu_before) / max(made, 1) * 1000
        peak_mib = proc_status(daemon.pid, "VmHWM") / 1024
        rss_mib = proc_status(daemon.pid, "VmRSS") / 1024
        largest_parts = largest(resident_by_mapping(daemon.pid, [os.path.realpath(BINARY)]))
        binary_sections = executable_by_section(daemon.pid, os.path.realpath(BINARY))

        # Idle: only the 5 s timer should wake it, and unchanged polls write nothing.
        time.sleep(1)
        switches_before, polls_before = voluntary_switches(daemon.pid), polls()
        files_before = files_written(home)
        cpu_idle_before = cpu_seconds(daemon.pid)
        idle_seconds = 20
        time.sleep(idle_seconds)
        switches = voluntary_switches(daemon.pid) - switches_before
        idle_polls = polls() - polls_before
        idle_cpu = (cpu_seconds(daemon.pid) - cpu_idle_before) / max(idle_polls, 1) * 1000
        rewritten = {path: size for path, (mtime, size) in files_written(home).items() if files_before.get(path, (0, 0))[0] != mtime}

        # The same job in C on the same libraries, on the same bus and sandbox.
        reference_peak = None
        reference_parts = []
        binary = os.path.join(home, "bench-reference")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libsoup-3.0", "libnotify", "gio-2.0"],
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
                reference_parts = largest(resident_by_mapping(reference.pid, [os.path.realpath(binary)]))
            reference.kill()
            reference.wait()

        print("weibo-notifier daemon benchmark (HTTPS, interval 5 s, sandbox and dbusmock on this machine)")
        print(f"  polls triggered:            {made}")
        print(f"  CPU time per poll:          {cpu_per_poll:.2f} ms        (100 polls triggered through D-Bus, a bubble replaced every tenth)")
        print(f"  CPU per unchanged poll:     {idle_cpu:.2f} ms        (idle phase; target <= 1 ms)")
        print(f"  connections opened:         {connections} for {made + 1} polls   (target 1: the connection is kept)")
        print(f"  peak RSS after {made} polls:   {peak_mib:.1f} MiB")
        if reference_peak:
            print(f"  the same job in C:          {reference_peak:.1f} MiB peak RSS (Scripts/bench-reference.c)")
            print(f"  ratio:                      {peak_mib / reference_peak:.2f} x            (target <= 1.2 x)")
        print(f"  RSS now:                    {rss_mib:.1f} MiB; largest parts: "
              + ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in largest_parts))
        if binary_sections:
            print(binary_sections)
        if reference_parts:
            print("  the C job's largest parts:  "
                  + ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in reference_parts))
        print(f"  idle {idle_seconds} s: {idle_polls} unchanged polls, {switches} voluntary context switches of all threads"
              f" = {switches / max(idle_polls, 1):.1f} per poll   (target <= 3)")
        written = sum(rewritten.values())
        print(f"  bytes written per unchanged poll: {written / max(idle_polls, 1):.0f}   (target 0; files rewritten: "
              + (", ".join(os.path.relpath(path, home) for path in rewritten) or "none") + ")")
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
