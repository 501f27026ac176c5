#!/usr/bin/python3
"""The notifier's service as the popup uses it, answering from files: the pill test's stand-in.

    items-peer.py FOLDER

Owns io.github.WeiboNotifier. GetItems(kind, count) answers the text of FOLDER/KIND.json as it
is at the call (the test writes it again when news arrive); GetCounts answers the counts in
FOLDER/counts.json (an object of counter names and numbers); MarkSeen and LogIn are written to
FOLDER/calls, one line each. The test's own method, io.github.WeiboNotifier1.Test.Emit, sends
CountsChanged with the counts of FOLDER/counts.json, as the notifier does after a poll.
dbus-python: the popup's decisions are what is tested, not this peer.
"""
import json
import os
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
folder = sys.argv[1]
INTERFACE = "io.github.WeiboNotifier1"


def counts():
    with open(os.path.join(folder, "counts.json")) as file:
        return dbus.Dictionary({name: dbus.UInt32(value) for name, value in json.load(file).items()}, signature="su")


def note(call):
    with open(os.path.join(folder, "calls"), "a") as file:
        file.write(call + "\n")


class Notifier(dbus.service.Object):
    @dbus.service.method(INTERFACE, in_signature="su", out_signature="s")
    def GetItems(self, kind, count):
        with open(os.path.join(folder, kind + ".json")) as file:
            return file.read()

    @dbus.service.method(INTERFACE, out_signature="a{su}")
    def GetCounts(self):
        return counts()

    @dbus.service.method(INTERFACE, in_signature="s")
    def MarkSeen(self, kind):
        note("MarkSeen " + kind)

    @dbus.service.method(INTERFACE)
    def LogIn(self):
        note("LogIn")

    @dbus.service.signal(INTERFACE, signature="a{su}")
    def CountsChanged(self, counts):
        pass

    @dbus.service.method(INTERFACE + ".Test")
    def Emit(self):
        self.CountsChanged(counts())


notifier = Notifier(bus, "/io/github/WeiboNotifier")
name = dbus.service.BusName("io.github.WeiboNotifier", bus)
GLib.MainLoop().run()
