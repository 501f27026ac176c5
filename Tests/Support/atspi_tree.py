"""What the AT-SPI readers here share: an application found by its name on the accessibility
bus, and its tree walked as a screen reader walks it."""
import pyatspi


def application(name):
    """The application called `name`, or None when none is on the bus."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == name:
            return app
    return None


def walk(node, found, depth=0):
    """Appends `node` and everything below it to `found`, depth first (60 levels at most)."""
    if node is None or depth > 60:
        return
    found.append(node)
    for index in range(node.childCount):
        walk(node.getChildAtIndex(index), found, depth + 1)
