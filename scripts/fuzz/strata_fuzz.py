#!/usr/bin/env python3
"""A protocol fuzzer for Strata: drives a real `strata run --headless
--manual-frames` over its Wayland socket with random and boundary values.

Request signatures come from the protocol XML (wayland.xml, xdg-shell.xml,
xdg-output, wlr-screencopy and strata-layers-v1.xml), so every request of
wl_display/wl_registry, wl_compositor, wl_surface, wl_region, wl_shm,
wl_shm_pool, wl_subcompositor, wl_subsurface, wl_data_device_manager and its
device, source and offer, wl_output, wl_seat, xdg_wm_base, xdg_surface,
xdg_toplevel, xdg_positioner, xdg_popup, zxdg_output_manager_v1,
zxdg_decoration_manager_v1 and its toplevel decorations,
zwlr_screencopy_manager_v1 and its frames, zwlr_foreign_toplevel_manager_v1,
zwlr_virtual_pointer_manager_v1 and its pointers, ext_session_lock_manager_v1
with its locks and lock surfaces, and strata_layers_v1 is covered
with every argument type (arrays and fds included), and wl_seat with its
pointer, keyboard and touch, while random `strata input` over the clients'
surfaces exercises the seat's routing. Beside them: raw
malformed wire messages, many clients at once, a client that never reads,
and a well-behaved bystander window that must keep getting frames.

Checks, all the way through:
- the compositor process stays up, and its control socket answers `frame`
  and `tree`;
- a client that breaks the protocol gets wl_display.error naming an object
  and a reason (a malformed wire message may just be disconnected);
- the bystander's commits are presented after every `frame`.

Seeded and reproducible: `--seed S --requests N`. Prints what it sent.
Exit status 0 when every check held, 1 otherwise (with the seed and the
last requests sent, to replay).
"""

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROTOCOL_FILES = [
    "/usr/share/wayland/wayland.xml",
    "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml",
    "/usr/share/wayland-protocols/unstable/xdg-output/xdg-output-unstable-v1.xml",
    "/usr/share/wayland-protocols/stable/viewporter/viewporter.xml",
    "/usr/share/wayland-protocols/staging/single-pixel-buffer/single-pixel-buffer-v1.xml",
    "/usr/share/wayland-protocols/stable/presentation-time/presentation-time.xml",
    "/usr/share/wayland-protocols/unstable/primary-selection/primary-selection-unstable-v1.xml",
    "/usr/share/wayland-protocols/staging/xdg-activation/xdg-activation-v1.xml",
    "/usr/share/wayland-protocols/unstable/idle-inhibit/idle-inhibit-unstable-v1.xml",
    "/usr/share/wayland-protocols/unstable/relative-pointer/relative-pointer-unstable-v1.xml",
    "/usr/share/wayland-protocols/unstable/pointer-constraints/pointer-constraints-unstable-v1.xml",
    "/usr/share/wayland-protocols/unstable/xdg-decoration/xdg-decoration-unstable-v1.xml",
    "/usr/share/wayland-protocols/unstable/text-input/text-input-unstable-v1.xml",
    "/usr/share/wayland-protocols/unstable/text-input/text-input-unstable-v3.xml",
    "/usr/share/wayland-protocols/staging/ext-session-lock/ext-session-lock-v1.xml",
    os.path.join(ROOT, "Sources/Protocol/wlr-screencopy-unstable-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/input-method-unstable-v2.xml"),
    os.path.join(ROOT, "Sources/Protocol/virtual-keyboard-unstable-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/wlr-foreign-toplevel-management-unstable-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/wlr-virtual-pointer-unstable-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/security-context-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/strata-layers-v1.xml"),
    os.path.join(ROOT, "Sources/Protocol/strata-blur-v1.xml"),
]
# Interfaces fuzzed, and globals bound (with the version to ask for).
GLOBALS = {"wl_compositor": 5, "wl_shm": 1, "xdg_wm_base": 5, "strata_layers_v1": 4, "wl_seat": 8,
           "wl_subcompositor": 1, "wl_data_device_manager": 3, "wl_output": 4, "zxdg_output_manager_v1": 3,
           "zwlr_screencopy_manager_v1": 3, "wp_viewporter": 1, "wp_single_pixel_buffer_manager_v1": 1,
           "wp_presentation": 1,
           "zwp_primary_selection_device_manager_v1": 1,
           "xdg_activation_v1": 1,
           "zwp_idle_inhibit_manager_v1": 1,
           "zwp_relative_pointer_manager_v1": 1,
           "zwp_pointer_constraints_v1": 1,
           "zxdg_decoration_manager_v1": 1,
           "zwp_text_input_manager_v3": 1,
           "zwp_text_input_manager_v1": 1,
           "zwp_input_method_manager_v2": 1,
           "zwp_virtual_keyboard_manager_v1": 1,
           "zwlr_foreign_toplevel_manager_v1": 3,
           "zwlr_virtual_pointer_manager_v1": 2,
           "ext_session_lock_manager_v1": 1,
           "strata_blur_manager_v1": 1,
           "wp_security_context_manager_v1": 1,
           }
SKIP_INTERFACES = {"wl_shell", "wl_shell_surface"}


