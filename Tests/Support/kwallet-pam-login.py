#!/usr/bin/python3
"""KDE's wallet started as pam_kwallet starts it at a login, becoming kwalletd6 itself:

    kwallet-pam-login.py HOME

kwalletd6 --pam-login PIPE SOCKET reads the login's key (56 bytes) from PIPE and the session's
environment (NAME=value lines) from a connection on SOCKET, then opens (or makes) the wallet
`kdewallet` with that key: no dialog. Both are ready before the exec (the connection waits in
the socket's backlog), so that this process is the wallet's and a kill ends it. The session bus
is this process's DBUS_SESSION_BUS_ADDRESS; the wallet's files go under HOME.
"""
import os
import socket
import sys

home = sys.argv[1]
runtime = os.path.join(home, "runtime")
os.makedirs(runtime, mode=0o700, exist_ok=True)
environment = {
    "HOME": home, "XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": os.path.join(home, "share"),
    "XDG_CONFIG_HOME": os.path.join(home, "config"), "DBUS_SESSION_BUS_ADDRESS": os.environ["DBUS_SESSION_BUS_ADDRESS"],
    "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen",
}
path = os.path.join(runtime, "kwallet5.socket")
if os.path.exists(path):
    os.unlink(path)
listening = socket.socket(socket.AF_UNIX)
listening.bind(path)
listening.listen(1)
client = socket.socket(socket.AF_UNIX)
client.connect(path)
client.sendall("".join("%s=%s\n" % pair for pair in environment.items()).encode())
client.close()
key, writer = os.pipe()
os.write(writer, os.urandom(56))
os.close(writer)
os.set_inheritable(key, True)
os.set_inheritable(listening.fileno(), True)
environment["PAM_KWALLET5_LOGIN"] = path
os.execve("/usr/bin/kwalletd6", ["kwalletd6", "--pam-login", str(key), str(listening.fileno())], environment)
