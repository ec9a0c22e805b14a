#!/usr/bin/python3
"""Records shelf in a pseudo-terminal; frame-judge checks every frame a terminal shows.

The app runs in a pseudo-terminal of a given size (TERM=xterm-256color,
LANG=C.UTF-8); every byte it writes is recorded (or a recording is replayed:
a `shelf record` asciicast, or a stream saved with --save). The stream is cut
after each end of a synchronized update (ESC [ ? 2026 l): each piece is one
frame. The pieces are fed in order to the pyte terminal emulator (with the
scroll-up and scroll-down sequences ncurses sends, CSI n S / CSI n T, and
CSI n b, repeat), and every resulting screen (each cell's text and style, and
when it arrived) is written as a line of a frames file, which `frame-judge`
(built by `swift build` from Tests/FrameJudge) judges by the frame rules of
Tests/FrameRules, the rules the headless tests judge their frames by:

  focus    exactly one focused card, whole, heavy, marked on its row title.
  blocks   the body reads as whole blocks (boxes whole or covered by a box
           sliding over them, titles over their own cards).
  holes    no run of blank body lines longer than --max-hole.
  rest     a frame at rest (the last one, and any frame followed by no other
           for --rest-ms) starts its body with a section header or a row title.

With --motion, the frames are also read as changes, each from a frame at rest
to the next one (those that begin after the keys: during the --watch-sequence
edits, or the --seconds phase), and every frame for its gaps:

  still    a block on the same line at both ends of a change stays there.
  oneway   a block on different lines at the two ends goes one way.
  animated a change that moves something shows frames between its two ends.
  gaps     no gap taller than the tallest block moving at that moment (nothing
           moving for 8 frames each way: no gap taller than a line).
  sections a section header stands over its own rows only (the focused row and
           a row changing sections aside), and never pops in.
  shown    a block on screen at both ends of a change never vanishes between
           them: where its title is not drawn, a block is drawn over its lines.

Tests/FrameRules/FrameRules.swift and FrameRules+Motion.swift say each rule
in full; Tests/FrameJudge/FramesFile.swift the frames file's format.

Usage:
  frames.py --shelf PATH [--size 120x40] [--seconds 20] [--keys jjjjll] -- ARGS
  frames.py --shelf PATH --watch-sequence A.json B.json ... [--keys ...] -- ARGS
  frames.py --replay STREAM [--times STREAM.times] [--motion]   check a recorded stream
Exit status: 0 every frame good and the app quit with 0; 1 a check failed;
2 the run itself failed (usage, the app did not start, quit or exit 0, no
frame-judge).
"""

import argparse
import codecs
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pyte

SYNC_END = b"\x1b[?2026l"
# Lines of a card box; shelf's --cover-lines adds to it.
CARD_HEIGHT = 5
# The judge `swift build` builds, beside this repository's other products.
JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                     ".build", "debug", "frame-judge")

# MARK: - The terminal emulator

class Screen(pyte.Screen):
    """pyte's screen plus the sequences ncurses sends to xterm-256color that pyte lacks."""

    def __init__(self, columns, lines):
        super().__init__(columns, lines)
        self.unknown = {}
        self.last_char = None

    def draw(self, data):
        super().draw(data)
        if data:
            self.last_char = data[-1]

    def scroll_up(self, count=None, private=False):
        """CSI n S: the lines of the scrolling region move up by n; blank lines enter below."""
        if private:
            return
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        count = min(max(count or 1, 1), bottom - top + 1)
        self.dirty.update(range(self.lines))
        for y in range(top, bottom + 1):
            if y + count <= bottom:
                self.buffer[y] = self.buffer[y + count]
            else:
                self.buffer.pop(y, None)

    def scroll_down(self, count=None, private=False):
        """CSI n T: the lines of the scrolling region move down by n; blank lines enter above."""
        if private:
            return
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        count = min(max(count or 1, 1), bottom - top + 1)
        self.dirty.update(range(self.lines))
        for y in range(bottom, top - 1, -1):
            if y - count >= top:
                self.buffer[y] = self.buffer[y - count]
            else:
                self.buffer.pop(y, None)

    def repeat_last(self, count=None, private=False):
        """CSI n b (REP): the last drawn character again, n times."""
        if private or self.last_char is None:
            return
        self.draw(self.last_char * max(count or 1, 1))

    def debug(self, *args, **kwargs):
        key = repr(args[:1])
        self.unknown[key] = self.unknown.get(key, 0) + 1

    def ignore(self, *args, **kwargs):
        """Sequences that change nothing on screen (window title stack, keypad modes)."""


class Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "S": "scroll_up", "T": "scroll_down", "b": "repeat_last",
           "t": "ignore"}
    escape = {**pyte.ByteStream.escape, "=": "ignore", ">": "ignore"}


def encode(screen, palette):
    """The screen as frame-judge reads it: (lines, styles). A line is a string of one
    character a cell, NUL for a wide character's second cell (a list of cells when a
    cell holds more than one character); its styles a string of one character a cell,
    U+0100 plus the style's index in `palette` (style -> index, grown here)."""
    lines = []
    styles = []
    for y in range(screen.lines):
        row = screen.buffer[y]
        cells = []
        marks = []
        for x in range(screen.columns):
            c = row[x]
            cells.append(c.data or "\0")
            style = (c.fg, c.bg, c.bold, c.reverse)
            index = palette.get(style)
            if index is None:
                index = palette[style] = len(palette)
            marks.append(chr(0x100 + index))
        lines.append("".join(cells) if all(len(c) == 1 for c in cells) else cells)
        styles.append("".join(marks))
    return lines, styles


def load_catalog_rows(paths):
    """Row title -> card titles, over every catalog in `paths`."""
    rows = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            catalog = json.load(f)
        sections = catalog.get("sections") or [{"rows": catalog.get("rows", [])}]
        for section in sections:
            for row in section.get("rows", []):
                titles = rows.setdefault(row.get("title", ""), set())
                titles.update(item.get("title", "") for item in row.get("items", []))
    return rows


# MARK: - Replaying a recording

def split_frames(data):
    """Cuts the stream after each end of a synchronized update; returns (end offsets, rest)."""
    ends = []
    start = 0
    while True:
        at = data.find(SYNC_END, start)
        if at < 0:
            break
        start = at + len(SYNC_END)
        ends.append(start)
    return ends


def replay(data, times, size, out):
    """Feeds the stream frame by frame to the emulator and writes each screen to
    `out` as a line of the frames file; returns the emulator's screen at the end
    and the number of frames."""
    width, height = size
    screen = Screen(width, height)
    stream = Stream(screen)
    ends = split_frames(data)
    palette = {}
    previous = 0
    for end in ends:
        stream.feed(data[previous:end])
        lines, styles = encode(screen, palette)
        names = [[str(fg), f"{bg} {bold} {reverse}"] for (fg, bg, bold, reverse), _ in
                 sorted(palette.items(), key=lambda item: item[1])]
        out.write(json.dumps({"t": time_at(times, end), "n": end - previous, "lines": lines,
                              "styles": styles, "palette": names}, ensure_ascii=False))
        out.write("\n")
        previous = end
    return screen, len(ends)


def time_at(times, offset):
    """The time the byte at `offset` arrived, from (offset, time) pairs in order."""
    if not times:
        return 0.0
    lo, hi = 0, len(times) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if times[mid][0] + times[mid][2] >= offset:
            hi = mid
        else:
            lo = mid + 1
    return times[lo][1]


# MARK: - Recording a run