def load_protocols():
    """interface name -> list of requests (name, [(arg type, interface, allow_null)], is_destructor)."""
    interfaces = {}
    for path in PROTOCOL_FILES:
        for iface in ET.parse(path).getroot().iter("interface"):
            requests = []
            for req in iface.findall("request"):
                args = [(a.get("type"), a.get("interface"), a.get("allow-null") == "true") for a in req.findall("arg")]
                requests.append((req.get("name"), args, req.get("type") == "destructor"))
            events = [[a.get("type") for a in ev.findall("arg")] for ev in iface.findall("event")]
            interfaces[iface.get("name")] = {"requests": requests, "events": events}
    return interfaces


PROTOCOLS = load_protocols()


# libwayland's largest message (WL_MAX_MESSAGE_SIZE in 1.21), header included.
MAX_MESSAGE_SIZE = 4096


def pad(data):
    return data + b"\0" * (-len(data) % 4)


def encode_string(text):
    if text is None:
        return struct.pack("<I", 0)
    raw = text.encode() + b"\0"
    return struct.pack("<I", len(raw)) + pad(raw)


def encode_array(data):
    return struct.pack("<I", len(data)) + pad(data)


class Dead(Exception):
    """The compositor closed this client's connection."""


class Client:
    """One raw Wayland connection: object ids, wire encoding, events."""

    def __init__(self, path, name):
        self.name = name
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.setblocking(False)
        self.objects = {1: "wl_display"}
        self.next_id = 2
        self.inbox = b""
        self.error = None          # (object id, code, message) from wl_display.error
        self.closed = False        # a send failed, or we closed it
        self.eof = False           # the compositor closed the connection
        self.globals = {}          # interface -> (name, version)
        self.events = []           # (object id, interface, opcode, raw args)

    def new_id(self, interface):
        oid = self.next_id
        self.next_id += 1
        self.objects[oid] = interface
        return oid

    def send_raw(self, data, fds=()):
        if self.closed:
            raise Dead()
        # Blocking, with a timeout, so a message is never cut short.
        self.sock.settimeout(5)
        try:
            if fds:
                socket.send_fds(self.sock, [data], list(fds))
            else:
                self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            self.closed = True
            raise Dead()
        finally:
            self.sock.setblocking(False)

    def send(self, oid, opcode, payload, fds=()):
        header = struct.pack("<IHH", oid, opcode, 8 + len(payload))
        self.send_raw(header + payload, fds)

    def read_events(self, timeout=0.0):
        """Reads what is there (waiting up to `timeout` for the first bytes)."""
        if self.eof:
            return
        self.sock.settimeout(timeout if timeout > 0 else 0)
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    self.eof = self.closed = True
                    break
                self.inbox += chunk
                self.sock.setblocking(False)
        except (BlockingIOError, socket.timeout):
            pass
        except (ConnectionResetError, OSError):
            self.eof = self.closed = True
        finally:
            if self.sock.fileno() >= 0:
                self.sock.setblocking(False)
        self.parse()

    def drain(self, timeout=2.0):
        """Reads until the compositor closes the connection (or `timeout`)."""
        deadline = time.time() + timeout
        while not self.eof and time.time() < deadline:
            self.read_events(0.05)

    def parse(self):
        while len(self.inbox) >= 8:
            oid, opcode, size = struct.unpack("<IHH", self.inbox[:8])
            if size < 8 or len(self.inbox) < size:
                break
            body = self.inbox[8:size]
            self.inbox = self.inbox[size:]
            interface = self.objects.get(oid)
            if oid == 1 and opcode == 0:     # wl_display.error(object, code, message)
                obj, code, length = struct.unpack("<III", body[:12])
                self.error = (obj, code, body[12:12 + length - 1].decode(errors="replace"))
            # wl_display.delete_id is not applied: which ids are known must
            # depend only on what this client sent, or a run would depend on
            # timing. Requests on such ids are errors the compositor handles.
            elif interface == "wl_registry" and opcode == 0:
                name, length = struct.unpack("<II", body[:8])
                iface = body[8:8 + length - 1].decode()
                version = struct.unpack("<I", body[8 + len(pad(body[8:8 + length])):][:4])[0]
                self.globals[iface] = (name, version)
            self.events.append((oid, interface, opcode, body))

    def roundtrip(self, timeout=5.0):
        """wl_display.sync and wait for its done; False if the connection died."""
        callback = self.new_id("wl_callback")
        try:
            self.send(1, 0, struct.pack("<I", callback))
        except (Dead, BlockingIOError):
            return False
        deadline = time.time() + timeout
        while time.time() < deadline and not self.closed:
            self.read_events(0.05)
            if any(e[0] == callback for e in self.events):
                self.events = [e for e in self.events if e[0] != callback]
                return True
        return False

    def bind_globals(self):
        registry = self.new_id("wl_registry")
        self.send(1, 1, struct.pack("<I", registry))
        self.roundtrip()
        bound = {}
        for iface, want in GLOBALS.items():
            if iface not in self.globals:
                continue
            name, version = self.globals[iface]
            version = min(version, want)
            oid = self.new_id(iface)
            self.send(registry, 0, struct.pack("<I", name) + encode_string(iface) + struct.pack("<II", version, oid))
            bound[iface] = oid
        return bound

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
        self.closed = True


