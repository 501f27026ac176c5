#!/usr/bin/python3
"""A D-Bus peer whose every answer and signal has the wrong shape: the wrong-peer tests' stand-in.

    wrong-peer.py secrets|notifications

`secrets` owns org.freedesktop.secrets and answers every Secret Service call (SearchItems,
OpenSession, …) with a lone string. `notifications` owns org.freedesktop.Notifications: a working
server (GetCapabilities, Notify, GetServerInformation) whose properties (KDE's `Inhibited`,
dunst's `paused`) are read back as a lone string instead of a variant, and which sends
`PropertiesChanged` with a string where the dictionary goes, then with a dictionary of a string
where a boolean goes, every half second. dbus-python, so that nothing checks what it sends.
"""
import sys

import dbus
import dbus.lowlevel
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
role = sys.argv[1]


class WrongSecrets(dbus.service.Object):
    @dbus.service.method("org.freedesktop.Secret.Service", in_signature="a{ss}", out_signature="s")
    def SearchItems(self, attributes):
        return "wrong"

    @dbus.service.method("org.freedesktop.Secret.Service", in_signature="sv", out_signature="s")
    def OpenSession(self, algorithm, data):
        return "wrong"

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="s")
    def Get(self, interface, name):
        return "wrong"


class WrongNotifications(dbus.service.Object):
    shown = 0

    @dbus.service.method("org.freedesktop.Notifications", out_signature="as")
    def GetCapabilities(self):
        return ["body", "actions"]

    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        WrongNotifications.shown += 1
        return replaces or WrongNotifications.shown

    @dbus.service.method("org.freedesktop.Notifications", in_signature="u")
    def CloseNotification(self, identifier):
        pass

    @dbus.service.method("org.freedesktop.Notifications", out_signature="ssss")
    def GetServerInformation(self):
        return ("wrong-peer", "test", "1", "1.2")

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="s")
    def Get(self, interface, name):
        return "wrong"

    def announce(self):
        for signature, changed in (("ssas", "not a dictionary"), ("sa{ss}as", {"Inhibited": "yes"})):
            message = dbus.lowlevel.SignalMessage("/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "PropertiesChanged")
            message.append("org.freedesktop.Notifications", changed, dbus.Array([], signature="s"), signature=signature)
            bus.send_message(message)
        return True


if role == "secrets":
    name = dbus.service.BusName("org.freedesktop.secrets", bus)
    peer = WrongSecrets(bus, "/org/freedesktop/secrets")
else:
    name = dbus.service.BusName("org.freedesktop.Notifications", bus)
    peer = WrongNotifications(bus, "/org/freedesktop/Notifications")
    GLib.timeout_add(500, peer.announce)
GLib.MainLoop().run()
