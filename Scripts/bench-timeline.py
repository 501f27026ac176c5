#!/usr/bin/python3
"""Measures `weibo-notifier timeline --file` as a user runs it, as `make bench` reports it.

Writes generated pages of 100 and 10,000 statuses (`weibo-notifier sample`, the sandbox's data)
to a temporary folder, lays each out five times at width 80 with the output thrown away, and
prints the median wall time and the peak resident memory of the process (from wait4). The
command reads each status, lays it out and prints it before it reads the next, so its memory
is the document's bytes plus one status, whatever the page's length.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/weibo-notifier"
RUNS = 5


def run(arguments, output):
    """Wall seconds and peak RSS (KiB) of one run of the binary."""
    started = time.monotonic()
    process = subprocess.Popen([BINARY] + arguments, stdout=output, env=dict(os.environ, LANG="C.UTF-8"))
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"bench-timeline: {' '.join(arguments)} ended with {process.returncode}")
    return time.monotonic() - started, usage.ru_maxrss


def main():
    print("`timeline --file` at width 80, output to /dev/null (median of 5 runs, whole process):")
    print("statuses   file KiB   wall ms   µs/status   peak RSS MiB")
    with tempfile.TemporaryDirectory() as folder:
        for count in (100, 10_000):
            path = os.path.join(folder, f"timeline-{count}.json")
            with open(path, "wb") as page:
                subprocess.run([BINARY, "sample", "--seed", "2026", "--count", str(count), "--now", "1795838400"], stdout=page, check=True)
            figures = []
            with open(os.devnull, "wb") as null:
                for _ in range(RUNS):
                    figures.append(run(["timeline", "--file", path, "--width", "80", "--color", "never"], null))
            wall = statistics.median(seconds for seconds, _ in figures)
            peak = max(kib for _, kib in figures)
            print(f"{count:<10} {os.path.getsize(path) / 1024:<10.1f} {wall * 1000:<9.1f} {wall * 1e6 / count:<11.1f} {peak / 1024:.1f}")


main()
