#!/usr/bin/python3
"""Feeds shelf random keyboard bytes on a pseudo-terminal, then checks that it
still answers a key within a second.

    Scripts/fuzz-keys.py [--seconds S] [--max-bytes N] [--shelf PATH] [-- ARGS]

The app runs on a pty of its own (TERM=xterm-256color, 120x40). For S seconds
the script types random bytes at a steady rate, mixed with pieces of what
terminals send (arrows, Home/End, bracketed-paste marks, mouse reports, OSC
replies, Esc) and with Ctrl-S and Ctrl-Q, which must be keys like any other.
Bytes that end or stop the app by design are never typed: q, Ctrl-C, Ctrl-Z
and Ctrl-\\ (which raise signals), and nothing that bursts into them. All the
while it reads what the app writes, as a terminal would.

When the time (or the byte budget) is up it ends any paste left open, presses
Ctrl-L (each after a pause longer than the escape delay, so that a sequence
the fuzz began, such as an OSC, has ended) and measures how long the full
repaint takes to begin (the clear sequence). The run passes when the app is alive, answers within --answer
seconds (1), and then quits with status 0 on q. It prints one summary line
(and, with --json, a JSON object) and exits 0 on a pass, 1 on a failure.

By default it runs the release build (.build/release/shelf), else the debug
one, with the bundled catalog and its live demo updates.
"""
import argparse
import fcntl
import json
import os
import pathlib
import pty
import random
import select
import signal
import struct
import sys
import termios
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
NEVER = {ord("q"), 0x03, 0x1A, 0x1C}  # q, Ctrl-C, Ctrl-Z, Ctrl-\
CLEAR = b"\x1b[2J"  # xterm-256color's clear ends in it
PASTE_END = b"\x1b[201~"
PIECES = [
    b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1bOH", b"\x1bOF", b"\x1b[1;2C", b"\x1b[a",
    b"\x1b[7$", b"\x1b[5~", b"\x1b[6~", b"\x1b", b"\x1b[200~", PASTE_END, b"\x13", b"\x11",
    b"/", b"\r", b"\t", b"\x7f", b"?", b"m", b"y", b"s", b"S", b" ", b".", b"\x1b[M !!",
    b"\x1b[<65;10;11M", b"\x1b]11;rgb:0000/0000/0000\x07", b"\x1b[31m",
    "é日🐉👍🏽".encode(), b"\x1b[99;5~", b"\x1bP1$r0m\x1b\\",
]


def shelf_binary(given):
    if given:
        return given
    for configuration in ("release", "debug"):
        path = ROOT / ".build" / configuration / "shelf"
        if path.exists():
            return str(path)
    sys.exit("fuzz-keys: no shelf build (swift build -c release)")


def random_bytes(rng, count):
    """`count` or so bytes: random ones (never those in NEVER) and pieces."""
    out = bytearray()
    while len(out) < count:
        if rng.random() < 0.25:
            out += rng.choice(PIECES)
        else:
            byte = rng.randrange(256)
            if byte not in NEVER:
                out.append(byte)
    return bytes(out)


def cpu_seconds(pid):
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


class App:
    def __init__(self, binary, arguments, columns=120, lines=40):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
            env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                       SWIFT_BACKTRACE="interactive=no")
            env.pop("NO_COLOR", None)
            os.execve(binary, [binary] + arguments, env)
        os.set_blocking(self.fd, False)
        self.output = 0
        self.status = None
        self.tail = b""

    def pump(self, seconds, until=None):
        """Reads output for `seconds` (what is there, for 0) or until
        `until(new bytes)` holds; whether it did."""
        end = time.monotonic() + seconds
        while True:
            left = max(0.0, end - time.monotonic())
            if select.select([self.fd], [], [], min(left, 0.05))[0]:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                self.output += len(data)
                window = self.tail + data
                self.tail = window[-16:]
                if until and until(window):
                    return True
            elif self.exited():
                return False
            if time.monotonic() >= end:
                return False

    def write(self, data, deadline):
        """Writes `data` as the app reads it (reading its output meanwhile)."""
        while data and time.monotonic() < deadline:
            readable, writable, _ = select.select([self.fd], [self.fd], [], 0.05)
            if readable:
                self.pump(0)
            if writable:
                try:
                    data = data[os.write(self.fd, data[:512]):]
                except BlockingIOError:
                    pass
                except OSError:
                    return
            if self.exited():
                return

    def exited(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def kill(self):
        if not self.exited():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--shelf", help="the shelf binary (release, else debug build)")
    parser.add_argument("--seconds", type=float, default=10, help="how long to type (10)")
    parser.add_argument("--rate", type=int, default=2500, help="bytes a second (2500)")
    parser.add_argument("--max-bytes", type=int, help="stop typing after this many bytes")
    parser.add_argument("--seed", type=int, help="the random seed (printed; default: the time)")
    parser.add_argument("--answer", type=float, default=1.0,
                        help="seconds the app may take to answer after the fuzz (1)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON too")
    parser.add_argument("shelf_args", nargs="*", help="arguments for shelf (after --)")
    options = parser.parse_args(argv)
    seed = options.seed if options.seed is not None else int(time.time())
    rng = random.Random(seed)
    app = App(shelf_binary(options.shelf), options.shelf_args)
    result = {"seed": seed, "sent": 0, "problems": []}
    try:
        if not app.pump(30, until=lambda data: b"help" in data):
            result["problems"].append("no first screen within 30 s")
            return report(result, options)
        start = time.monotonic()
        end = start + options.seconds
        budget = options.max_bytes if options.max_bytes is not None else float("inf")
        while time.monotonic() < end and result["sent"] < budget and not app.exited():
            chunk = random_bytes(rng, rng.randint(1, 64))
            chunk = chunk[: int(min(len(chunk), budget - result["sent"]))]
            app.write(chunk, end)
            result["sent"] += len(chunk)
            # Steady: the next chunk when the rate allows it.
            due = start + result["sent"] / options.rate
            app.pump(max(0, min(due, end) - time.monotonic()))
        result["typed_seconds"] = round(time.monotonic() - start, 1)
        result["cpu_seconds"] = cpu_seconds(app.pid)
        if app.exited():
            result["problems"].append(f"the app ended during the fuzz (status {app.status})")
            return report(result, options)
        # Close a paste left open, then one key that always answers: Ctrl-L.
        # Each after a pause longer than the escape delay (25 ms), as a person
        # types: a sequence the fuzz began (an OSC, a mouse report) ends there
        # and does not take them in.
        app.pump(0.1)
        app.write(PASTE_END, time.monotonic() + 5)
        app.pump(0.1)
        asked = time.monotonic()
        app.write(b"\x0c", asked + 5)
        answered = app.pump(30, until=lambda data: CLEAR in data)
        result["answer_seconds"] = round(time.monotonic() - asked, 3) if answered else None
        if not answered:
            result["problems"].append("no repaint within 30 s of Ctrl-L")
        elif result["answer_seconds"] > options.answer:
            result["problems"].append(
                f"answered after {result['answer_seconds']} s (more than {options.answer} s)")
        # Whatever is open (help, details, prompt), Esc closes it; then q quits.
        for key in (b"\x1b", b"\x1b", b"\x1b", b"\x1b", b"q"):
            app.write(key, time.monotonic() + 5)
            app.pump(0.15)
        quit_deadline = time.monotonic() + 10
        while not app.exited() and time.monotonic() < quit_deadline:
            app.pump(0.05)
        if app.status != 0:
            result["problems"].append(f"q did not end it with 0 (status {app.status})")
    finally:
        app.kill()
    return report(result, options)


def report(result, options):
    result["ok"] = not result["problems"]
    line = (f"fuzz-keys: {'ok' if result['ok'] else 'FAILED'}: seed {result['seed']}, "
            f"{result['sent']} bytes in {result.get('typed_seconds', 0)} s")
    if result.get("answer_seconds") is not None:
        line += f", answered Ctrl-L in {result['answer_seconds']} s"
    if result.get("cpu_seconds") is not None:
        line += f", app CPU {result['cpu_seconds']:.1f} s"
    if result["problems"]:
        line += ": " + "; ".join(result["problems"])
    print(line)
    if options.json:
        print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