class Run:
    """shelf in a pseudo-terminal: bytes out are recorded with their arrival times."""

    def __init__(self, binary, arguments, size, cwd=None):
        width, height = size
        env = {k: v for k, v in os.environ.items()
               if k not in ("TMUX", "NO_COLOR", "COLUMNS", "LINES", "LC_ALL", "LC_CTYPE")}
        env.update(TERM="xterm-256color", LANG="C.UTF-8",
                   SWIFT_BACKTRACE="enable=yes,interactive=no")
        pid, fd = pty.fork()
        if pid == 0:
            try:
                # Python ignores SIGPIPE and keeps its own SIGINT handler; the app
                # starts as from a shell, with every signal at its default.
                for number in (signal.SIGPIPE, signal.SIGINT, signal.SIGXFSZ):
                    signal.signal(number, signal.SIG_DFL)
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
                if cwd:
                    os.chdir(cwd)
                os.execve(binary, [binary] + arguments, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.data = bytearray()
        self.times = []  # (offset, time, length) of each read
        self.start = time.monotonic()
        self.sync_ends = 0
        self.eof = False
        self.status = None
        self.quit_time = None
        self.phase_time = None  # when the keys were sent and the edits or timed keys begin

    def now(self):
        return time.monotonic() - self.start

    def pump(self, seconds, until=None):
        """Reads output for at most `seconds`, or until `until()` holds or the output ends."""
        deadline = time.monotonic() + seconds
        while not self.eof:
            if until is not None and until():
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.05))
            if ready:
                self.read()
        return until is not None and until()

    def read(self):
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            self.eof = True
            return
        tail = bytes(self.data[-(len(SYNC_END) - 1):])
        self.times.append((len(self.data), self.now(), len(chunk)))
        self.data += chunk
        self.sync_ends += (tail + chunk).count(SYNC_END)

    def quiet_for(self, seconds, deadline):
        """Reads until no byte arrives for `seconds` (at most `deadline` seconds)."""
        limit = time.monotonic() + deadline
        while not self.eof and time.monotonic() < limit:
            ready, _, _ = select.select([self.fd], [], [], seconds)
            if not ready:
                return True
            self.read()
        return False

    def send(self, keys, gap):
        for key in keys:
            os.write(self.fd, key.encode())
            self.pump(gap)

    def finish(self, timeout=10):
        """Quits with q and waits for the exit status (killing the app after `timeout`)."""
        if not self.eof:
            self.quit_time = self.now()
            try:
                os.write(self.fd, b"q")
            except OSError:
                pass
        self.pump(timeout)
        deadline = time.monotonic() + 2
        while True:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
                self.status = "killed: it did not quit"
                break
            time.sleep(0.02)
        os.close(self.fd)


def parse_keys(text):
    return list(codecs.decode(text, "unicode_escape"))


def record(options, size):
    """Runs the app as the options say; returns (data, times, quit time, time the
    keys phase ended, exit status, notes)."""
    arguments = list(options.shelf_args)
    notes = []
    scratch = None
    if options.watch_sequence:
        scratch = tempfile.mkdtemp(prefix="shelf-frames-")
        watched = os.path.join(scratch, "watched.json")
        shutil.copyfile(options.watch_sequence[0], watched)
        arguments = ["--watch", watched] + arguments
    run = Run(options.shelf, arguments, size)
    try:
        if not run.pump(options.start_timeout, until=lambda: run.sync_ends > 0):
            notes.append("the app drew no frame")
            run.finish()
            return bytes(run.data), run.times, run.quit_time, run.phase_time, run.status, notes
        run.quiet_for(0.3, 5)
        if options.keys:
            run.send(parse_keys(options.keys), options.key_gap)
            run.quiet_for(options.rest_ms / 1000, 10)
        elif options.motion:
            # The first change checked starts at a frame at rest: the screen before it.
            run.quiet_for(options.rest_ms / 1000, 10)
        timed = sorted((float(t), parse_keys(k)) for t, k in
                       (spec.split(":", 1) for spec in options.at))
        phase = time.monotonic()
        run.phase_time = run.now()
        if options.watch_sequence:
            for index, path in enumerate(options.watch_sequence[1:], start=1):
                temporary = watched + ".new"
                shutil.copyfile(path, temporary)
                os.replace(temporary, watched)
                before = run.sync_ends
                if options.edit_gap is not None:
                    run.pump(options.edit_gap)
                elif not run.pump(5, until=lambda: run.sync_ends > before):
                    notes.append(f"edit {index} ({os.path.basename(path)}) drew no frame")
                else:
                    run.quiet_for(options.rest_ms / 1000, 15)
            run.quiet_for(options.rest_ms / 1000, 15)
        else:
            end = phase + options.seconds
            while time.monotonic() < end:
                if timed and time.monotonic() - phase >= timed[0][0]:
                    run.send(timed.pop(0)[1], options.key_gap)
                    continue
                next_at = phase + timed[0][0] if timed else end
                run.pump(max(0, min(end, next_at) - time.monotonic()))
        run.finish()
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    return bytes(run.data), run.times, run.quit_time, run.phase_time, run.status, notes


# MARK: - Comparing with tmux

