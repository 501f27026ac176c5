#!/usr/bin/python3
"""A stand-in for swaync's control interface: org.erikreider.swaync.cc at
/org/erikreider/swaync/cc with GetDnd, and SetDnd(b) that emits SubscribeV2(u count, b dnd,
b cc_open, b inhibited) as swaync does when its do-not-disturb changes. The notifications
themselves come from another server in the tests."""
from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.erikreider.swaync.cc">
    <method name="GetDnd"><arg type="b" direction="out"/></method>
    <method name="SetDnd"><arg type="b" direction="in"/></method>
    <signal name="SubscribeV2">
      <arg type="u"/><arg type="b"/><arg type="b"/><arg type="b"/>
    </signal>
  </interface>
</node>
"""
NAME = "org.erikreider.swaync.cc"
PATH = "/org/erikreider/swaync/cc"
dnd = False


def called(connection, sender, path, interface, method, parameters, invocation):
    global dnd
    if method == "GetDnd":
        invocation.return_value(GLib.Variant("(b)", (dnd,)))
        return
    dnd = parameters[0]
    invocation.return_value(None)
    connection.emit_signal(None, PATH, NAME, "SubscribeV2", GLib.Variant("(ubbb)", (0, dnd, False, False)))


def acquired(connection, _name):
    connection.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], called, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE, acquired, None, None)
GLib.MainLoop().run()
