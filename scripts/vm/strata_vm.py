"""A QEMU virtual machine that runs this machine's own binaries on a real
kernel DRM driver (virtio-gpu), for testing Strata's DRM backend.

The guest boots Debian's kernel (the host's /boot/vmlinuz-*, installed by
linux-image-amd64) with an initramfs made by make-initramfs, mounts the
host's whole file system read-only over 9p and chroots into it, so it runs
the very binaries just built with the host's libraries. One host directory
(the share) is mounted writable at the same path, for logs and files.

    vm = VM(state="/tmp/vm", share="/path/out", heads=2)
    vm.boot()                       # returns once the guest agent answers
    vm.run("uname -r")              # a shell script in the guest → its output
    vm.key("ctrl-alt-f2")           # QMP sendkey
    vm.type_text("ls\\n")            # keys through the virtio keyboard
    vm.move(0.5, 0.5)               # the virtio tablet, fractions of the screen
    vm.click()                      # a button of the virtio tablet
    vm.move_by(10, 0)               # the virtio mouse, relative
    vm.screendump("shot.png", head=0)
    vm.shutdown()

See README.md next to this file; `vm` is the same as a command.
"""

import base64
import glob
import itertools
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class VMError(Exception):
    pass


def host_kernel():
    """The newest /boot/vmlinuz-VERSION that has its /lib/modules/VERSION."""
    found = []
    for path in glob.glob("/boot/vmlinuz-*"):
        version = path[len("/boot/vmlinuz-"):]
        if os.path.isdir(f"/lib/modules/{version}"):
            found.append(version)
    if not found:
        raise VMError("no /boot/vmlinuz-* with its /lib/modules (install linux-image-amd64: scripts/vm/deps)")
    found.sort(key=lambda v: [int(p) if p.isdigit() else p for p in re.split(r"[.-]", v)])
    return found[-1]


class QMP:
    """One connection to QEMU's monitor (QMP), commands answered in order."""

    def __init__(self, path, timeout=30):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self._read()  # the greeting
        self.execute("qmp_capabilities")

    def _read(self):
        while True:
            line = self.file.readline()
            if not line:
                raise VMError("QMP: QEMU closed the monitor")
            message = json.loads(line)
            if "event" not in message:
                return message

    def execute(self, command, **arguments):
        request = {"execute": command}
        if arguments:
            request["arguments"] = arguments
        self.file.write(json.dumps(request).encode() + b"\n")
        self.file.flush()
        answer = self._read()
        if "error" in answer:
            raise VMError(f"QMP {command}: {answer['error'].get('desc', answer['error'])}")
        return answer.get("return")

    def close(self):
        try:
            self.file.close()
            self.sock.close()
        except OSError:
            pass


# QEMU's names for keys (QKeyCode), for the characters type_text knows.
_SHIFTED = {'!': '1', '@': '2', '#': '3', '$': '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0',
            '_': 'minus', '+': 'equal', '{': 'bracket_left', '}': 'bracket_right', ':': 'semicolon',
            '"': 'apostrophe', '~': 'grave_accent', '|': 'backslash', '<': 'comma', '>': 'dot', '?': 'slash'}
_PLAIN = {' ': 'spc', '\n': 'ret', '\t': 'tab', '-': 'minus', '=': 'equal', '[': 'bracket_left',
          ']': 'bracket_right', ';': 'semicolon', "'": 'apostrophe', '`': 'grave_accent', '\\': 'backslash',
          ',': 'comma', '.': 'dot', '/': 'slash'}


def qcodes_for(character):
    """The QKeyCodes that type `character` on a US keyboard: (shift?, key)."""
    if character.isascii() and character.isalpha():
        return (character.isupper(), character.lower())
    if character.isdigit():
        return (False, character)
    if character in _PLAIN:
        return (False, _PLAIN[character])
    if character in _SHIFTED:
        return (True, _SHIFTED[character])
    raise VMError(f"cannot type {character!r} (US keyboard, ASCII only)")


