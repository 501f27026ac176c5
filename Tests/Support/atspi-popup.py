#!/usr/bin/python3
"""Reads the popup through AT-SPI, as a screen reader does, and prints JSON.

  atspi-popup.py read     the popup's window: its title, its tabs (name, selected), the
                          rows of the section shown (name, focused), in order, its text
                          entries (name, focused), and the names of all its windows shown
  atspi-popup.py buttons  the names of the buttons shown
  atspi-popup.py press NAME
                          presses the button NAME shown; {"done": true} when there was one
  atspi-popup.py settext NAME TEXT
                          sets the text of the entry NAME shown (as an input method would)

Prints {"running": false} when no application named weibo-notifier-popup is on the bus.
"""
import json
import sys

import pyatspi

from atspi_tree import application, walk


def popup():
    return application("weibo-notifier-popup")


def read(app):
    windows = [app.getChildAtIndex(i) for i in range(app.childCount)]
    shown = [w for w in windows if w is not None and w.getState().contains(pyatspi.STATE_SHOWING)]
    if not shown:
        return {"running": True, "window": None}
    names = [w.name for w in shown]
    shown = [w for w in shown if w.getRole() != pyatspi.ROLE_DIALOG and w.name in ("Weibo", "微博")] or shown
    window = shown[0]
    nodes = []
    walk(window, nodes)
    tabs = []
    rows = []
    buttons = []
    labels = []
    entries = []
    for node in nodes:
        role = node.getRole()
        state = node.getState()
        if role == pyatspi.ROLE_PAGE_TAB:
            tabs.append({"name": node.name, "selected": state.contains(pyatspi.STATE_SELECTED)})
        elif role == pyatspi.ROLE_LIST_ITEM and state.contains(pyatspi.STATE_SHOWING):
            box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            rows.append({"name": node.name, "focused": state.contains(pyatspi.STATE_FOCUSED),
                         "x": box.x, "y": box.y, "width": box.width, "height": box.height})
        elif role == pyatspi.ROLE_LABEL and state.contains(pyatspi.STATE_SHOWING):
            labels.append(node.name)
        elif role == pyatspi.ROLE_PUSH_BUTTON and state.contains(pyatspi.STATE_SHOWING):
            buttons.append(node.name)
        elif role in (pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT) and state.contains(pyatspi.STATE_SHOWING) \
                and state.contains(pyatspi.STATE_EDITABLE):
            text = node.queryText()
            entries.append({"name": node.name, "focused": state.contains(pyatspi.STATE_FOCUSED),
                            "text": text.getText(0, text.characterCount)})
    return {"running": True, "window": window.name, "tabs": tabs, "rows": rows, "buttons": buttons, "labels": labels,
            "entries": entries, "windows": names}


def main():
    app = popup()
    if app is None:
        print(json.dumps({"running": False}))
        return
    if len(sys.argv) > 3 and sys.argv[1] == "settext":
        # As an input method would: the whole text at once (CJK too), into the entry NAME.
        nodes = []
        walk(app, nodes)
        for node in nodes:
            if node.getRole() in (pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT) and node.name == sys.argv[2] \
                    and node.getState().contains(pyatspi.STATE_SHOWING):
                node.queryEditableText().setTextContents(sys.argv[3])
                print(json.dumps({"done": True}))
                return
        print(json.dumps({"done": False}))
        return
    if len(sys.argv) > 2 and sys.argv[1] == "press":
        nodes = []
        walk(app, nodes)
        for node in nodes:
            if node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name == sys.argv[2] and node.getState().contains(pyatspi.STATE_SHOWING):
                node.queryAction().doAction(0)
                print(json.dumps({"done": True}))
                return
        print(json.dumps({"done": False}))
        return
    print(json.dumps(read(app), ensure_ascii=False))


if __name__ == "__main__":
    main()
