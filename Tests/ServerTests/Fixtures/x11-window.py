#!/usr/bin/env python3
"""A small X11 client for Strata's Xwayland tests (python3-xlib).

Maps a window titled TITLE of class StrataX11Test, optionally a dialog
transient for it, and optionally asks the window manager to maximize it
(_NET_WM_STATE). It prints one line per event the tests read:
  configured TITLE W H at X Y     its size and place as X now has them
  deleted TITLE                   WM_DELETE_WINDOW came; it exits
"""
import argparse
import sys

from Xlib import X, Xatom, Xutil, display, protocol


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("title")
    parser.add_argument("--size", default="300x200")
    parser.add_argument("--dialog", help="also map a dialog with this title, transient for the window")
    parser.add_argument("--maximize", action="store_true", help="ask for _NET_WM_STATE maximized once mapped")
    parser.add_argument("--min-size", help="WM_NORMAL_HINTS' minimum size, WxH")
    parser.add_argument("--move-on-press", action="store_true",
                        help="a press in the window asks the window manager to move it (_NET_WM_MOVERESIZE)")
    args = parser.parse_args()

    d = display.Display()
    screen = d.screen()
    atom = lambda name: d.intern_atom(name)
    delete = atom("WM_DELETE_WINDOW")
    width, height = (int(v) for v in args.size.split("x"))

    def make(title, w, h, transient_for=None):
        window = screen.root.create_window(
            0, 0, w, h, 0, screen.root_depth, X.InputOutput, X.CopyFromParent,
            background_pixel=screen.white_pixel,
            event_mask=X.StructureNotifyMask | X.ExposureMask | X.ButtonPressMask)
        window.set_wm_name(title)
        window.change_property(atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, title.encode())
        window.set_wm_class(title.lower().replace(" ", "-"), "StrataX11Test")
        window.set_wm_protocols([delete])
        if args.min_size and transient_for is None:
            min_width, min_height = (int(v) for v in args.min_size.split("x"))
            window.set_wm_normal_hints(flags=Xutil.PMinSize, min_width=min_width, min_height=min_height)
        if transient_for is not None:
            window.set_wm_transient_for(transient_for)
            window.change_property(atom("_NET_WM_WINDOW_TYPE"), Xatom.ATOM, 32, [atom("_NET_WM_WINDOW_TYPE_DIALOG")])
        window.map()
        return window

    windows = {}
    main_window = make(args.title, width, height)
    windows[main_window.id] = args.title
    if args.dialog:
        dialog = make(args.dialog, width // 2, height // 2, transient_for=main_window)
        windows[dialog.id] = args.dialog
    d.flush()

    asked = False
    while True:
        event = d.next_event()
        if event.type == X.MapNotify and args.maximize and not asked and event.window.id == main_window.id:
            asked = True
            message = protocol.event.ClientMessage(
                window=main_window, client_type=atom("_NET_WM_STATE"),
                data=(32, [1, atom("_NET_WM_STATE_MAXIMIZED_VERT"), atom("_NET_WM_STATE_MAXIMIZED_HORZ"), 1, 0]))
            screen.root.send_event(message, event_mask=X.SubstructureRedirectMask | X.SubstructureNotifyMask)
            d.flush()
        elif event.type == X.ButtonPress and args.move_on_press:
            # As toolkits do: the pointer is let go, and the window manager takes the drag.
            d.ungrab_pointer(X.CurrentTime)
            message = protocol.event.ClientMessage(
                window=event.window, client_type=atom("_NET_WM_MOVERESIZE"),
                data=(32, [event.root_x, event.root_y, 8, event.detail, 1]))
            screen.root.send_event(message, event_mask=X.SubstructureRedirectMask | X.SubstructureNotifyMask)
            d.flush()
            print(f"asked to move {windows.get(event.window.id, '?')}", flush=True)
        elif event.type == X.ConfigureNotify and event.window.id in windows:
            print(f"configured {windows[event.window.id]} {event.width} {event.height} at {event.x} {event.y}", flush=True)
        elif event.type == X.ClientMessage and event.client_type == atom("WM_PROTOCOLS"):
            if event.data[1][0] == delete:
                print(f"deleted {windows.get(event.window.id, '?')}", flush=True)
                return


if __name__ == "__main__":
    sys.exit(main())
