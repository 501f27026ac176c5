#!/usr/bin/python3
"""Measures the settings window (`weibo-notifier-settings`) under Xvfb, as `make bench` reports it.

Starts Xvfb and a private dbus-daemon (with the accessibility bus, as a desktop session has),
writes a configuration and an account in a fresh home, then starts the window five times from
cold (a new process each time, G_MESSAGES_DEBUG=all so that it logs when its first frame was
drawn) and reads the time from the start to that frame, and the process's peak RSS once it has
drawn. After each start of the window, its yardstick starts cold on the same display: a libhandy
preferences window in C (Scripts/bench-handy-reference.c); the two are printed side by side.
Prints the figures with their targets; everything it started is ended.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from benchsession import kill_descendants

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/weibo-notifier-settings")



def wait_for(condition, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.005)
    return None


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def main():
    started = []
    home = tempfile.mkdtemp(prefix="weibo-notifier-settings-bench-")
    display = ":0"
    try:
        # A display number nobody uses: Xvfb picks it and says which.
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started.append(xvfb)
        display = ":" + xvfb.stdout.readline().strip()
        bus = subprocess.Popen(
            ["dbus-daemon", f"--config-file={ROOT}/Tests/Support/session-bus.conf", "--print-address=1", "--nofork"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started.append(bus)
        address = bus.stdout.readline().strip()
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_CONFIG_HOME=f"{home}/config", XDG_STATE_HOME=f"{home}/state",
                   XDG_CACHE_HOME=f"{home}/cache", HOME=home, LANG="C", DISPLAY=display, GTK_THEME="Adwaita",
                   G_MESSAGES_DEBUG="all")
        started.append(subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        os.makedirs(f"{home}/config/weibo-notifier")
        with open(f"{home}/config/weibo-notifier/config", "w") as file:
            file.write("# Mine.\n[weibo]\napp_key=2975361648\n[notifier]\ninterval=120\nquiet_hours=23:00-07:00\n")
        with open(f"{home}/config/weibo-notifier/accounts.json", "w") as file:
            file.write('{"accounts":[{"uid":5712659759,"screen_name":"bench","issued_at":1796000000,'
                       '"expires_in":157680000,"access_token":"2.00bench"}]}\n')
        reference = os.path.join(home, "bench-handy-reference")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libhandy-1"], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", reference, os.path.join(ROOT, "Scripts/bench-handy-reference.c")] + flags, check=True)
        firsts, peaks, yardsticks = [], [], []
        for _ in range(5):
            log_path = os.path.join(home, "window.log")
            log = open(log_path, "w")
            start = time.time()
            window = subprocess.Popen([BINARY, "--page", "notifications"], env=env, stdout=subprocess.DEVNULL, stderr=log)

            def drawn():
                with open(log_path, errors="replace") as text:
                    found = re.findall(r"settings: first frame drawn at (\d+)", text.read())
                return int(found[0]) if found else None

            at = wait_for(drawn)
            if at is None:
                window.kill()
                with open(log_path, errors="replace") as text:
                    said = text.read()[-2000:]
                raise SystemExit("bench-settings: the window drew nothing; its last words:\n" + said)
            firsts.append((at / 1e6 - start) * 1000)
            time.sleep(1)
            peaks.append(peak_kib(window.pid) / 1024)
            window.terminate()
            window.wait()
            log.close()
            start = time.time()
            # GLib's debug lines go to stdout; without OpenGL, as the window draws (GDK_GL).
            quiet = dict({name: value for name, value in env.items() if name != "G_MESSAGES_DEBUG"}, GDK_GL="disable")
            yardstick = subprocess.Popen([reference], env=quiet, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            started.append(yardstick)
            if yardstick.stdout.readline().strip() != "drawn":
                raise SystemExit("bench-settings: the libhandy yardstick drew nothing")
            frame = (time.time() - start) * 1000
            time.sleep(1)
            yardsticks.append((frame, peak_kib(yardstick.pid) / 1024))
            yardstick.kill()
            yardstick.wait()
        print("Settings window under Xvfb (weibo-notifier-settings, GTK 3 and libhandy; the Notifications page, a configuration and an account):")
        print(f"  first frame drawn after the start, cold: {min(firsts):.0f} / {sorted(firsts)[2]:.0f} / {max(firsts):.0f} ms "
              "(best / median / worst of 5; target <= 200 ms)")
        print(f"  peak RSS: {sorted(peaks)[2]:.1f} MiB median of 5 ({' / '.join(f'{p:.1f}' for p in peaks)}; target <= 50 MB)")
        frames = sorted(frame for frame, _ in yardsticks)
        references = sorted(peak for _, peak in yardsticks)
        print(f"  the libhandy yardstick in C, four pages, cold: first frame {frames[0]:.0f} / {frames[2]:.0f} / {frames[4]:.0f} ms, "
              f"peak RSS {references[2]:.1f} MiB median ({references[0]:.1f}-{references[4]:.1f}); started after each of the window's")
        print(f"  window over yardstick, medians: first frame {sorted(firsts)[2] / frames[2]:.2f} x, peak RSS {sorted(peaks)[2] / references[2]:.2f} x")
    finally:
        # What they started (the accessibility bus's helpers) first: this bench's own only.
        kill_descendants(started)
        for process in reversed(started):
            process.kill()
            process.wait()
        subprocess.run(["rm", "-rf", home])


if __name__ == "__main__":
    main()
