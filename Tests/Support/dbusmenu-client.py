#!/usr/bin/python3
"""Drives a dbusmenu menu with the real libdbusmenu-glib client, as XFCE's tray and waybar do.

    dbusmenu-client.py BUS_NAME MENU_PATH [LABEL_PATH]

Prints the layout the client reads as JSON ({"label", "enabled", "toggle-state", "children"}),
one object for the root, then, given a LABEL_PATH such as "Pause notifications/For 1 hour",
clicks that item the way the client does (libdbusmenu sends EventGroup to a Version 3 menu)
and prints "clicked" once the server answered. Exits 1 when the menu or the item is not found
within 10 s. The bus is the session bus of the environment (DBUS_SESSION_BUS_ADDRESS).
"""
import json
import sys

import gi

gi.require_version("Dbusmenu", "0.4")
from gi.repository import Dbusmenu, GLib  # noqa: E402


def describe(item):
    return {
        "label": item.property_get("label") or "",
        "type": item.property_get("type") or "",
        "enabled": item.property_get_bool("enabled") if item.property_exist("enabled") else True,
        "toggle-state": item.property_get_int("toggle-state") if item.property_exist("toggle-state") else None,
        "children": [describe(child) for child in item.get_children()],
    }


def find(item, labels):
    if not labels:
        return item
    for child in item.get_children():
        if (child.property_get("label") or "") == labels[0]:
            return find(child, labels[1:])
    return None


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    name, path = sys.argv[1], sys.argv[2]
    labels = sys.argv[3].split("/") if len(sys.argv) > 3 else []
    loop = GLib.MainLoop()
    client = Dbusmenu.Client.new(name, path)
    outcome = {"status": 1}

    def ready():
        root = client.get_root()
        if root is None or not root.get_children():
            return False
        # Submenus are read lazily; wait until every item that has children shows them.
        print(json.dumps(describe(root), ensure_ascii=False), flush=True)
        if not labels:
            outcome["status"] = 0
            loop.quit()
            return True
        item = find(root, labels)
        if item is None:
            print("no item " + "/".join(labels), file=sys.stderr)
            loop.quit()
            return True
        item.handle_event("clicked", GLib.Variant("i", 0), 0)
        # The event goes out on the next turns of the loop; give the server time to take it.
        GLib.timeout_add(500, finish)
        return True

    def finish():
        print("clicked", flush=True)
        outcome["status"] = 0
        loop.quit()
        return False

    def poll():
        if ready():
            return False
        return True

    client.connect("layout-updated", lambda *_: None)
    GLib.timeout_add(100, poll)
    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    return outcome["status"]


if __name__ == "__main__":
    sys.exit(main())