def tmux_screen(data, size):
    """What tmux shows after the same bytes, one string per line (trailing spaces dropped)."""
    width, height = size
    scratch = tempfile.mkdtemp(prefix="shelf-frames-tmux-")
    try:
        path = os.path.join(scratch, "stream")
        with open(path, "wb") as f:
            f.write(data)
        socket = os.path.join(scratch, "sock")
        tmux = ["tmux", "-S", socket, "-f", "/dev/null"]
        done = os.path.join(scratch, "done")
        # No descriptor of ours goes to the server, or a caller reading our output
        # to its end would wait for the server too.
        subprocess.run(tmux + ["new-session", "-d", "-x", str(width), "-y", str(height),
                               f"stty raw -echo -opost; cat {path}; touch {done}; sleep 600"],
                       check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while not os.path.exists(done) and time.monotonic() < deadline:
                time.sleep(0.05)
            out = subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True,
                                 stdin=subprocess.DEVNULL, check=True).stdout.decode()
        finally:
            subprocess.run(tmux + ["kill-server"], capture_output=True, stdin=subprocess.DEVNULL)
        return [line.rstrip() for line in out.split("\n")][:height]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def display_lines(screen):
    return [line.rstrip() for line in screen.display]


# MARK: - Main

def read_asciicast(path):
    """An asciicast v2 recording (`shelf record`) as (stream, times, quit time):
    each output event is one frame, cut as a synchronized update's end would
    cut it, at the event's time; the recording ends a second after its last."""
    data = bytearray()
    times = []
    with open(path, encoding="utf-8") as f:
        f.readline()  # the header: size and environment
        for line in f:
            if not line.strip():
                continue
            at, kind, text = json.loads(line)
            if kind != "o":
                continue
            piece = text.encode("utf-8") + SYNC_END
            times.append((len(data), float(at), len(piece)))
            data += piece
    quit_time = times[-1][1] + 1 if times else None
    return bytes(data), times, quit_time


def parse_size(text):
    width, height = text.lower().split("x")
    return int(width), int(height)


