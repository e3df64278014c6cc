#!/usr/bin/env python3
"""The VM test (`make vm-test`): Strata's DRM backend on a real kernel
driver, virtio-gpu in QEMU, checked by the pixels QEMU scans out.

Each check prints PASS or FAIL with what it saw; any FAIL makes the exit
status 1. The screendumps, the compositor's own screenshots, the headless
references, diff images of failed comparisons and every log are left in
the output directory (default out/vm).

Pixel comparisons: a pixel differs when one of its channels is off by
more than TOLERANCE (2 of 255). Scanout against the compositor's own
screenshot of the same moment must match exactly (no pixel differs).
Scanout against a headless Strata on the host with the same scene must
match except inside weston-simple-shm's animated square (its 210×210
inside, drawn from the time of its last frame, is masked out).
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from strata_vm import VM, VMError  # noqa: E402

SIZE = (1024, 768)
TOLERANCE = 2
# Where windows go, in the order they map: weston-simple-shm, the clock (over
# shm's right edge, so raising shm shows), foot, then weston-presentation-shm.
PLACES = "40,40:275,110:40,420:700,60"
CLOCK = "--time 10:08:30 --date 2026-11-23"
FOOT = "foot -o dpi-aware=no --title foot --window-size-pixels=460x300 /bin/sh"
TYPED = "echo typed-in-qemu"
SOCKET = "wl-0"


class CheckFailed(Exception):
    pass


class Report:
    def __init__(self):
        self.results = []

    def check(self, name, ok, detail):
        self.results.append((name, ok, detail))
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)
        return ok

    @property
    def failed(self):
        return [r for r in self.results if not r[1]]


def rgb(path):
    return Image.open(path).convert("RGB")


def compare(actual, expected, diff_path, masks=(), tolerance=TOLERANCE):
    """Pixels of `actual` that differ from `expected` by more than
    `tolerance` in a channel, outside `masks` (x, y, w, h). On a difference,
    a diff image: differing pixels red over a faded `expected`."""
    a, e = rgb(actual), rgb(expected)
    if a.size != e.size:
        # Every pixel differs (a check that wants none differing fails).
        return max(a.size[0] * a.size[1], e.size[0] * e.size[1]), f"sizes differ: {a.size} against {e.size}"
    difference = ImageChops.difference(a, e)
    channels = difference.split()
    over = [c.point(lambda v: 255 if v > tolerance else 0) for c in channels]
    mask = ImageChops.lighter(ImageChops.lighter(over[0], over[1]), over[2])
    for x, y, w, h in masks:
        mask.paste(0, (x, y, x + w, y + h))
    count = sum(mask.histogram()[1:])
    if count:
        faded = Image.blend(e, Image.new("RGB", e.size, (255, 255, 255)), 0.6)
        faded.paste((255, 0, 0), mask=mask)
        faded.save(diff_path)
        box = mask.getbbox()
        return count, f"{count} pixels differ (within {box}); diff image {diff_path}"
    if os.path.exists(diff_path):
        os.remove(diff_path)
    return 0, "identical" if tolerance == 0 or not masks else "identical outside the masked area"


class Guest:
    """Strata and its clients in the VM."""

    def __init__(self, vm, bin_dir, share):
        self.vm = vm
        self.bin = bin_dir
        self.share = share
        self.prelude = f"export B={bin_dir} S={share} LIBSEAT_BACKEND=seatd; cd /tmp\n"

    def sh(self, script, **kwargs):
        return self.vm.run(self.prelude + script, **kwargs)

    def start_strata(self, log, arguments="--backend drm", environment=""):
        """Strata on the first VT (its stdin is /dev/tty1), through seatd."""
        path = os.path.join(self.share, log)
        if os.path.exists(path):
            os.remove(path)
        self.sh(f"""rm -f /run/agent/strata.status
