#!/usr/bin/python3
"""Reads a dbusmenu menu COUNT times while it changes, as a panel does, with the real
libdbusmenu-glib client following its layout-updated signals meanwhile.

    dbusmenu-stress.py BUS_NAME MENU_PATH COUNT

Calls GetLayout(0, -1, []) COUNT times, one after another, and prints one JSON object:
{"calls", "failed", "updates", "items"} (calls answered, calls that failed, layout updates the
client saw, the root's items as the client reads them at the end). Run with
G_DEBUG=fatal-criticals: a CRITICAL in the client ends it with a signal.
"""
import json
import sys

import gi

gi.require_version("Dbusmenu", "0.4")
from gi.repository import Dbusmenu, Gio, GLib  # noqa: E402


def main():
    name, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    client = Dbusmenu.Client.new(name, path)
    loop = GLib.MainLoop()
    state = {"calls": 0, "failed": 0, "updates": 0}
    client.connect("layout-updated", lambda *_: state.__setitem__("updates", state["updates"] + 1))

    def call_next():
        bus.call(name, path, "com.canonical.dbusmenu", "GetLayout", GLib.Variant("(iias)", (0, -1, [])),
                 GLib.VariantType("(u(ia{sv}av))"), Gio.DBusCallFlags.NONE, 2000, None, answered)

    def answered(source, result):
        try:
            source.call_finish(result)
        except GLib.Error as error:
            state["failed"] += 1
            print(error.message, file=sys.stderr)
        state["calls"] += 1
        if state["calls"] >= count:
            # A last turn for the client to read the final layout.
            GLib.timeout_add(300, loop.quit)
        else:
            call_next()

    call_next()
    GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    root = client.get_root()
    state["items"] = len(root.get_children()) if root is not None else 0
    print(json.dumps(state), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