def main(argv):
    # A caller's thread may block signals (a Dispatch worker blocks most), and its
    # children inherit the mask: the app would miss SIGWINCH or SIGTERM, and tmux's
    # shell would outlive kill-server. Start every child with none blocked.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    parser = argparse.ArgumentParser(
        description="Record shelf in a pseudo-terminal and check every frame.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--shelf", help="the shelf binary to run")
    parser.add_argument("--replay", help="check a recorded stream instead of running the app "
                                             "(an asciicast .cast from shelf record: each "
                                             "event one frame)")
    parser.add_argument("--times", help="with --replay: the stream's arrival times (.times)")
    parser.add_argument("--save", help="write the recorded stream here (and its times beside)")
    parser.add_argument("--frames", help="keep the frames file the judge reads here "
                                             "(frame-judge FILE judges it again)")
    parser.add_argument("--judge", default=os.environ.get("FRAME_JUDGE", JUDGE),
                        help="the frame-judge binary (.build/debug/frame-judge)")
    parser.add_argument("--size", default="120x40", type=parse_size, help="WxH (120x40)")
    parser.add_argument("--seconds", type=float, default=10, help="run the demo this long")
    parser.add_argument("--keys", default="", help="keys sent after the first frame "
                                                    "(Python escapes: '\\x1b[B')")
    parser.add_argument("--key-gap", type=float, default=0.05, help="seconds between keys")
    parser.add_argument("--at", action="append", default=[], metavar="SECONDS:KEYS",
                        help="keys sent SECONDS into the run (after --keys); repeats")
    parser.add_argument("--watch-sequence", nargs="+", metavar="JSON",
                        help="run --watch on a copy of the first file, then write each "
                             "next one over it once the screen is at rest; the checks "
                             "then also read which cards sit under each row title "
                             "(with --replay: only that)")
    parser.add_argument("--edit-gap", type=float, help="with --watch-sequence: write the next "
                                                         "file after this many seconds, at rest "
                                                         "or not")
    parser.add_argument("--rest-ms", type=float, default=450,
                        help="a frame followed by no other for this long is at rest (450)")
    parser.add_argument("--max-hole", type=int,
                        help="most blank body lines in a row (a row's height and one line; "
                             "with covers, the cover lines more)")
    parser.add_argument("--body-top", type=int, default=1, help="first body line (1)")
    parser.add_argument("--body-bottom", type=int, default=-2,
                        help="last body line; negative counts from the bottom (-2)")
    parser.add_argument("--start-timeout", type=float, default=30)
    parser.add_argument("--dump", help="print these frames (comma-separated indices)")
    parser.add_argument("--show", type=int, default=3, help="bad frames to print (3)")
    parser.add_argument("--compare-tmux", action="store_true",
                        help="check that tmux shows the same last frame as the emulator")
    parser.add_argument("--motion", action="store_true",
                        help="also check each change after the keys (still, oneway, "
                             "animated, sections, shown) and every frame's gaps")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("shelf_args", nargs="*", help="arguments for shelf (after --)")
    options = parser.parse_args(argv)
    card_height = CARD_HEIGHT
    # Cards with covers (shelf's --cover-lines N) are N lines taller.
    if "--cover-lines" in options.shelf_args[:-1]:
        card_height += int(options.shelf_args[options.shelf_args.index("--cover-lines") + 1])
    if not os.access(options.judge, os.X_OK):
        print(f"frames.py: no frame-judge at {options.judge}: swift build builds it",
              file=sys.stderr)
        return 2

    size = options.size
    notes = []
    status = 0
    quit_time = None
    phase_time = None
    if options.replay and options.replay.endswith(".cast"):
        data, times, quit_time = read_asciicast(options.replay)
    elif options.replay:
        with open(options.replay, "rb") as f:
            data = f.read()
        times = []
        if options.times:
            with open(options.times) as f:
                for line in f:
                    fields = line.split()
                    if fields[:1] == ["quit"]:
                        quit_time = float(fields[1])
                    elif fields[:1] == ["phase"]:
                        phase_time = float(fields[1])
                    elif fields:
                        times.append((int(fields[0]), float(fields[1]), int(fields[2])))
    elif options.shelf:
        data, times, quit_time, phase_time, status, notes = record(options, size)
        if options.save:
            with open(options.save, "wb") as f:
                f.write(data)
            with open(options.save + ".times", "w") as f:
                f.writelines(f"{o} {t:.6f} {n}\n" for o, t, n in times)
                if quit_time is not None:
                    f.write(f"quit {quit_time:.6f}\n")
                if phase_time is not None:
                    f.write(f"phase {phase_time:.6f}\n")
    else:
        parser.error("give --shelf or --replay")
        return 2

    scratch = tempfile.mkdtemp(prefix="shelf-frames-judge-")
    try:
        path = options.frames or os.path.join(scratch, "frames.jsonl")
        body = tempfile.TemporaryFile("w+", encoding="utf-8")
        screen, count = replay(data, times, size, body)
        mismatch = None
        if options.compare_tmux and count:
            ends = split_frames(data)
            theirs = tmux_screen(data[:ends[-1]], size)
            ours = display_lines(screen)
            if theirs != ours:
                mismatch = [(y, o, t) for y, (o, t) in enumerate(zip(ours, theirs)) if o != t]
        live = bool(options.shelf and not options.replay)
        catalog_rows = load_catalog_rows(options.watch_sequence or [])
        header = {
            "size": list(size), "bytes": len(data), "quit": quit_time,
            "phase": phase_time or 0.0, "live": live,
            "exit": status if isinstance(status, int) else None,
            "exit_note": status if isinstance(status, str) else None,
            "notes": notes, "unknown_sequences": screen.unknown,
            "unknown_text": repr(screen.unknown) if screen.unknown else None,
            "compare_tmux": options.compare_tmux, "tmux_mismatch": mismatch,
            "catalog_rows": {row: sorted(cards) for row, cards in catalog_rows.items()}}
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps(header, ensure_ascii=False) + "\n")
            body.seek(0)
            shutil.copyfileobj(body, out)
        body.close()
        arguments = [options.judge, "--card-height", str(card_height),
                     "--rest-ms", str(options.rest_ms), "--body-top", str(options.body_top),
                     "--body-bottom", str(options.body_bottom), "--show", str(options.show)]
        if options.max_hole is not None:
            arguments += ["--max-hole", str(options.max_hole)]
        if options.motion:
            arguments.append("--motion")
        if options.json:
            arguments.append("--json")
        if options.dump:
            arguments += ["--dump", options.dump]
        sys.stdout.flush()
        return subprocess.run(arguments + [path], stdin=subprocess.DEVNULL).returncode
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