setsid sh -c '{environment} $B/strata run {arguments} --socket {SOCKET} --no-startup --place-windows {PLACES} \
<>/dev/tty1 >$S/{log} 2>&1 & echo $! > /run/agent/strata.pid; wait $!; echo $? > /run/agent/strata.status' &
""")
        self.log_path = path
        return self.wait_log("serving WAYLAND_DISPLAY", 120)

    def log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def wait_log(self, text, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.log():
                return True
            if self.status() is not None:
                return False
            time.sleep(0.5)
        return False

    def status(self):
        """Strata's exit status once it ended, else None."""
        out = self.sh("cat /run/agent/strata.status 2>/dev/null || true").strip()
        return int(out) if out else None

    def strata(self, arguments, check=True):
        return self.sh(f"$B/strata {arguments}", check=check)

    def tree(self):
        return json.loads(self.strata(f"tree --socket {SOCKET}"))

    def stats(self):
        return json.loads(self.strata(f"stats --socket {SOCKET}"))

    def client(self, name, command):
        self.sh(f"WAYLAND_DISPLAY={SOCKET} setsid {command} >$S/{name}.log 2>&1 & echo $! > /run/agent/{name}.pid")

    def signal(self, name, sig):
        self.sh(f"kill -{sig} $(cat /run/agent/{name}.pid)")

    def windows(self):
        return {w["title"]: w for c in self.tree()["clients"] for w in c["windows"] if w["mapped"]}

    def wait_windows(self, titles, timeout=120, absent=()):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            windows = self.windows()
            if all(t in windows for t in titles) and not any(t in windows for t in absent):
                return windows
            time.sleep(1)
        raise CheckFailed(f"windows {titles} (without {list(absent)}) did not appear within {timeout} s: {sorted(self.windows())}")

    def settle(self, timeout=60):
        """Waits until no frame with damage was rendered for a while, and no flip is outstanding."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            stats = self.stats()
            now = (stats["framesWithDamage"], stats.get("flips"), stats.get("flipsCompleted"))
            if now == last and stats.get("flips") == stats.get("flipsCompleted"):
                return stats
            last = now
            time.sleep(1.5)
        raise CheckFailed(f"the screen did not settle within {timeout} s")

    def screenshot(self, output, name):
        path = os.path.join(self.share, name)
        self.strata(f"screenshot --socket {SOCKET} --output {path} --output-name {output}")
        return path


class HeadlessReference:
    """A headless Strata on the host with the same scene, for what it should look like."""

    def __init__(self, bin_dir, out):
        self.bin = bin_dir
        self.out = out
        self.runtime = tempfile.mkdtemp(prefix="strata-vm-ref.")
        os.chmod(self.runtime, 0o700)
        self.home = os.path.join(self.runtime, "home")
        os.makedirs(self.home)
        self.env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, HOME=self.home, LANG="C.UTF-8",
                        WAYLAND_DISPLAY="vm-ref-0", STRATA_LOG="warning")
        self.env.pop("XDG_CONFIG_HOME", None)
        self.processes = {}
        self.server = subprocess.Popen([f"{bin_dir}/strata", "run", "--headless", "--no-startup", "--socket", "vm-ref-0",
                                        "--size", f"{SIZE[0]}x{SIZE[1]}", "--outputs", "2", "--place-windows", PLACES],
                                       env=dict(self.env, WAYLAND_DISPLAY=""), stdout=subprocess.DEVNULL,
                                       stderr=open(os.path.join(out, "headless.log"), "w"))
        for _ in range(200):
            if os.path.exists(os.path.join(self.runtime, "vm-ref-0")):
                break
            time.sleep(0.05)

    def client(self, name, command):
        self.processes[name] = subprocess.Popen(command, shell=True, env=self.env, cwd=self.home,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                start_new_session=True)

    def strata(self, *arguments):
        return subprocess.run([f"{self.bin}/strata", *arguments, "--socket", "vm-ref-0"], env=self.env,
                              check=True, capture_output=True, text=True).stdout

    def wait_windows(self, titles, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            tree = json.loads(self.strata("tree"))
            mapped = {w["title"] for c in tree["clients"] for w in c["windows"] if w["mapped"]}
            if all(t in mapped for t in titles):
                return
            time.sleep(0.2)
        raise CheckFailed(f"headless reference: windows {titles} did not appear")

    def screenshot(self, name, output="HEADLESS-1"):
        path = os.path.join(self.out, name)
        time.sleep(0.5)
        self.strata("screenshot", "--output", path, "--output-name", output)
        return path

    def close(self):
        for process in self.processes.values():
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
        self.server.terminate()
        self.server.wait()
        shutil.rmtree(self.runtime, ignore_errors=True)


def shm_mask(window):
    """The animated inside of weston-simple-shm's window (its 20-pixel white frame stays compared)."""
    x, y = int(window["origin"]["x"]), int(window["origin"]["y"])
    return (x + 20, y + 20, 210, 210)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(ROOT, "out", "vm"))
    parser.add_argument("--bin", default=None, help="the build's bin directory (default: swift build --show-bin-path)")
    arguments = parser.parse_args()
    out = os.path.abspath(arguments.out)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    bin_dir = arguments.bin or subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                              capture_output=True, text=True).stdout.strip()
    report = Report()
    started = time.monotonic()
    vm = VM(os.path.join(out, "state"), share=out, heads=2, size=SIZE, keep=[bin_dir])
    try:
        vm.boot()
        report.check("accelerator", True, vm.accel_reason)
        guest = Guest(vm, bin_dir, out)
        run_checks(vm, guest, bin_dir, out, report)
    except (CheckFailed, VMError) as error:
        report.check("harness", False, str(error))
    except Exception:  # a bug in a check: still a failure, with where
        import traceback
        report.check("harness", False, traceback.format_exc())
    finally:
        vm.shutdown()
    print(f"vm-test: {len(report.results) - len(report.failed)} passed, {len(report.failed)} failed "
          f"in {time.monotonic() - started:.0f} s (guest console: {vm.console_path})")
    return 1 if report.failed else 0


