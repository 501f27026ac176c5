"""What the benchmarks share: the processes they start and end, and the daemon's private session.

Imported by the bench scripts beside it (`python3 Scripts/bench-….py` puts this folder first on
the module path). Uses only Debian's python3 and python3-dbus.
"""
import os
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def resident_by_mapping(pid, binaries=()):
    """The process's resident KiB by what is mapped: "[binary]" for a file of `binaries` (its
    executable), else [heap], [anonymous], [stack] and each library or file by name; {} for a
    process that is gone."""
    sizes = {}
    name = None
    try:
        with open(f"/proc/{pid}/smaps") as smaps:
            for line in smaps:
                fields = line.split()
                if "-" in fields[0] and ":" not in fields[0]:
                    path = fields[5] if len(fields) > 5 else "[anonymous]"
                    name = "[binary]" if path in binaries else os.path.basename(path)
                elif fields[0] == "Rss:":
                    sizes[name] = sizes.get(name, 0) + int(fields[1])
    except FileNotFoundError:
        pass
    return sizes


def resident_by_section(pid, binary):
    """The resident KiB of the process's executable `binary` by ELF section (.text, .rodata, …),
    from /proc/PID/pagemap (root only; {} otherwise): a page two sections share counts half to
    each. The kernel maps code up to 64 KiB around each page a fault touches, so a section's
    figure is what is mapped, not only what ran."""
    sections = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
        number, _, rest = line.strip().partition("]")
        columns = rest.split()  # name, type, address, offset, size, …
        if number.startswith("[") and number != "[Nr" and len(columns) >= 5 and int(columns[2], 16) and int(columns[4], 16):
            start = int(columns[2], 16)
            sections.append((start, start + int(columns[4], 16), columns[0]))
    base, ranges, sizes = None, [], {}
    try:
        with open(f"/proc/{pid}/maps") as maps:
            for line in maps:
                fields = line.split()
                if len(fields) > 5 and fields[5] == binary:
                    low, high = (int(address, 16) for address in fields[0].split("-"))
                    base = low - int(fields[2], 16) if base is None else base
                    ranges.append((low, high))
        with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for low, high in ranges:
                pagemap.seek(low // 4096 * 8)
                entries = pagemap.read((high - low) // 4096 * 8)
                for index in range(0, len(entries), 8):
                    if not int.from_bytes(entries[index:index + 8], "little") >> 63:
                        continue
                    page = low + index // 8 * 4096 - base
                    names = [name for start, end, name in sections if start < page + 4096 and end > page] or ["(between sections)"]
                    for name in names:
                        sizes[name] = sizes.get(name, 0) + 4 / len(names)
    except OSError:  # no root, or the process is gone
        return {}
    return sizes


def executable_by_section(pid, binary):
    """The line the benches print of `resident_by_section`'s four largest, or None without
    root."""
    sections = largest(resident_by_section(pid, binary), top=4)
    if not sections:
        return None
    return ("  its executable by section:  " + ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in sections)
            + " MiB (the kernel maps code up to 64 KiB around a page that runs)")


def largest(sizes, top=6):
    """The `top` largest of `resident_by_mapping`'s parts, largest first."""
    return sorted(sizes.items(), key=lambda item: -item[1])[:top]


def descendants(pid):
    """The processes below `pid` (children, theirs, …), from /proc: a bench's own only."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def kill_descendants(processes):
    """Ends what `processes` started (popups, the accessibility bus's helpers), not they themselves."""
    for process in processes:
        for pid in descendants(process.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def wait_for(condition, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def daemon_session(binary, home, started):
    """A private session bus with dbusmock's notification server, the sandbox over HTTPS (its CA
    trusted through SSL_CERT_FILE) and its account logged in, for `binary run` to be measured in;
    every process it starts goes into `started`. Returns the bus, the environment, the sandbox's
    address, its token and its CA file. Checks may follow each other without the 10 s between
    them (allowed against the sandbox only)."""
    import dbus

    bus_process = subprocess.Popen(
        ["dbus-daemon", f"--config-file={ROOT}/Tests/Support/session-bus.conf", "--print-address=1", "--nofork"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    started.append(bus_process)
    address = bus_process.stdout.readline().strip()
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_CONFIG_HOME=f"{home}/config",
               XDG_STATE_HOME=f"{home}/state", HOME=home, LANG="C", WEIBO_NOTIFIER_REQUEST_GAP="0")
    started.append(subprocess.Popen(
        ["/usr/bin/python3", "-m", "dbusmock", "--template", "notification_daemon", "-p",
         '{"capabilities": "body body-markup actions persistence"}'],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    bus = dbus.bus.BusConnection(address)
    wait_for(lambda: bus.name_has_owner("org.freedesktop.Notifications"))

    sandbox = subprocess.Popen([binary, "sandbox", "--port", "0", "--new-status-every", "0", "--tls"],
                               env=dict(env, TMPDIR=home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    started.append(sandbox)
    base, token, ca = None, None, None
    while ca is None:
        line = sandbox.stdout.readline()
        if not line:
            raise SystemExit("the sandbox did not start")
        if line.startswith("Weibo sandbox listening on "):
            base = line.split()[-1]
        if "token:" in line:
            token = line.split()[-1]
        if "CA file:" in line:
            ca = line.split()[2]
    env["SSL_CERT_FILE"] = ca
    subprocess.run([binary, "login", "--token-stdin", "--uid", "5712659759", "--api-base", base],
                   input=token + "\n", env=env, text=True, check=True, stdout=subprocess.DEVNULL)
    return bus, env, base, token, ca
