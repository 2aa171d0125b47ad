#!/usr/bin/env python3
"""Prints the accessibility tree of a running application as JSON lines.

Usage: a11y_tree.py APP_NAME [MAX_DEPTH]
Each line: {"depth": d, "role": "...", "name": "...", "states": [...], "children": n}, and for the
application's windows (depth 1) "extents": [x, y, width, height] as the application lays them out.
Exit status 2 when no application with that name is on the accessibility bus.
The same client screen readers use (AT-SPI through pyatspi): no private hooks.
"""
import json
import sys

import pyatspi


def walk(node, depth, max_depth):
    try:
        states = [pyatspi.stateToString(s) for s in node.getState().getStates()]
        line = {"depth": depth, "role": node.getRoleName(), "name": node.name or "",
                "states": states, "children": node.childCount}
        if depth == 1:
            line["extents"] = list(node.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
        print(json.dumps(line), flush=True)
    except Exception as error:  # a node that went away while we read it
        print(json.dumps({"depth": depth, "role": "gone", "name": str(error), "states": [], "children": 0}))
        return
    if depth >= max_depth:
        return
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            walk(child, depth + 1, max_depth)


def main():
    name = sys.argv[1]
    max_depth = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(index) for index in range(desktop.childCount)]
    apps = [app for app in apps if app is not None and app.name == name]
    if not apps:
        return 2
    # A second launch that hands its arguments to the running instance is on the bus for a
    # moment too, without a window: the instance with windows is the one to read.
    with_windows = [app for app in apps if app.childCount > 0]
    walk((with_windows or apps)[0], 0, max_depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