def run_checks(vm, guest, bin_dir, out, report):
    W, H = SIZE
    # --- The DRM backend comes up on virtio-gpu, through seatd, atomically.
    if not guest.start_strata("strata-drm.log"):
        raise CheckFailed(f"strata --backend drm did not start; its log:\n{guest.log()}")
    log = guest.log()
    paths = re.findall(r"(Virtual-\d) driven with (atomic|legacy) modesetting( \(plane \d+\)| \([^)]*\))", log)
    report.check("drm backend on virtio-gpu through seatd", "on /dev/dri/card0, seat0" in log,
                 next((l for l in log.splitlines() if "output:" in l), "no output line in the log"))
    report.check("atomic modesetting on both heads", [p[:2] for p in paths] == [("Virtual-1", "atomic"), ("Virtual-2", "atomic")],
                 "; ".join(" ".join(p) for p in paths) or "no modesetting line in the log")
    devices = re.findall(r"input device added: (.*)", log)
    report.check("virtio input devices through libinput",
                 all(d in devices for d in ("QEMU Virtio Keyboard", "QEMU Virtio Tablet", "QEMU Virtio Mouse")),
                 ", ".join(devices))

    # --- The scene, as it looks headless.
    guest.client("shm", "weston-simple-shm")
    guest.wait_windows(["simple-shm"])
    guest.client("clock", f"env SWIFT_BACKTRACE=enable=no $B/strata-clock-demo {CLOCK}")
    guest.wait_windows(["simple-shm", "Clock"])
    guest.client("foot", FOOT)
    windows = guest.wait_windows(["simple-shm", "Clock", "foot"])
    guest.signal("shm", "STOP")  # its square stops changing
    guest.settle()
    scanout = vm.screendump(os.path.join(out, "1-scene-scanout.png"), head=0)
    compositor = guest.screenshot("Virtual-1", "1-scene-compositor.png")
    count, detail = compare(scanout, compositor, os.path.join(out, "1-scene-scanout.diff.png"), tolerance=0)
    report.check("scanout of head 1 is the compositor's frame", count == 0, detail)

    reference = HeadlessReference(bin_dir, out)
    try:
        reference.client("shm", "exec weston-simple-shm")
        reference.wait_windows(["simple-shm"])
        reference.client("clock", f"exec {bin_dir}/strata-clock-demo {CLOCK}")
        reference.wait_windows(["simple-shm", "Clock"])
        reference.client("foot", f"exec {FOOT}")
        reference.wait_windows(["simple-shm", "Clock", "foot"])
        os.killpg(reference.processes["shm"].pid, signal.SIGSTOP)
        time.sleep(1)
        headless = reference.screenshot("1-scene-headless.png")
        mask = shm_mask(windows["simple-shm"])
        count, detail = compare(scanout, headless, os.path.join(out, "1-scene-headless.diff.png"), masks=[mask])
        report.check("scanout matches headless (simple-shm's square masked)", count == 0, detail)

        second = vm.screendump(os.path.join(out, "1-head2-scanout.png"), head=1)
        second_compositor = guest.screenshot("Virtual-2", "1-head2-compositor.png")
        count, detail = compare(second, second_compositor, os.path.join(out, "1-head2-scanout.diff.png"), tolerance=0)
        background = rgb(second).getpixel((W // 2, H // 2))
        report.check("head 2 lit with the compositor's frame", count == 0 and background != (0, 0, 0),
                     f"{detail}; its middle pixel {background}")

        # --- An idle desktop flips nothing.
        before = guest.stats()
        time.sleep(5)
        after = guest.stats()
        report.check("idle desktop flips nothing", after["flips"] == before["flips"] and after["flips"] > 0
                     and after["framesWithDamage"] == before["framesWithDamage"],
                     f"flips {before['flips']} → {after['flips']} over 5 s (frames with damage "
                     f"{before['framesWithDamage']} → {after['framesWithDamage']}), modesets {after['modesets']}")

        # --- Keys through the virtio keyboard reach foot.
        vm.type_text(TYPED + "\n")
        reference.strata("input", "type", TYPED)
        reference.strata("input", "key", "Return")
        time.sleep(3)
        guest.settle()
        typed = vm.screendump(os.path.join(out, "2-typed-scanout.png"), head=0)
        changed, _ = compare(typed, scanout, os.path.join(out, "2-typed-vs-before.diff.png"))
        headless = reference.screenshot("2-typed-headless.png")
        count, detail = compare(typed, headless, os.path.join(out, "2-typed-headless.diff.png"), masks=[mask])
        report.check("keys typed through QMP reach foot", changed and count == 0,
                     f"{changed} pixels changed; against headless with the same text typed: {detail}")

        # --- The tablet moves the pointer, a click focuses and raises; the cursor is drawn there.
        x, y = 60, 60
        vm.move(x / W, y / H)
        time.sleep(1)
        vm.click()
        reference.strata("input", "move", str(x), str(y))
        reference.strata("input", "click", str(x), str(y))
        time.sleep(2)
        guest.settle()
        clicked = vm.screendump(os.path.join(out, "3-clicked-scanout.png"), head=0)
        tree = guest.tree()
        pointer = tree["seat"]["pointer"]
        focus = tree["seat"].get("keyboard_focus")
        headless = reference.screenshot("3-clicked-headless.png")
        count, detail = compare(clicked, headless, os.path.join(out, "3-clicked-headless.diff.png"), masks=[mask])
        report.check("tablet click focuses and raises simple-shm", focus == "simple-shm" and count == 0,
                     f"pointer at ({pointer['x']}, {pointer['y']}), keyboard focus {focus}; against headless: {detail}")
        cursor_box = (x, y, x + 12, y + 18)
        drawn, _ = compare(clicked, typed, os.path.join(out, "3-cursor.diff.png"), masks=[])
        before_cursor = rgb(typed).crop(cursor_box)
        after_cursor = rgb(clicked).crop(cursor_box)
        cursor_drawn = ImageChops.difference(before_cursor, after_cursor).getbbox() is not None
        report.check("cursor drawn at the pointer (composited, no cursor plane)",
                     cursor_drawn and (pointer["x"], pointer["y"]) == (x, y),
                     f"the {cursor_box} box {'changed' if cursor_drawn else 'did not change'} when the pointer came")
    finally:
        reference.close()

    # --- Two heads: a window dragged from one to the other (title bar, pressed; the mouse moves right).
    foot = guest.windows()["foot"]
    fx, fy = int(foot["origin"]["x"]) + 150, int(foot["origin"]["y"]) - 12
    vm.move(fx / W, fy / H)
    time.sleep(0.5)
    vm.button(True)
    time.sleep(0.5)
    for _ in range(60):
        vm.move_by(40, 0)
        time.sleep(0.1)
        if _ % 10 == 9 and guest.tree()["seat"]["pointer"]["x"] > W + 400:
            break
    vm.button(False)
    time.sleep(1)
    guest.settle()
    foot = guest.windows()["foot"]
    second = vm.screendump(os.path.join(out, "4-dragged-head2-scanout.png"), head=1)
    second_compositor = guest.screenshot("Virtual-2", "4-dragged-head2-compositor.png")
    count, detail = compare(second, second_compositor, os.path.join(out, "4-dragged-head2.diff.png"), tolerance=0)
    moved, _ = compare(second, os.path.join(out, "1-head2-scanout.png"), os.path.join(out, "4-dragged-vs-empty.diff.png"))
    report.check("foot dragged onto head 2 and shown there", foot["origin"]["x"] >= W and count == 0 and moved > 50_000,
                 f"foot's origin {foot['origin']}; head 2 scanout against the compositor: {detail}; {moved} pixels changed there")
    first = vm.screendump(os.path.join(out, "4-dragged-head1-scanout.png"), head=0)
    count, detail = compare(first, guest.screenshot("Virtual-1", "4-dragged-head1-compositor.png"),
                            os.path.join(out, "4-dragged-head1.diff.png"), tolerance=0)
    report.check("head 1 redrawn without foot", count == 0, detail)

    # --- wp_presentation feedback reports the monitor's refresh.
    refresh_mhz = guest.tree()["outputs"][0]["refresh_mhz"]
    guest.sh(f"WAYLAND_DISPLAY={SOCKET} WAYLAND_DEBUG=1 timeout -s INT 6 weston-presentation-shm -f > $S/presentation.out 2> $S/presentation.log || true",
             timeout=60)
    with open(os.path.join(out, "presentation.log"), errors="replace") as f:
        presented = re.findall(r"wp_presentation_feedback@\d+\.presented\((\d+), (\d+), (\d+), (\d+), (\d+), (\d+), (\d+)\)", f.read())
    refreshes = sorted({int(p[3]) for p in presented})
    expected = 1e12 / refresh_mhz
    flags = sorted({int(p[6]) for p in presented})
    report.check("presentation feedback reports the monitor's refresh",
                 bool(refreshes) and all(abs(r - expected) / expected < 1e-5 for r in refreshes),
                 f"{len(presented)} presented events, refresh {refreshes} ns, flags {flags}; "
                 f"the monitor's {refresh_mhz / 1000:.3f} Hz is {expected:.0f} ns")
    guest.wait_windows(["Clock", "foot"], absent=["presentation-shm"])

    # --- A client that crashes does not end the session.
    # (Swift's backtracer would catch the signal and spend a long while
    # symbolicating under emulation: the clock runs without it, so it dies at once.)
    guest.signal("clock", "SEGV")
    guest.wait_windows(["foot"], absent=["Clock"])
    guest.settle()
    crashed = vm.screendump(os.path.join(out, "5-crash-scanout.png"), head=0)
    count, detail = compare(crashed, guest.screenshot("Virtual-1", "5-crash-compositor.png"),
                            os.path.join(out, "5-crash.diff.png"), tolerance=0)
    report.check("a client crash leaves the session running", guest.status() is None and count == 0,
                 f"strata still running, the clock's window gone; scanout against the compositor: {detail}")

    # --- A mode change from inside the guest takes effect in the next screendump.
    answer = json.loads(guest.strata(f"output --socket {SOCKET} mode Virtual-1 800x600"))
    time.sleep(1)
    guest.settle()
    moded = vm.screendump(os.path.join(out, "5-mode-scanout.png"), head=0)
    count, detail = compare(moded, guest.screenshot("Virtual-1", "5-mode-compositor.png"),
                            os.path.join(out, "5-mode.diff.png"), tolerance=0)
    outputs = {o["name"]: o for o in answer["outputs"]}
    log_line = next((l for l in guest.log().splitlines() if "Virtual-1: mode" in l), "no mode line in the log")
    report.check("strata output mode changes the monitor's mode", rgb(moded).size == (800, 600) and count == 0
                 and outputs["Virtual-2"]["x"] == 800,
                 f"answer {answer['mode']}, screendump {rgb(moded).size[0]}x{rgb(moded).size[1]}, Virtual-2 now at x "
                 f"{outputs['Virtual-2']['x']}; scanout against the compositor: {detail}; log: {log_line.split('strata info: ')[-1]}")

    # --- VT switch away (Ctrl+Alt+F2 through libinput, Strata asks seatd) and back (the kernel's Ctrl+Alt+F1).
    before_switch = guest.screenshot("Virtual-1", "6-before-switch-compositor.png")
    vm.key("ctrl-alt-f2")
    away = guest.wait_log("session disabled", 30)
    time.sleep(1)
    console = vm.screendump(os.path.join(out, "6-vt2-scanout.png"), head=0)
    differs, _ = compare(console, before_switch, os.path.join(out, "6-vt2.diff.png"))
    active = guest.sh("cat /sys/class/tty/tty0/active").strip()
    report.check("Ctrl+Alt+F2 releases the device and shows VT 2", away and active == "tty2" and differs,
                 f"log says session disabled: {away}; active VT {active}; {differs} pixels differ from Strata's frame")
    vm.key("ctrl-alt-f1")
    back = guest.wait_log("session enabled", 30)
    time.sleep(1)
    guest.settle()
    returned = vm.screendump(os.path.join(out, "6-back-scanout.png"), head=0)
    count, detail = compare(returned, guest.screenshot("Virtual-1", "6-back-compositor.png"),
                            os.path.join(out, "6-back.diff.png"), tolerance=0)
    active = guest.sh("cat /sys/class/tty/tty0/active").strip()
    report.check("Ctrl+Alt+F1 takes it back and redraws", back and active == "tty1" and count == 0,
                 f"log says session enabled: {back}; active VT {active}; scanout against the compositor: {detail}")

    # --- SIGTERM ends the session cleanly.
    guest.sh("kill -TERM $(cat /run/agent/strata.pid)")
    deadline = time.monotonic() + 30
    while guest.status() is None and time.monotonic() < deadline:
        time.sleep(0.5)
    status = guest.status()
    # Strata's own errors; libinput's complaints that emulation is slow ("your system is too slow") are not the session's.
    errors = [l for l in guest.log().splitlines() if re.search(r"strata (error|critical):", l)]
    time.sleep(1)
    console = vm.screendump(os.path.join(out, "6-after-sigterm-scanout.png"), head=0)
    differs, _ = compare(console, returned, os.path.join(out, "6-after-sigterm.diff.png"))
    active = guest.sh("cat /sys/class/tty/tty0/active").strip()
    report.check("SIGTERM ends the session cleanly and gives the console back", status == 0 and not errors and differs > 0,
                 f"exit status {status}; Strata's error lines: {errors[:3] or 'none'}; "
                 f"{differs} pixels differ from Strata's last frame (the console's CRTC set back); active VT {active}")

    # --- Chosen automatically on a VT; the legacy path (STRATA_DRM_NO_ATOMIC=1).
    if not guest.start_strata("strata-legacy.log", arguments="", environment="STRATA_DRM_NO_ATOMIC=1"):
        raise CheckFailed(f"strata (automatic backend, legacy) did not start; its log:\n{guest.log()}")
    log = guest.log()
    paths = re.findall(r"(Virtual-\d) driven with (atomic|legacy) modesetting( \([^)]*\))", log)
    report.check("drm chosen automatically on a VT", "on /dev/dri/card0, seat0" in log,
                 next((l for l in log.splitlines() if "output:" in l), "no output line"))
    report.check("legacy modesetting when atomic is turned off",
                 [p[:2] for p in paths] == [("Virtual-1", "legacy"), ("Virtual-2", "legacy")],
                 "; ".join(" ".join(p) for p in paths) or "no modesetting line")
    guest.client("shm", "weston-simple-shm")
    guest.wait_windows(["simple-shm"])
    first_stats = guest.stats()
    time.sleep(4)
    guest.signal("shm", "STOP")
    stats = guest.settle()
    legacy = vm.screendump(os.path.join(out, "7-legacy-scanout.png"), head=0)
    count, detail = compare(legacy, guest.screenshot("Virtual-1", "7-legacy-compositor.png"),
                            os.path.join(out, "7-legacy.diff.png"), tolerance=0)
    report.check("legacy page flips present frames", stats["flipsCompleted"] > first_stats["flipsCompleted"] and count == 0,
                 f"flips completed {first_stats['flipsCompleted']} → {stats['flipsCompleted']} while simple-shm ran; "
                 f"scanout against the compositor: {detail}")
    guest.sh("kill -TERM $(cat /run/agent/strata.pid)")
    deadline = time.monotonic() + 30
    while guest.status() is None and time.monotonic() < deadline:
        time.sleep(0.5)
    report.check("legacy session ends cleanly on SIGTERM", guest.status() == 0, f"exit status {guest.status()}")


if __name__ == "__main__":
    sys.exit(main())