def control(control_path, command, timeout=10.0):
    """One control-socket request; the answer line, or None if it did not answer."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(control_path)
            s.sendall(command.encode() + b"\n")
            s.shutdown(socket.SHUT_WR)
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
            return answer.decode(errors="replace")
    except OSError:
        return None


class Values:
    """Random and boundary values for each wire type."""

    INTS = [0, 1, -1, 2, 7, 16, 255, 4096, 16384, 16385, 32767, 32768, 65535, -32768, 2**31 - 1, -2**31, 2**30]
    UINTS = [0, 1, 2, 3, 4, 5, 12, 13, 255, 65535, 2**31, 2**32 - 1, 2**31 - 1]
    DOUBLES = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, 1e300, -1e300, 1e308, 5e-324, 3e6, 1e7, 65536.0, 32768.0,
               float("inf"), float("-inf"), float("nan"), 100.0, 0.01]

    def __init__(self, rng):
        self.rng = rng

    def int(self):
        return self.rng.choice(self.INTS) if self.rng.random() < 0.7 else self.rng.randint(-2**31, 2**31 - 1)

    def uint(self):
        return self.rng.choice(self.UINTS) if self.rng.random() < 0.7 else self.rng.randint(0, 2**32 - 1)

    def fixed(self):
        if self.rng.random() < 0.3:
            return self.rng.choice([0, 256, -256, 128, 2560, 25600, 2**31 - 1, -2**31, 1, -1])
        return self.rng.randint(-2**31, 2**31 - 1) if self.rng.random() < 0.3 else self.rng.randint(-256 * 2000, 256 * 2000)

    def string(self, allow_null):
        choice = self.rng.random()
        if allow_null and choice < 0.1:
            return None
        if choice < 0.2:
            return ""
        if choice < 0.3:
            return "x" * self.rng.choice([255, 1000, 4000])
        return "".join(self.rng.choice("abcdefghij-_./ éü") for _ in range(self.rng.randint(1, 24)))

    def array(self):
        kind = self.rng.random()
        if kind < 0.6:   # six doubles: an affine transform
            return struct.pack("<6d", *(self.rng.choice(self.DOUBLES) if self.rng.random() < 0.25
                                        else self.rng.uniform(-4, 4) for _ in range(6)))
        if kind < 0.8:   # uints (xdg states, lists)
            return struct.pack("<%dI" % (n := self.rng.randint(0, 8)), *(self.uint() for _ in range(n)))
        return bytes(self.rng.getrandbits(8) for _ in range(self.rng.choice([0, 1, 3, 47, 49, 100])))


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.values = Values(self.rng)
        self.sent = 0
        self.malformed = 0
        self.protocol_errors = 0
        self.disconnects = 0
        self.clients_made = 0
        self.failures = []
        self.log = []   # the last requests sent, for a report
        self.reasons = {}  # the first words of each protocol error's message, counted
        self.digest = hashlib.sha256()  # of every request, to show a replay is the same run

    # MARK: compositor

    def start(self):
        self.runtime = tempfile.mkdtemp(prefix="strata-fuzz-")
        self.socket_path = os.path.join(self.runtime, "strata-fuzz")
        self.control_path = self.socket_path + ".control"
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime)
        env.pop("WAYLAND_DISPLAY", None)
        self.stderr = open(os.path.join(self.runtime, "strata.log"), "w+")
        self.server = subprocess.Popen(
            [self.args.strata, "run", "--headless", "--no-startup", "--manual-frames", "--socket", "strata-fuzz",
             "--size", "320x240", "--max-layers", "4096", "--max-buffer-bytes", str(64 << 20)],
            env=env, stdout=subprocess.DEVNULL, stderr=self.stderr)
        deadline = time.time() + 20
        while not os.path.exists(self.control_path):
            if self.server.poll() is not None or time.time() > deadline:
                raise SystemExit("strata did not start")
            time.sleep(0.02)

    def alive(self):
        return self.server.poll() is None

    def check_control(self):
        for command in ("frame", "tree"):
            answer = control(self.control_path, command)
            if answer is None or answer.startswith("error"):
                self.fail("control `%s` did not answer: %r" % (command, answer))
                return
            try:
                json.loads(answer)
            except ValueError:
                self.fail("control `%s` answered something not JSON: %r" % (command, answer[:200]))

    def fail(self, message):
        if message not in self.failures:
            self.failures.append(message)

    # MARK: the bystander

    def make_bystander(self):
        c = Client(self.socket_path, "bystander")
        g = c.bind_globals()
        surface = c.new_id("wl_surface")
        c.send(g["wl_compositor"], 0, struct.pack("<I", surface))
        xdg_surface = c.new_id("xdg_surface")
        c.send(g["xdg_wm_base"], 2, struct.pack("<II", xdg_surface, surface))
        toplevel = c.new_id("xdg_toplevel")
        c.send(xdg_surface, 1, struct.pack("<I", toplevel))
        c.send(toplevel, 2, encode_string("bystander"))
        c.send(surface, 6, b"")  # wl_surface.commit
        c.roundtrip()
        configure = [e for e in c.events if e[1] == "xdg_surface" and e[2] == 0]
        if not configure:
            raise SystemExit("bystander got no configure")
        c.send(xdg_surface, 4, configure[-1][3][:4])  # ack_configure(serial)
        context = c.new_id("strata_context_v1")
        c.send(g["strata_layers_v1"], 2, struct.pack("<II", context, surface))
        layer = c.new_id("strata_layer_v1")
        c.send(g["strata_layers_v1"], 1, struct.pack("<I", layer))
        c.send(layer, 2, struct.pack("<4i", 0, 0, 100 * 256, 80 * 256))     # set_bounds
        c.send(layer, 8, struct.pack("<4i", 0, 0, 256, 256))                # set_background_color
        c.send(context, 1, struct.pack("<I", layer))                        # set_root_layer
        c.events.clear()
        self.bystander = (c, g["strata_layers_v1"], layer)
        self.bystander_serial = 0
        self.bystander_frame()

    def bystander_frame(self):
        """Commit a change, render a frame, and expect it presented."""
        c, manager, layer = self.bystander
        self.bystander_serial += 1
        c.send(layer, 1, struct.pack("<ii", 256 * (50 + self.bystander_serial % 7), 256 * 40))  # set_position
        c.send(manager, 3, struct.pack("<I", self.bystander_serial))                            # commit
        c.roundtrip()
        if control(self.control_path, "frame") is None:
            self.fail("control `frame` did not answer")
        deadline = time.time() + 5
        while time.time() < deadline:
            c.read_events(0.05)
            if any(e[0] == manager and e[2] == 1 and struct.unpack("<I", e[3][:4])[0] == self.bystander_serial
                   for e in c.events):
                c.events.clear()
                return
            if c.closed or c.error:
                break
        self.fail("the bystander's commit %d was not presented (error: %s)" % (self.bystander_serial, c.error))

    # MARK: fuzzing clients

    def make_client(self):
        self.clients_made += 1
        c = Client(self.socket_path, "fuzz-%d" % self.clients_made)
        g = c.bind_globals()
        if self.rng.random() < 0.7:
            self.scaffold(c, g)
        return c

    def scaffold(self, c, g):
        """A mapped window showing a small layer tree with contents, so the
        random requests that follow act on layers that are drawn."""
        surface = c.new_id("wl_surface")
        c.send(g["wl_compositor"], 0, struct.pack("<I", surface))
        xdg_surface = c.new_id("xdg_surface")
        c.send(g["xdg_wm_base"], 2, struct.pack("<II", xdg_surface, surface))
        toplevel = c.new_id("xdg_toplevel")
        c.send(xdg_surface, 1, struct.pack("<I", toplevel))
        c.send(surface, 6, b"")
        if not c.roundtrip(2.0):
            return
        configure = [e for e in c.events if e[1] == "xdg_surface" and e[2] == 0]
        if configure:
            c.send(xdg_surface, 4, configure[-1][3][:4])
        fd = os.memfd_create("fuzz-scaffold")
        os.ftruncate(fd, 64 * 64 * 4)
        pool = c.new_id("wl_shm_pool")
        c.send(g["wl_shm"], 0, struct.pack("<Ii", pool, 64 * 64 * 4), [fd])
        os.close(fd)
        buffer = c.new_id("wl_buffer")
        c.send(pool, 0, struct.pack("<Iiiiii", buffer, 0, 64, 64, 256, 0))  # ARGB8888
        context = c.new_id("strata_context_v1")
        c.send(g["strata_layers_v1"], 2, struct.pack("<II", context, surface))
        root = c.new_id("strata_layer_v1")
        c.send(g["strata_layers_v1"], 1, struct.pack("<I", root))
        c.send(root, 2, struct.pack("<4i", 0, 0, 120 * 256, 90 * 256))
        c.send(context, 1, struct.pack("<I", root))
        parent = root
        for index in range(3):
            layer = c.new_id("strata_layer_v1")
            c.send(g["strata_layers_v1"], 1, struct.pack("<I", layer))
            c.send(layer, 2, struct.pack("<4i", 0, 0, 40 * 256, 30 * 256))
            c.send(layer, 1, struct.pack("<ii", 30 * 256, 20 * 256))
            c.send(layer, 8, struct.pack("<4i", 256, 128, 0, 256))
            if index == 1:
                c.send(layer, 9, struct.pack("<Iii", buffer, 64, 64))   # set_contents
            c.send(parent, 15, struct.pack("<II", layer, 0))            # insert_sublayer
            parent = layer
        c.send(g["strata_layers_v1"], 3, struct.pack("<I", 1))          # commit
        if "wl_subcompositor" in g:
            # A subsurface with the same buffer, so subsurface requests act on something drawn.
            child = c.new_id("wl_surface")
            c.send(g["wl_compositor"], 0, struct.pack("<I", child))
            subsurface = c.new_id("wl_subsurface")
            c.send(g["wl_subcompositor"], 1, struct.pack("<III", subsurface, child, surface))
            c.send(subsurface, 1, struct.pack("<ii", 20, 10))           # set_position
            c.send(child, 1, struct.pack("<Iii", buffer, 0, 0))         # attach
            c.send(child, 6, b"")                                       # commit (cached)
            c.send(surface, 6, b"")                                     # the parent's commit applies it
        self.scaffold_popup(c, g, xdg_surface, buffer)

    def scaffold_popup(self, c, g, parent, buffer):
        """A popup of the window, shown, so xdg_popup requests (and nested
        popups on it) act on something drawn."""
        positioner = c.new_id("xdg_positioner")
        c.send(g["xdg_wm_base"], 1, struct.pack("<I", positioner))      # create_positioner
        c.send(positioner, 1, struct.pack("<ii", 30, 20))               # set_size
        c.send(positioner, 2, struct.pack("<4i", 10, 10, 5, 5))         # set_anchor_rect
        c.send(positioner, 3, struct.pack("<I", 8))                     # set_anchor bottom_right
        c.send(positioner, 4, struct.pack("<I", 8))                     # set_gravity bottom_right
        c.send(positioner, 5, struct.pack("<I", 63))                    # every constraint adjustment
        surface = c.new_id("wl_surface")
        c.send(g["wl_compositor"], 0, struct.pack("<I", surface))
        xdg_surface = c.new_id("xdg_surface")
        c.send(g["xdg_wm_base"], 2, struct.pack("<II", xdg_surface, surface))
        popup = c.new_id("xdg_popup")
        c.send(xdg_surface, 2, struct.pack("<III", popup, parent, positioner))   # get_popup
        c.send(surface, 6, b"")
        if not c.roundtrip(2.0):
            return
        configure = [e for e in c.events if e[0] == xdg_surface and e[2] == 0]
        if configure:
            c.send(xdg_surface, 4, configure[-1][3][:4])                # ack_configure
        c.send(surface, 1, struct.pack("<Iii", buffer, 0, 0))           # attach
        c.send(surface, 6, b"")                                         # commit: mapped

    def random_input(self):
        """A `strata input` request at a random place, on or off the output."""
        r = self.rng
        x, y = "%.1f" % r.uniform(0, 400), "%.1f" % r.uniform(0, 300)
        return r.choice([
            "input move %s %s" % (x, y),
            "input click %s %s --button %s --count %d" % (x, y, r.choice(["left", "right", "middle"]), r.randrange(1, 3)),
            "input press %s" % r.choice(["left", "right"]),
            "input release %s" % r.choice(["left", "right"]),
            "input tap %s %s" % (x, y),
            "input touch down %d %s %s" % (r.randrange(3), x, y),
            "input touch move %d %s %s" % (r.randrange(3), x, y),
            "input touch up %d" % r.randrange(3),
            "input key %s" % r.choice(["a", "Return", "BackSpace", "Shift_L", "Tab"]),
            "input scroll %.1f %.1f" % (r.uniform(-20, 20), r.uniform(-20, 20)),
        ])

    def pick_object(self, c, interface):
        ids = [oid for oid, iface in c.objects.items() if iface == interface]
        return self.rng.choice(ids) if ids else 0

    def random_request(self, c):
        """One request on a random live object, with random arguments."""
        candidates = [(oid, iface) for oid, iface in c.objects.items()
                      if iface in PROTOCOLS and iface not in SKIP_INTERFACES and PROTOCOLS[iface]["requests"]]
        # Mostly layers: their requests are where the compositor does the most.
        layers = [entry for entry in candidates if entry[1] == "strata_layer_v1"]
        oid, iface = self.rng.choice(layers if layers and self.rng.random() < 0.7 else candidates)
        requests = PROTOCOLS[iface]["requests"]
        opcode = self.rng.randrange(len(requests))
        name, args, destructor = requests[opcode]
        if iface == "wl_display" and name == "get_registry" and self.rng.random() < 0.8:
            return  # a second registry adds little
        if destructor and self.rng.random() < 0.7:
            return  # destroying everything early leaves nothing to fuzz
        payload = b""
        fds = []
        if iface == "strata_layer_v1" and name in ("add_animation", "add_transition") and self.rng.random() < 0.6:
            # Mostly well-formed, so the compositor plays them (and its
            # frames, transitions and events run), with boundary values mixed in.
            payload = self.plausible_animation(name)
            args = []
        elif iface == "strata_layer_v1" and name in self.STYLING_ARRAYS and self.rng.random() < 0.7:
            # Paths, dashes, ranges, gradients, 3-D matrices and backdrops that
            # mostly parse, so the renderer rasterises, strokes, trims,
            # projects and blurs them.
            payload = self.plausible_styling(name)
            args = []
        for arg_type, arg_iface, allow_null in args:
            if arg_type == "int":
                payload += struct.pack("<i", self.values.int())
            elif arg_type == "uint":
                payload += struct.pack("<I", self.values.uint())
            elif arg_type == "fixed":
                payload += struct.pack("<i", self.values.fixed())
            elif arg_type == "string":
                payload += encode_string(self.values.string(allow_null))
            elif arg_type == "array":
                payload += encode_array(self.values.array())
            elif arg_type == "object":
                r = self.rng.random()
                if r < 0.92 and arg_iface:
                    target = self.pick_object(c, arg_iface)
                elif r < 0.96:
                    target = 0
                else:
                    target = self.rng.choice([1, c.next_id + 5, 2**31, self.rng.randrange(1, c.next_id + 2)])
                payload += struct.pack("<I", target)
            elif arg_type == "new_id":
                if arg_iface is None:    # wl_registry.bind: interface, version, id
                    bind_iface = self.rng.choice(list(GLOBALS))
                    payload += encode_string(bind_iface) + struct.pack("<I", self.rng.choice([1, 2, 5, 99]))
                    arg_iface = bind_iface
                fresh = c.new_id(arg_iface) if self.rng.random() < 0.99 else self.rng.choice([c.next_id + 3, 1, 2])
                payload += struct.pack("<I", fresh)
            elif arg_type == "fd":
                size = self.rng.choice([0, 4096, 4 * 64 * 64, 1 << 20])
                fd = os.memfd_create("fuzz-pool")
                os.ftruncate(fd, size)
                fds.append(fd)
        if 8 + len(payload) > MAX_MESSAGE_SIZE:
            # Not a message libwayland can carry (a 4 KiB boundary string
            # beside other arguments): it would only test the wire's limit.
            for fd in fds:
                os.close(fd)
            return
        self.log_request("%s %s@%d.%s(%s)" % (c.name, iface, oid, name, payload.hex()))
        if destructor:
            c.objects.pop(oid, None)
        try:
            c.send(oid, opcode, payload, fds)
        finally:
            for fd in fds:
                os.close(fd)

    KEY_PATHS = {"position": 2, "position.x": 1, "bounds": 4, "bounds.size": 2, "anchorPoint": 2, "transform": 6,
                 "transform.rotation.z": 1, "transform.scale": 1, "transform.translation": 2, "opacity": 1,
                 "backgroundColor": 4, "contentsRect": 4, "contentsCenter": 4,
                 "cornerRadius": 1, "borderWidth": 1, "borderColor": 4, "shadowColor": 4, "shadowOpacity": 1,
                 "shadowOffset": 2, "shadowRadius": 1, "fillColor": 4, "strokeColor": 4, "lineWidth": 1,
                 "lineDashPhase": 1, "miterLimit": 1, "strokeStart": 1, "strokeEnd": 1, "startPoint": 2, "endPoint": 2,
                 "instanceTransform": 6, "sublayerTransform": 16, "zPosition": 1, "anchorPointZ": 1,
                 "transform.rotation.x": 1, "transform.rotation.y": 1, "transform.translation.z": 1,
                 "transform.scale.z": 1, "backdropRadius": 1, "backdropSaturation": 1, "backdropTintColor": 4}
    # Values of varying length, each preceded by its count of doubles.
    VARIABLE_KEY_PATHS = ("path", "shadowPath", "colors", "locations")

    def plausible_animation(self, name):
        """add_animation or add_transition arguments that mostly fit their rules."""
        rng = self.rng
        def doubles(values):
            return encode_array(struct.pack("<%dd" % len(values), *values))
        def number():
            return rng.choice([0.0, 1.0, 0.5, -1.0, 1e9, rng.uniform(-500, 500), float("inf"), float("nan"), 1e-300,
                               1e300, -1e300, 16777216.0, 8192.0])
        key = rng.choice(["k", "slide", "x" * 200, ""])
        timing = [rng.choice([0.0, 0.0, 0.1, -0.5, 5.0]), rng.choice([0.0, 0.05, 0.25, 1.0, 100.0, -1.0]),
                  rng.choice([1.0, 1.0, 0.0, 2.0, -1.0]), rng.choice([0.0, 0.3]),
                  rng.choice([0.0, 0.0, 2.5, float("inf")]), rng.choice([0.0, 0.0, 0.7])]
        flags = rng.choice([0, 1, 2, 4, 8, 16, 24, 32, 64, 127, 128])
        curves = rng.choice([[], [0.42, 0, 0.58, 1], [0.9, -2, 0.1, 3], [-1, 0, 1, 1], [0, 1e308, 1, -1e308], [0, 999, 1, -999]])
        if name == "add_transition":
            return (encode_string(key) + struct.pack("<II", rng.randrange(7), rng.randrange(5)) + doubles(timing)
                    + doubles(curves) + doubles(rng.choice([[0, 1], [0.25, 0.75], [0, 2], [0]])) + struct.pack("<I", flags))
        path = rng.choice(list(self.KEY_PATHS) + list(self.VARIABLE_KEY_PATHS) + ["cornerRadiusX"])
        width = self.KEY_PATHS.get(path, 1)
        count = rng.choice([1, 2, 2, 3, 5])
        if path in self.VARIABLE_KEY_PATHS:
            values = []
            for _ in range(count):
                value = self.plausible_path() if path.endswith("ath") else [rng.uniform(0, 1) for _ in range(rng.choice([0, 4, 8, 9]))]
                values += [rng.choice([len(value)] * 8 + [len(value) + 1, -1, 1e9])] + value
        else:
            values = [rng.uniform(0, 1) if rng.random() < 0.8 else number() for _ in range(count * width + rng.choice([0, 0, 0, 1]))]
        key_times = rng.choice([[], sorted(rng.uniform(0, 1) for _ in range(count)), [0.5] * count, [1, 0]])
        spring = rng.choice([[], [], [1, 100, 10, 0], [0, 1, 1, 1], [1e-3, 1e9, 0, 1e6], [1e6, 1e-3, 1e9, -1e6]])
        return (encode_string(key) + encode_string(path) + doubles(values) + doubles(key_times)
                + doubles(curves * rng.choice([1, count])) + doubles(spring) + doubles(timing) + struct.pack("<I", flags))

    STYLING_ARRAYS = ("set_shape", "set_shadow_path", "set_line_dash", "set_stroke_range", "set_gradient",
                      "set_transform_3d", "set_sublayer_transform", "set_backdrop")

    def plausible_matrix(self):
        """Sixteen doubles: mostly turns in perspective, sometimes singular,
        edge-on, behind the eye, huge or not finite."""
        rng = self.rng
        angle = rng.choice([0, math.pi / 2, math.pi, rng.uniform(-7, 7)])
        c, s = math.cos(angle), math.sin(angle)
        m = [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1] if rng.random() < 0.5 else \
            [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]
        m[11] = rng.choice([0, -1 / 500, -1 / 50, 1 / 500, -1, -1e-9, -1e9])          # m34: perspective
        m[12], m[13], m[14] = (rng.uniform(-300, 300) for _ in range(3))              # translation
        if rng.random() < 0.2:
            m[rng.randrange(16)] = rng.choice([0.0, 1e300, -1e300, 16777216.0, float("nan"), float("inf"), 1e-300])
        if rng.random() < 0.05:
            m = m[:rng.choice([0, 6, 15])] + m[16:] if rng.random() < 0.5 else m + [1.0]
        return m

    def plausible_path(self):
        """A path's doubles: elements with coordinates from small to 2^24, sometimes broken."""
        rng = self.rng
        def coordinate():
            return rng.uniform(-50, 250) if rng.random() < 0.85 else rng.choice(
                [16777216.0, -16777216.0, 1e7, 0.0, 1e-300, 16777217.0, float("nan"), float("inf")])
        values = []
        count = rng.choice([0, 1, 3, 8, 40, 2000] if rng.random() < 0.98 else [16384, 16385])
        for _ in range(count):
            op = rng.choice([0, 1, 1, 2, 3, 3, 4]) if rng.random() < 0.98 else rng.choice([5, -1, 0.5, 1e9])
            values.append(op)
            values += [coordinate() for _ in range({0: 2, 1: 2, 2: 4, 3: 6}.get(op, 0))]
        if values and rng.random() < 0.05:
            values.pop()   # a truncated element
        return values

    def plausible_styling(self, name):
        rng = self.rng
        def doubles(values):
            return encode_array(struct.pack("<%dd" % len(values), *values))
        if name in ("set_transform_3d", "set_sublayer_transform"):
            return doubles(self.plausible_matrix())
        if name == "set_backdrop":
            return doubles(rng.choice([[], [rng.uniform(0, 128), rng.uniform(0, 4), rng.random(), rng.random(), rng.random(), rng.random()],
                                       [30, 1.8, 1, 1, 1, 0.3], [128, 4, 0, 0, 0, 1], [129, 1, 0, 0, 0, 0], [float("nan"), 1, 0, 0, 0, 0],
                                       [1e300, 1, 0, 0, 0, 0], [10, 1, 0]]))
        if name in ("set_shape", "set_shadow_path"):
            payload = doubles(self.plausible_path())
            return payload + (struct.pack("<I", rng.choice([0, 1, 1, 2])) if name == "set_shape" else b"")
        if name == "set_line_dash":
            pattern = rng.choice([[], [4, 2], [0.001, 0.001], [1e-300], [0, 0], [10, 0, 5], [-1, 2], [1e300, 1],
                                  [rng.uniform(0, 20) for _ in range(rng.choice([1, 2, 64, 65]))]])
            return doubles(pattern) + struct.pack("<i", self.values.fixed())
        if name == "set_stroke_range":
            return doubles(rng.choice([[0, 1], [0, 0.5], [0.3, 0.2], [rng.random(), rng.random()], [0, 2], [float("nan"), 1], [0]]))
        n = rng.choice([0, 1, 2, 3, 256, 257])
        colors = [rng.random() if rng.random() < 0.95 else rng.choice([2.0, -1.0, float("nan")]) for _ in range(4 * n)]
        locations = rng.choice([[], sorted(rng.random() for _ in range(n)), [0.5] * n, [2.0] * n, [0.1]])
        points = rng.choice([[0.5, 0, 0.5, 1], [0, 0, 1, 1], [0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 1e-9, 0.5],
                             [1e7, -1e7, 16777216, 0], [float("inf"), 0, 0, 0], [0, 0, 1]])
        return struct.pack("<I", rng.choice([0, 1, 2, 3])) + doubles(colors) + doubles(locations) + doubles(points)

    def malformed_message(self, c):
        """Wire data libwayland must refuse: the compositor disconnects (or errors) that client."""
        kind = self.rng.randrange(6)
        oid = self.rng.choice(list(c.objects))
        if kind == 0:   # size below the header
            data = struct.pack("<IHH", oid, 0, self.rng.choice([0, 4, 7]))
        elif kind == 1:  # size not a multiple of 4, or past what follows
            data = struct.pack("<IHH", oid, 0, self.rng.choice([9, 10, 4000])) + b"\0" * 4
        elif kind == 2:  # unknown opcode
            data = struct.pack("<IHH", oid, self.rng.choice([40, 255, 65535]), 8)
        elif kind == 3:  # unknown object
            data = struct.pack("<IHH", self.rng.choice([c.next_id + 100, 0xff000000 - 1, 2**31]), 0, 12) + b"\0" * 4
        elif kind == 4:  # wl_shm.create_pool without its fd
            shm = self.pick_object(c, "wl_shm") or oid
            data = struct.pack("<IHH", shm, 0, 16) + struct.pack("<Ii", c.next_id, 4096)
            c.next_id += 1
        else:            # a string whose length runs past the message
            data = struct.pack("<IHH", oid, 0, 16) + struct.pack("<I", 1000) + b"abcd"
        self.log_request("%s malformed kind %d: %s" % (c.name, kind, data.hex()))
        self.malformed += 1
        c.send_raw(data)
        return kind

    def log_request(self, line):
        self.digest.update(line.encode() + b"\n")
        self.log.append(line)
        if len(self.log) > 40:
            del self.log[0]

    def judge(self, c, malformed):
        """After a client's connection ended: was it told why?"""
        if c.error is not None:
            self.protocol_errors += 1
            obj, code, message = c.error
            reason = " ".join(message.split()[:4])
            self.reasons[reason] = self.reasons.get(reason, 0) + 1
            if obj == 0 or not message.strip():
                self.fail("protocol error without an object or a reason: %r" % (c.error,))
        elif not malformed:
            # Well-formed requests must never just drop the connection.
            self.disconnects += 1
            self.fail("%s was disconnected without a protocol error after: %s" % (c.name, self.log[-1]))
        else:
            self.disconnects += 1

    # MARK: run

    def run(self):
        started = time.time()
        self.start()
        try:
            self.make_bystander()
            stalled = Client(self.socket_path, "stalled")  # never reads its events
            stalled_registry = stalled.new_id("wl_registry")
            stalled.send(1, 1, struct.pack("<I", stalled_registry))
            clients = [self.make_client() for _ in range(self.args.clients)]
            malformed_sent = {id(c): False for c in clients}
            # What happens next depends only on the seed: a client's fate is
            # looked at only at checkpoints (a roundtrip, or reading until the
            # compositor hangs up), never at whenever a send happened to fail.
            while self.sent < self.args.requests and self.alive():
                index = self.rng.randrange(len(clients))
                c = clients[index]
                malformed = self.rng.random() < self.args.malformed
                try:
                    if malformed:
                        self.malformed_message(c)
                        malformed_sent[id(c)] = True
                    else:
                        self.random_request(c)
                except (Dead, BlockingIOError):
                    pass  # it was dropped; the checkpoint tells why
                self.sent += 1
                c.count = getattr(c, "count", 0) + 1
                if self.rng.random() < 0.05:
                    try:  # the stalled client asks for events it never reads
                        stalled.send(1, 0, struct.pack("<I", stalled.new_id("wl_callback")))
                    except (Dead, BlockingIOError):
                        pass
                if malformed:
                    # Done with it: libwayland may be waiting for the rest of
                    # a message that never comes, so hang up.
                    c.drain(0.3)
                    replace = True
                elif c.count % 10 == 0:
                    replace = not c.roundtrip(5.0)
                    if replace:
                        c.drain()
                else:
                    replace = False
                if replace:
                    self.judge(c, malformed_sent[id(c)])
                    c.close()
                    clients[index] = self.make_client()
                    malformed_sent[id(clients[index])] = False
                if self.sent % self.args.frame_every == 0:
                    # Every client's requests so far are handled before the
                    # frame, so what it draws depends only on the seed.
                    for other in clients:
                        other.roundtrip(5.0)
                    # Input over whatever the clients built: the seat routes
                    # it to their surfaces, cursors and layer trees.
                    if control(self.control_path, self.random_input()) is None and self.alive():
                        self.fail("control `input` did not answer")
                    if control(self.control_path, "frame") is None and self.alive():
                        self.fail("control `frame` did not answer")
                if self.sent % self.args.check_every == 0:
                    if not self.alive():
                        break
                    self.check_control()
                    self.bystander_frame()
            if not self.alive():
                self.fail("strata died (exit %s)" % self.server.returncode)
            else:
                self.check_control()
                self.bystander_frame()
            for c in clients:
                c.close()
            stalled.close()
        finally:
            elapsed = time.time() - started
            if self.alive():
                self.server.terminate()
                self.server.wait(10)
        self.stderr.seek(0)
        log = self.stderr.read()
        print("strata-fuzz: seed %d: sent %d requests (%d malformed) from %d clients in %.1f s; "
              "%d protocol errors, %d disconnects; requests digest %s"
              % (self.args.seed, self.sent, self.malformed, self.clients_made, elapsed,
                 self.protocol_errors, self.disconnects, self.digest.hexdigest()[:16]))
        common = sorted(self.reasons.items(), key=lambda item: -item[1])[:5]
        print("strata-fuzz: most common errors: " + "; ".join("%d× %s" % (n, r) for r, n in common))
        if self.failures:
            print("strata-fuzz: FAILED")
            for f in self.failures:
                print("  - " + f)
            print("last requests:")
            for line in self.log[-15:]:
                print("  " + line)
            print("strata's stderr (tail):\n" + "\n".join(log.splitlines()[-20:]))
            print("replay: %s --seed %d --requests %d" % (sys.argv[0], self.args.seed, self.args.requests))
            print("strata's log and socket folder: " + self.runtime)
            return 1
        shutil.rmtree(self.runtime, ignore_errors=True)
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strata", default=os.path.join(ROOT, ".build/debug/strata"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--clients", type=int, default=6, help="fuzzing clients connected at once")
    parser.add_argument("--malformed", type=float, default=0.01, help="share of raw malformed messages")
    parser.add_argument("--check-every", type=int, default=500, help="requests between liveness checks")
    parser.add_argument("--frame-every", type=int, default=20, help="requests between rendered frames")
    sys.exit(Fuzzer(parser.parse_args()).run())


if __name__ == "__main__":
    main()
