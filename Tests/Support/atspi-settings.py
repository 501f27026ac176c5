#!/usr/bin/python3
"""Reads and drives the settings window through AT-SPI, as a screen reader user does; prints JSON.

  atspi-settings.py read                  the window's title, the page selected, and each
                                          control shown: name, role, value, description (and a
                                          number's text as shown)
  atspi-settings.py names                 the name of every node of the window, shown or scrolled
                                          out of view (and those of hidden pages)
  atspi-settings.py number NAME VALUE     sets the spin button NAME (its AtkValue)
  atspi-settings.py text NAME TEXT        types TEXT into the field NAME (a password field, a number too)
                                          and presses Enter
  atspi-settings.py press NAME            presses the button NAME
  atspi-settings.py choose NAME INDEX     selects the INDEXth choice of the combo box NAME

Prints {"running": false} when no application named weibo-notifier-settings is on the bus;
a command prints {"done": true} or {"done": false} when it found no such control.
"""
import json
import sys

import pyatspi

from atspi_tree import application, walk


def shown_nodes(app):
    nodes = []
    for index in range(app.childCount):
        window = app.getChildAtIndex(index)
        if window is not None and window.getState().contains(pyatspi.STATE_SHOWING):
            walk(window, nodes)
    return [n for n in nodes if n.getState().contains(pyatspi.STATE_SHOWING)]


def value_of(node):
    role = node.getRole()
    if role == pyatspi.ROLE_SPIN_BUTTON:
        return str(int(node.queryValue().currentValue))
    if role in (pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX):
        return "true" if node.getState().contains(pyatspi.STATE_CHECKED) else "false"
    if role == pyatspi.ROLE_TEXT:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    if role == pyatspi.ROLE_COMBO_BOX:
        return node.name
    return None


def read(app):
    windows = [app.getChildAtIndex(i) for i in range(app.childCount)]
    shown = [w for w in windows if w is not None and w.getState().contains(pyatspi.STATE_SHOWING)]
    if not shown:
        return {"running": True, "window": None}
    controls = []
    for node in shown_nodes(app):
        role = node.getRole()
        if role in (pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_TEXT,
                    pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_LABEL):
            control = {"name": node.name, "role": node.getRoleName(), "value": value_of(node), "description": node.description}
            if role == pyatspi.ROLE_SPIN_BUTTON:
                text = node.queryText()
                control["shown"] = text.getText(0, text.characterCount)
            controls.append(control)
    return {"running": True, "window": shown[0].name, "controls": controls}


def find(app, roles, name):
    for node in shown_nodes(app):
        if node.getRole() in roles and node.name == name:
            return node
    return None


def main():
    app = application("weibo-notifier-settings")
    if app is None:
        print(json.dumps({"running": False}))
        return
    command = sys.argv[1] if len(sys.argv) > 1 else "read"
    if command == "read":
        print(json.dumps(read(app)))
        return
    if command == "names":
        nodes = []
        for index in range(app.childCount):
            walk(app.getChildAtIndex(index), nodes)
        print(json.dumps({"names": [node.name for node in nodes if node.name]}))
        return
    done = False
    if command == "number":
        node = find(app, (pyatspi.ROLE_SPIN_BUTTON,), sys.argv[2])
        if node is not None:
            node.queryValue().currentValue = float(sys.argv[3])
            done = True
    elif command == "text":
        node = find(app, (pyatspi.ROLE_TEXT, pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_SPIN_BUTTON), sys.argv[2])
        if node is not None:
            node.queryEditableText().setTextContents(sys.argv[3])
            action = node.queryAction()
            for index in range(action.nActions):
                if action.getName(index) == "activate":
                    action.doAction(index)
            done = True
    elif command == "choose":
        node = find(app, (pyatspi.ROLE_COMBO_BOX,), sys.argv[2])
        if node is not None:
            node.querySelection().selectChild(int(sys.argv[3]))
            done = True
    elif command == "press":
        node = find(app, (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON), sys.argv[2])
        if node is not None:
            node.queryAction().doAction(0)
            done = True
    print(json.dumps({"done": done}))


if __name__ == "__main__":
    main()