def set_head_size(path, width, height, timeout=10):
    """Asks QEMU, through its VNC server on `path` (one showing a head), to
    give that head a monitor of width×height: VNC's SetDesktopSize, which
    QEMU hands to virtio-gpu as the head's new preferred size (a head that
    no UI has sized stays disconnected, as with -display none)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect(path)

    def read(n):
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                raise VMError("VNC: connection closed")
            data += chunk
        return data

    version = read(12)
    if not version.startswith(b"RFB 003."):
        raise VMError(f"VNC: unexpected greeting {version!r}")
    sock.sendall(b"RFB 003.008\n")
    count = read(1)[0]
    types = read(count)
    if 1 not in types:
        raise VMError("VNC: the server asks for authentication")
    sock.sendall(bytes([1]))
    if struct.unpack(">I", read(4))[0] != 0:
        raise VMError("VNC: security handshake failed")
    sock.sendall(bytes([1]))  # ClientInit: shared
    header = read(24)
    read(struct.unpack(">I", header[20:24])[0])  # the desktop's name
    # SetEncodings: raw, and ExtendedDesktopSize (-308), which SetDesktopSize needs.
    encodings = [0, -308]
    sock.sendall(struct.pack(">BBH", 2, 0, len(encodings)) + b"".join(struct.pack(">i", e) for e in encodings))
    # SetDesktopSize: one screen covering it.
    sock.sendall(struct.pack(">BBHHBB", 251, 0, width, height, 1, 0)
                 + struct.pack(">IHHHHI", 0, 0, 0, width, height, 0))
    # QEMU answers with an ExtendedDesktopSize update; give it time to pass the size on.
    time.sleep(0.5)
    sock.close()


class VM:
    def __init__(self, state, share=None, heads=1, size=(1024, 768), memory=2048, cpus=2, accel=None, log=None,
                 keep=()):
        self.state = os.path.abspath(state)
        self.share = os.path.abspath(share) if share else None
        self.heads = heads
        self.size = size
        self.memory = memory
        self.cpus = cpus
        self.accel = accel or os.environ.get("STRATA_VM_ACCEL")
        # Host directories the guest's own /tmp and /run must not hide: this
        # checkout (the agent is in it) and whatever else the caller runs from.
        self.keep = [os.path.dirname(os.path.dirname(HERE))] + [os.path.abspath(p) for p in keep]
        self.log = log or (lambda message: print(f"vm: {message}", flush=True))
        self.process = None
        self._ids = itertools.count(1)
        self._agent = None
        self._agent_buffer = b""
        os.makedirs(self.state, exist_ok=True)

    # MARK: Paths

    @property
    def qmp_path(self):
        return os.path.join(self.state, "qmp.sock")

    @property
    def agent_path(self):
        return os.path.join(self.state, "agent.sock")

    @property
    def console_path(self):
        return os.path.join(self.state, "console.log")

    def vnc_path(self, head):
        return os.path.join(self.state, f"vnc{head}.sock")

    # MARK: Booting

    def _initramfs(self, kernel):
        path = os.path.join(self.state, "initramfs.cpio.gz")
        subprocess.run([os.path.join(HERE, "make-initramfs"), kernel, path], check=True)
        return path

    def _command(self, kernel, initramfs, accel, probe=False):
        width, height = self.size
        append = "console=ttyS0 loglevel=4 panic=-1"
        if probe:
            append += " strata.probe=1"
        else:
            append += f" strata.agent={os.path.join(HERE, 'guest-agent')}"
            if self.share:
                append += f" strata.share={self.share}"
            kept = [p for p in self.keep if p.startswith(("/tmp/", "/run/"))]
            if kept:
                append += f" strata.keep={','.join(kept)}"
        command = ["qemu-system-x86_64", "-machine", f"q35,accel={accel},i8042=off", "-cpu", "max" if accel == "tcg" else "qemu64",
                   "-smp", str(self.cpus), "-m", str(self.memory), "-nodefaults", "-no-user-config", "-no-reboot",
                   "-display", "none", "-vga", "none",
                   "-kernel", f"/boot/vmlinuz-{kernel}", "-initrd", initramfs, "-append", append,
                   "-serial", f"file:{self.console_path}"]
        if probe:
            return command
        command += [
            "-device", f"virtio-gpu-pci,id=gpu,max_outputs={self.heads},xres={width},yres={height}",
            "-device", "virtio-keyboard-pci,id=keyboard",
            "-device", "virtio-tablet-pci,id=tablet",
            "-device", "virtio-mouse-pci,id=mouse",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtserialport,chardev=agent,name=org.strata.agent",
            "-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
        ]
        if self.share:
            command += ["-virtfs", f"local,path={self.share},mount_tag=share,security_model=none,multidevs=remap"]
        # A VNC server per extra head, only to size it (see set_head_size).
        for head in range(1, self.heads):
            command += ["-vnc", f"unix:{self.vnc_path(head)},id=vnc{head},display=gpu,head={head}"]
        return command

    def _wait_for_console(self, marker, timeout, process):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return False
            try:
                with open(self.console_path, errors="replace") as console:
                    if marker in console.read():
                        return True
            except FileNotFoundError:
                pass
            time.sleep(0.2)
        return False

    def choose_accel(self, kernel, initramfs):
        """KVM if it boots this kernel (tried, not assumed), else TCG."""
        if self.accel:
            return self.accel, f"{self.accel} (STRATA_VM_ACCEL)"
        if not os.access("/dev/kvm", os.R_OK | os.W_OK):
            return "tcg", "TCG software emulation (no usable /dev/kvm)"
        started = time.monotonic()
        if os.path.exists(self.console_path):
            os.remove(self.console_path)
        probe = subprocess.Popen(self._command(kernel, initramfs, "kvm", probe=True),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ok = self._wait_for_console("init: probe ok", 20, probe)
        if probe.poll() is None:
            probe.kill()
        probe.wait()
        if ok:
            return "kvm", f"KVM (a probe boot took {time.monotonic() - started:.1f} s)"
        return "tcg", "TCG software emulation (/dev/kvm is there, but a kernel did not boot under KVM within 20 s)"

    def boot(self, timeout=300):
        kernel = host_kernel()
        for path in (self.qmp_path, self.agent_path, self.console_path) + tuple(self.vnc_path(h) for h in range(1, self.heads)):
            if os.path.exists(path):
                os.remove(path)
        initramfs = self._initramfs(kernel)
        accel, why = self.choose_accel(kernel, initramfs)
        self.accel_used = accel
        self.accel_reason = why
        self.log(f"accelerator: {why}")
        if os.path.exists(self.console_path):
            os.remove(self.console_path)
        command = self._command(kernel, initramfs, accel)
        with open(os.path.join(self.state, "command"), "w") as f:
            f.write(" ".join(command) + "\n")
        started = time.monotonic()
        self.process = subprocess.Popen(command, stdout=open(os.path.join(self.state, "qemu.log"), "w"),
                                        stderr=subprocess.STDOUT, start_new_session=True)
        with open(os.path.join(self.state, "pid"), "w") as f:
            f.write(f"{self.process.pid}\n")
        self.log(f"booting Linux {kernel} ({self.heads} head{'s' if self.heads > 1 else ''} "
                 f"of {self.size[0]}x{self.size[1]}, {self.cpus} CPUs, {self.memory} MiB)")
        if not self._wait_for_console("agent: ready", timeout, self.process):
            tail = self.console_tail()
            self.kill()
            raise VMError(f"the guest did not come up within {timeout} s; its console ends:\n{tail}")
        for head in range(1, self.heads):
            set_head_size(self.vnc_path(head), *self.size)
        self.log(f"guest up in {time.monotonic() - started:.1f} s")

    def console_tail(self, lines=30):
        try:
            with open(self.console_path, errors="replace") as console:
                return "".join(console.readlines()[-lines:])
        except FileNotFoundError:
            return "(no console output)"

    # MARK: The guest agent

    def _require(self, path):
        if not os.path.exists(path):
            raise VMError(f"no VM is running with state {self.state} (boot one first)")

    def _connect_agent(self):
        if self._agent is None:
            self._require(self.agent_path)
            self._agent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self._agent.connect(self.agent_path)
            self._agent_buffer = b""

    def run(self, script, timeout=120, check=True):
        """Runs `script` with sh in the guest (as root, in the host's file
        system); returns its stdout and stderr together. `check`: a non-zero
        exit raises VMError."""
        self._connect_agent()
        request_id = f"{os.getpid()}-{next(self._ids)}"
        self._agent.sendall(f"{request_id} {base64.b64encode(script.encode()).decode()}\n".encode())
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self._agent_buffer:
                line, self._agent_buffer = self._agent_buffer.split(b"\n", 1)
                parts = line.decode().split(" ")
                if len(parts) >= 3 and parts[0] == "RESULT" and parts[1] == request_id:
                    status = int(parts[2])
                    output = base64.b64decode(parts[3]).decode(errors="replace") if len(parts) > 3 else ""
                    if check and status != 0:
                        raise VMError(f"in the guest, exit status {status}: {script.strip()[:200]}\n{output}")
                    self.last_status = status
                    return output
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise VMError(f"in the guest, no answer within {timeout} s: {script.strip()[:200]}")
            self._agent.settimeout(remaining)
            try:
                chunk = self._agent.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise VMError("the guest agent's port closed")
            self._agent_buffer += chunk

    # MARK: QMP

    def qmp(self, command, **arguments):
        self._require(self.qmp_path)
        monitor = QMP(self.qmp_path)
        try:
            return monitor.execute(command, **arguments)
        finally:
            monitor.close()

    def key(self, combination, hold_ms=100):
        """QMP sendkey: "ctrl-alt-f2", "ret", "a"."""
        keys = [{"type": "qcode", "data": k} for k in combination.split("-")]
        self.qmp("send-key", keys=keys, **{"hold-time": hold_ms})

    def _events(self, events, device=None):
        # QEMU gives each kind of event to the input device that takes it
        # (there is no PS/2 controller: i8042=off): keys to the virtio
        # keyboard, abs to the tablet, rel to the mouse. `device` is only
        # what the caller meant.
        self.qmp("input-send-event", events=events)

    def type_text(self, text, delay=0.05):
        """Types ASCII text through the virtio keyboard (input-send-event)."""
        for character in text:
            shift, code = qcodes_for(character)
            down = [{"type": "key", "data": {"down": True, "key": {"type": "qcode", "data": c}}}
                    for c in (["shift"] if shift else []) + [code]]
            up = [{"type": "key", "data": {"down": False, "key": e["data"]["key"]}} for e in reversed(down)]
            self._events(down, "keyboard")
            self._events(up, "keyboard")
            time.sleep(delay)

    def move(self, x, y):
        """The virtio tablet to fraction (x, y) of the screen it maps to (0…1).
        Its axes run from 0 to 0x7fff, and libinput divides by 0x8000: a
        fraction n/1024 (any n/2^k) arrives exactly."""
        def value(f):
            return min(round(min(max(f, 0), 1) * 0x8000), 0x7fff)
        self._events([{"type": "abs", "data": {"axis": "x", "value": value(x)}},
                      {"type": "abs", "data": {"axis": "y", "value": value(y)}}], "tablet")

    def button(self, pressed, button="left", device="tablet"):
        self._events([{"type": "btn", "data": {"down": pressed, "button": button}}], device)

    def click(self, button="left", device="tablet"):
        self.button(True, button, device)
        time.sleep(0.05)
        self.button(False, button, device)

    def move_by(self, dx, dy):
        """The virtio mouse by (dx, dy) (libinput accelerates it)."""
        self._events([{"type": "rel", "data": {"axis": "x", "value": int(dx)}},
                      {"type": "rel", "data": {"axis": "y", "value": int(dy)}}], "mouse")

    def screendump(self, path, head=0):
        """The head's scanout, as QEMU shows it, to a PNG."""
        path = os.path.abspath(path)
        self.qmp("screendump", filename=path, device="gpu", head=head, format="png")
        for _ in range(50):  # written by QEMU; wait until it is complete
            if os.path.exists(path) and os.path.getsize(path) > 0:
                break
            time.sleep(0.05)
        return path

    # MARK: Ending

    def shutdown(self, timeout=30):
        """Ends the guest (its processes killed with it) and QEMU."""
        if self._agent is not None:
            self._agent.close()
            self._agent = None
        if self.process is None:
            return
        try:
            self.qmp("quit")
        except (OSError, VMError):
            pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        self.process = None

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
