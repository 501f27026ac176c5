#!/usr/bin/python3
"""A D-Bus peer that takes calls and does not answer them: the frozen-peer tests' stand-in.

    frozen-peer.py notifications never|notify-never|late SECONDS
    frozen-peer.py tray-watcher never
    frozen-peer.py secrets never

`notifications` owns org.freedesktop.Notifications; `tray-watcher` owns
org.kde.StatusNotifierWatcher; `secrets` owns org.freedesktop.secrets (a Secret Service whose
OpenSession, SearchItems and every other call go unanswered: a keyring stuck at start). `never`: no call is ever answered; `notify-never`: every call but
`Notify` is answered; `late SECONDS`: each call is answered that many seconds later (0.3 too). `Recover()`
on io.github.WeiboNotifier.Test makes it answer the calls it holds and every later call at once,
as a server that came back (a caller blocked in a synchronous call, as libnotify's thread is,
goes on then); `Shown()` lists the bodies of the notifications it answered, `Received()` the
methods called, `Closed()` the ids asked to close, as they came.
"""
import sys

from gi.repository import Gio, GLib

NOTIFICATIONS = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
  </interface>
  <interface name="io.github.WeiboNotifier.Test">
    <method name="Recover"/>
    <method name="Shown"><arg type="as" direction="out"/></method>
    <method name="Received"><arg type="as" direction="out"/></method>
    <method name="Closed"><arg type="au" direction="out"/></method>
  </interface>
</node>
"""

TRAY_WATCHER = """
<node>
  <interface name="org.kde.StatusNotifierWatcher">
    <method name="RegisterStatusNotifierItem"><arg type="s" direction="in"/></method>
    <method name="RegisterStatusNotifierHost"><arg type="s" direction="in"/></method>
    <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
    <property name="ProtocolVersion" type="i" access="read"/>
    <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
  </interface>
</node>
"""

SECRETS = """
<node>
  <interface name="org.freedesktop.Secret.Service">
    <method name="OpenSession">
      <arg type="s" direction="in"/><arg type="v" direction="in"/>
      <arg type="v" direction="out"/><arg type="o" direction="out"/>
    </method>
    <method name="SearchItems">
      <arg type="a{ss}" direction="in"/><arg type="ao" direction="out"/><arg type="ao" direction="out"/>
    </method>
    <method name="Unlock"><arg type="ao" direction="in"/><arg type="ao" direction="out"/><arg type="o" direction="out"/></method>
    <method name="GetSecrets">
      <arg type="ao" direction="in"/><arg type="o" direction="in"/><arg type="a{o(oayays)}" direction="out"/>
    </method>
    <method name="ReadAlias"><arg type="s" direction="in"/><arg type="o" direction="out"/></method>
  </interface>
</node>
"""

role, mode = sys.argv[1], sys.argv[2]
delay = float(sys.argv[3]) if mode == "late" else 0
name, path, xml = {
    "notifications": ("org.freedesktop.Notifications", "/org/freedesktop/Notifications", NOTIFICATIONS),
    "tray-watcher": ("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher", TRAY_WATCHER),
    "secrets": ("org.freedesktop.secrets", "/org/freedesktop/secrets", SECRETS),
}[role]

recovered = False
held = []  # calls never answered, kept so that GDBus does not answer them for us
shown = []
received = []  # every call's method, as it came
closed = []  # the ids of the CloseNotification calls, as they came
next_id = 1


def answer(invocation, method, parameters):
    global next_id
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
    elif method == "Notify":
        shown.append(parameters[4])
        replaces = parameters[1]
        if replaces == 0:
            replaces = next_id
            next_id += 1
        invocation.return_value(GLib.Variant("(u)", (replaces,)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("frozen-peer", "test", "1", "1.2")))
    else:
        invocation.return_value(None)


def called(connection, sender, object_path, interface, method, parameters, invocation):
    global recovered
    if interface == "io.github.WeiboNotifier.Test":
        if method == "Recover":
            recovered = True
            while held:
                waiting, waiting_method, waiting_parameters = held.pop(0)
                answer(waiting, waiting_method, waiting_parameters)
            invocation.return_value(None)
        elif method == "Received":
            invocation.return_value(GLib.Variant("(as)", (received,)))
        elif method == "Closed":
            invocation.return_value(GLib.Variant("(au)", (closed,)))
        else:
            invocation.return_value(GLib.Variant("(as)", (shown,)))
        return
    received.append(method)
    if method == "CloseNotification":
        closed.append(parameters[0])
    if recovered or (mode == "notify-never" and method != "Notify"):
        answer(invocation, method, parameters)
    elif mode == "late":
        entry = (invocation, method, parameters)
        held.append(entry)

        def later():
            if entry in held:
                held.remove(entry)
                answer(invocation, method, parameters)
            return False

        GLib.timeout_add(int(delay * 1000), later)
    else:
        held.append((invocation, method, parameters))


def acquired(connection, _name):
    info = Gio.DBusNodeInfo.new_for_xml(xml)
    for interface in info.interfaces:
        connection.register_object(path, interface, called, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, name, Gio.BusNameOwnerFlags.NONE, acquired, None, None)
GLib.MainLoop().run()
