#!/usr/bin/python3
"""Instructions per poll, counted by valgrind's callgrind: within about 1 % on every run of the
same binaries (TLS and timers vary a little), whatever else the machine is doing, so that a
change's effect shows where CPU time on a busy machine would not.

  - the daemon (`weibo-notifier run`, release build) over HTTPS against the sandbox, on a private
    bus with dbusmock's notification server: 20 unchanged polls, each asked with CheckNow, counted
    with instrumentation switched on after three warm-up polls and no other call meanwhile;
  - the C yardstick (Scripts/bench-reference.c, same libraries, same sandbox): runs of 20 and 120
    polls, the difference divided by 100 (its start-up cancels out). It replaces a bubble at every
    poll, which the daemon's unchanged poll does not: the yardstick does a little more.

Prints both, their ratio, and the daemon's heaviest functions with their callees.
Usage: bench-instructions.py [BINARY]. Everything it starts is ended.
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

import dbus

import benchsession
from benchsession import daemon_session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/weibo-notifier")
POLLS = 20
CALLGRIND = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no"]


def wait_for(condition, timeout=120):
    """`condition` true within `timeout` s (under callgrind the daemon answers slowly)."""
    def answered():
        try:
            return condition()
        except dbus.DBusException:
            return False
    return benchsession.wait_for(answered, timeout)


def total(profile):
    """The profile's last totals line (its summary, when it has no totals)."""
    found = None
    with open(profile) as lines:
        for line in lines:
            if line.startswith("totals:") or line.startswith("summary:"):
                found = int(line.split()[1])
    if not found:
        raise SystemExit(f"no instructions counted in {profile}")
    return found


def main():
    started = []
    home = tempfile.mkdtemp(prefix="weibo-notifier-instructions-")
    try:
        bus, env, base, token, _ = daemon_session(BINARY, home, started)

        # The daemon: instrumentation on only around the counted polls.
        profile = os.path.join(home, "daemon.callgrind")
        daemon = subprocess.Popen(CALLGRIND + ["--instr-atstart=no", f"--callgrind-out-file={profile}",
                                               BINARY, "run", "--api-base", base, "--interval", "3600"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(daemon)
        wait_for(lambda: bus.name_has_owner("io.github.WeiboNotifier"))
        notifier = dbus.Interface(bus.get_object("io.github.WeiboNotifier", "/io/github/WeiboNotifier"), "io.github.WeiboNotifier1")
        polls = lambda: int(notifier.GetStatus()["polls"])
        wait_for(lambda: polls() >= 1)
        for _ in range(3):
            target = polls() + 1
            notifier.CheckNow()
            wait_for(lambda: polls() >= target)
        before = polls()
        subprocess.run(["callgrind_control", "--instr=on", str(daemon.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        for _ in range(POLLS):
            notifier.CheckNow()
            time.sleep(1.0)  # no GetStatus while counted: its own cost would be counted
        subprocess.run(["callgrind_control", "--instr=off", str(daemon.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        made = polls() - before
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=120)
        if made != POLLS:
            raise SystemExit(f"{made} polls were made while counting, not {POLLS}")
        per_poll = total(profile) / POLLS

        # The C yardstick, built here.
        reference = os.path.join(home, "bench-reference")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libsoup-3.0", "libnotify", "gio-2.0"],
                               capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", reference, os.path.join(ROOT, "Scripts/bench-reference.c")] + flags, check=True)
        counts = {}
        for runs in (20, 120):
            output = os.path.join(home, f"reference-{runs}.callgrind")
            process = subprocess.Popen(CALLGRIND + [f"--callgrind-out-file={output}", reference,
                                                    f"{base}/2/remind/unread_count.json?uid=5712659759", str(runs)],
                                       env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            started.append(process)
            process.stdin.write(token + "\n")
            process.stdin.close()
            if process.stdout.readline().strip() != "done":
                raise SystemExit("the C yardstick did not finish its polls")
            process.send_signal(signal.SIGTERM)  # callgrind writes the profile on the way out
            process.wait(timeout=120)
            counts[runs] = total(output)
        reference_per_poll = (counts[120] - counts[20]) / 100

        print("Instructions per poll over HTTPS (callgrind: within about 1 % from run to run)")
        print(f"  daemon, unchanged poll:      {per_poll:12,.0f}   (CheckNow over D-Bus and its poll, {POLLS} counted)")
        print(f"  C yardstick, poll + bubble:  {reference_per_poll:12,.0f}   (Scripts/bench-reference.c, 120 - 20 polls)")
        print(f"  ratio:                       {per_poll / reference_per_poll:12.2f}x")
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", profile], capture_output=True, text=True).stdout
        ours = [line for line in annotated.splitlines() if any(module in line for module in ("WeiboDesktop", "WeiboPlatform", "WeiboKit"))]
        print("  the daemon's heaviest functions, callees included (instructions over the counted polls):")
        for line in ours[:8]:
            print("   ", line.strip()[:150])
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.kill()
                process.wait()
        subprocess.run(["rm", "-rf", home])


if __name__ == "__main__":
    main()
