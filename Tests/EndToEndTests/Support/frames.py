#!/usr/bin/python3
"""Records shelf in a pseudo-terminal and checks every frame a terminal shows.

The app runs in a pseudo-terminal of a given size (TERM=xterm-256color,
LANG=C.UTF-8); every byte it writes is recorded. The stream is cut after each
end of a synchronized update (ESC [ ? 2026 l): each piece is one frame. The
pieces are fed in order to the pyte terminal emulator (with the scroll-up and
scroll-down sequences ncurses sends, CSI n S / CSI n T, and CSI n b, repeat)
and every resulting screen is checked:

  focus    exactly one focused card, drawn whole as a heavy box (top, three
           sides, bottom, all in one style), with the row marker, in the
           border's colour, at the start of the row title directly above its
           top edge and nowhere else.
  blocks   the body reads as whole blocks. Each body line is a section header,
           a row title, a card line (top edge, side, bottom edge), a blank line
           or other text (a "no cards" placeholder). Card lines form box
           groups (split after each bottom edge and before each top edge);
           a group is a contiguous part of [top, side, side, side, bottom],
           its lines have their box corners and sides in the same columns and
           weights, and every edge line is well formed: whole edges, or edges
           cut by the strip's ends or by a whole box drawn over them (a card
           sliding over the cards it passes). A group that starts with a top
           edge sits directly under a row title; a group that starts lower
           (the rest of a row that a moving block covers) sits directly under
           a bottom edge; either may start the body. Never a partial box under
           a title: that puts a title above another row's cards. (A whole block sliding over
           another one hides the other's top lines, its title included, so a
           group directly under a bottom edge may start with its top edge; a
           section header slides over the rows that leave or join its section,
           drawn over them, so any group may start under a header too.)
  holes    no run of blank body lines longer than --max-hole (default: a row's
           height, the tallest block a change can insert, delete or move, and
           one line: a row a moving block passes over shows no title without
           its cards), except the run that reaches the bottom of the body (the
           table ends there).
  rest     a frame at rest (the last one, and any frame followed by no other
           for --rest-ms) starts its body with a section header or a row title.

With --motion, the frames are also read as changes, each from a frame at rest
to the next one, the frames between included; the changes that begin after the
keys (during the --watch-sequence edits, or the --seconds phase) are checked as
a user follows them. Blocks are told apart by their section header's or row
title's text (marker and position aside); a title shown twice in a frame is not
followed in that frame, nor one missing at either end of the change.

  still    a block on the same line in a change's first and last frames is
           drawn on that line in every frame it shows in (a moving block may
           cover it).
  oneway   a block on different lines at the two ends goes one way, from its
           first line to its last, never back and never beyond.
  animated when some block changed lines, or the body's layout (its boxes,
           headers and titles, where they are) changed, some frame between
           the two ends differs from both.
  gaps     no frame has a run of blank body lines (the run reaching the bottom
           aside) taller than the tallest block moving at that moment, plus
           the one line --max-hole allows too. A frame is read with the one
           before and the one after (a demo that never rests has no changes
           to read): the blocks whose line differs between two of them move,
           and those that show in one and not the other are inserted, deleted
           or scrolled; when none does, with the 8 frames each way (a slow
           change, or one whose titles are hidden), and when none does there
           either, nothing moves: no gap may be taller than the one line. A
           section header and the rows under it that move the same distance
           with it are one block; a header is 1 line, a row its title and
           cards; a row cut by the body's top, its title above it, moves when
           its last line does. Unlike the others, it is checked on every
           frame, keys and all.
  sections a section header stands over its own rows only: in no frame is a
           row title under a header (below it, above the next one) a row
           that both ends of the change show under one other header (a row
           that leaves or joins a section is seen crossing the sections on
           its way, and the focused row, whole in every frame, may pass under
           another section's header); and a header whose section gains or
           loses rows and changes lines is seen in at least half the frames of
           its trip (from the last frame at its first line to the first at its
           last), not hidden, then popped in.
Usage:
  frames.py --shelf PATH [--size 120x40] [--seconds 20] [--keys jjjjll] -- ARGS
  frames.py --shelf PATH --watch-sequence A.json B.json ... [--keys ...] -- ARGS
  frames.py --replay STREAM [--times STREAM.times] [--motion]   check a recorded stream
Exit status: 0 every frame good and the app quit with 0; 1 a check failed;
2 the run itself failed (usage, the app did not start, quit or exit 0).
"""

import argparse
import codecs
import fcntl
import json
import os
import pty
import re
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

LIGHT = {"┌": "top-left", "┐": "top-right", "└": "bottom-left", "┘": "bottom-right",
         "─": "horizontal", "│": "side"}
HEAVY = {"┏": "top-left", "┓": "top-right", "┗": "bottom-left", "┛": "bottom-right",
         "━": "horizontal", "┃": "side"}
BOX = {**{c: (r, "light") for c, r in LIGHT.items()}, **{c: (r, "heavy") for c, r in HEAVY.items()}}
MARKER = "▸"
MOTION = ("still", "oneway", "animated", "gaps", "sections")
# Lines of a row block: its title, then a card box of this many lines.
CARD_HEIGHT = 5
ROW_HEIGHT = 1 + CARD_HEIGHT
# Frames back (and one ahead) the gaps check looks for the rows of each section.
SECTION_MEMORY = 30
# The kinds of a card's lines.
CARD_LINES = ("top", "side", "bottom", "edge", "mixed")
# Frames each way the gaps check looks for a change when none shows next to a frame.
GAP_REACH = 8
TEMPLATE = ["top", "side", "side", "side", "bottom"]
# A row title line ends with the focused card's position in the row: "3 / 24".
POSITION = re.compile(r"\d+ / \d+ ?$")


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


def snapshot(screen):
    """The screen as rows of cells: (char, style); a wide character's second cell is ''."""
    rows = []
    for y in range(screen.lines):
        line = screen.buffer[y]
        cells = []
        for x in range(screen.columns):
            c = line[x]
            cells.append((c.data, (c.fg, c.bg, c.bold, c.reverse)))
        rows.append(cells)
    return rows


def text_of(row):
    """A line's text, a wide character once."""
    return "".join(ch for ch, _ in row)


# MARK: - Checking one frame

class Verdict:
    def __init__(self):
        self.problems = []  # (check, reason)

    def add(self, check, reason):
        self.problems.append((check, reason))


def classify(row, width):
    """The kind of one body line: header, title, top, side, bottom, mixed, blank, text."""
    chars = [ch for ch, _ in row]
    roles = set()
    for ch in chars:
        if ch in BOX:
            roles.add(BOX[ch][0])
    if len(chars) > 3 and chars[1] == "━" and chars[2] == "━" and chars[3] == " ":
        return "header"
    if roles:
        corners_top = roles & {"top-left", "top-right"}
        corners_bottom = roles & {"bottom-left", "bottom-right"}
        has_side = "side" in roles
        kinds = [k for k, present in (("top", corners_top), ("bottom", corners_bottom),
                                      ("side", has_side)) if present]
        if len(kinds) == 1:
            return kinds[0]
        if not kinds:  # only horizontal edge glyphs: a box edge with both corners clipped
            return "edge"
        return "mixed"
    if all(ch in (" ", "") for ch in chars):
        return "blank"
    if chars[0] == MARKER or chars[1] not in (" ", "") or POSITION.search(text_of(row)):
        return "title"
    return "text"


def signature(row):
    """Columns and weights of a card line's corners or sides."""
    return tuple((x, BOX[ch][1]) for x, (ch, _) in enumerate(row)
                 if ch in BOX and BOX[ch][0] != "horizontal")


def edge_problem(row, kind, strip):
    """Why a top or bottom edge line is not a row of well-formed box edges, or None.

    Each run of box glyphs is cut into pieces at corners: a whole edge (both
    corners), the start of an edge whose end another box covers (the next
    piece starts right after it), or the end of an edge whose start another
    box covers (the previous piece ends right before it) - a moving card is
    an opaque box over the cards it passes. A piece may also be cut by the
    strip's edges. A covered box must be covered: the run goes on for at
    least a card's width (that of the line's whole edges) past its start.
    """
    left_corner, right_corner = ("top-left", "top-right") if kind == "top" else (
        "bottom-left", "bottom-right")
    runs = []
    for x, (ch, _) in enumerate(row):
        role, weight = BOX.get(ch, (None, None))
        if role is None:
            continue
        if role not in (left_corner, right_corner, "horizontal"):
            return f"{ch!r} at column {x} in a {kind} edge line"
        if runs and runs[-1][-1][0] == x - 1:
            runs[-1].append((x, role, weight))
        else:
            runs.append([(x, role, weight)])
    pieces = []  # (run index, start, end, weight, has left corner, has right corner)
    for index, run in enumerate(runs):
        piece = []
        for cell in run:
            if cell[1] == left_corner and piece:
                pieces.append((index, piece))
                piece = []
            piece.append(cell)
            if cell[1] == right_corner:
                pieces.append((index, piece))
                piece = []
        if piece:
            pieces.append((index, piece))
    widths = {}
    for _, piece in pieces:
        if piece[0][1] == left_corner and piece[-1][1] == right_corner:
            width = piece[-1][0] - piece[0][0] + 1
            widths[width] = widths.get(width, 0) + 1
    card_width = max(widths, key=lambda w: (widths[w], w)) if widths else None
    for index, piece in pieces:
        run = runs[index]
        start, end = piece[0][0], piece[-1][0]
        weights = {weight for _, _, weight in piece}
        if len(weights) > 1:
            return f"the edge at columns {start}-{end} mixes light and heavy glyphs"
        if piece[0][1] != left_corner and start != strip[0]:
            if start == run[0][0]:
                return f"an edge at column {start} with no corner before it"
            if card_width and run[0][0] > end - card_width + 1 and run[0][0] != strip[0]:
                return (f"the box ending at column {end} is cut at column {start} "
                        "with nothing covering the rest")
        if piece[-1][1] != right_corner and end != strip[1]:
            if end == run[-1][0]:
                return f"the edge begun at column {start} stops at column {end} without a corner"
            if card_width and run[-1][0] < start + card_width - 1 and run[-1][0] != strip[1]:
                return (f"the box begun at column {start} is cut at column {end} "
                        "with nothing covering the rest")
    return None


def check_frame(rows, body, strip, max_hole, at_rest, catalog_rows=None):
    """Checks one screen (rows of cells); returns a Verdict and the body's line kinds.

    `strip` is [left, right]: the outermost columns card lines have used so far
    (a box cut short there is clipped by the strip, not torn); it grows here.
    `catalog_rows`, when the data is known, maps each row title to its card
    titles: the cards under a row title must then be that row's.
    """
    verdict = Verdict()
    width = len(rows[0])
    top, bottom = body
    kinds = {y: classify(rows[y], width) for y in range(top, bottom + 1)}
    card_lines = [y for y, k in kinds.items() if k in ("top", "side", "bottom")]
    for y in card_lines:
        xs = [x for x, (ch, _) in enumerate(rows[y]) if ch in BOX]
        strip[0] = xs[0] if strip[0] is None else min(strip[0], xs[0])
        strip[1] = xs[-1] if strip[1] is None else max(strip[1], xs[-1])

    # blocks: box groups.
    groups = []
    current = []
    for y in range(top, bottom + 1):
        kind = kinds[y]
        if kind in ("top", "side", "bottom", "mixed", "edge"):
            if kind == "top" and current:
                groups.append(current)
                current = []
            current.append(y)
            if kind == "bottom":
                groups.append(current)
                current = []
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    for group in groups:
        first = group[0]
        names = [kinds[y] for y in group]
        if "mixed" in names or "edge" in names:
            y = group[names.index("mixed" if "mixed" in names else "edge")]
            verdict.add("blocks", f"line {y}: a torn card line (edges and sides of different boxes)")
            continue
        if not any(TEMPLATE[s:s + len(names)] == names for s in range(len(TEMPLATE))):
            verdict.add("blocks", f"lines {first}-{group[-1]}: card lines {names} are not one box")
            continue
        sigs = {signature(rows[y]) for y in group}
        if len(sigs) != 1:
            verdict.add("blocks", f"lines {first}-{group[-1]}: box sides and corners do not line up")
            continue
        for y in group:
            if kinds[y] in ("top", "bottom"):
                problem = edge_problem(rows[y], kinds[y], strip)
                if problem:
                    verdict.add("blocks", f"line {y}: {problem}")
        above = kinds.get(first - 1) if first > top else None
        if names[0] == "top":
            if above is not None and above not in ("title", "bottom", "header"):
                verdict.add("blocks", f"line {first}: a row's cards with no title above them "
                                      f"(a {above} line)")
        elif above is not None and above not in ("bottom", "header"):
            # A section header may stand over part of a row: a row leaving or
            # joining its section passes under the headers it crosses.
            verdict.add("blocks", f"line {first}: the rest of a row's cards under a {above} line, "
                                  "cut from their own row")
        if catalog_rows and names[:2] == ["top", "side"] and above == "title":
            stranger = foreign_card(rows[first - 1], rows[first], rows[first + 1], catalog_rows)
            if stranger:
                verdict.add("blocks", f"line {first + 1}: {stranger}")

    # holes.
    run = 0
    for y in range(top, bottom + 2):
        if y <= bottom and kinds[y] == "blank":
            run += 1
            continue
        if run > max_hole and y <= bottom:
            verdict.add("holes", f"lines {y - run}-{y - 1}: {run} blank lines")
        run = 0

    # focus.
    heavy = [(y, x) for y in range(top, bottom + 1) if kinds[y] != "header"
             for x, (ch, _) in enumerate(rows[y]) if ch in HEAVY]
    markers = [y for y in range(top, bottom + 1) if rows[y][0][0] == MARKER]
    has_cards = any(k in ("top", "side", "bottom") for k in kinds.values())
    if heavy:
        tops = [(y, x) for y, x in heavy if rows[y][x][0] == "┏"]
        box = None
        if len(tops) == 1:
            y0, x0 = tops[0]
            x1 = next((x for x in range(x0 + 1, width) if rows[y0][x][0] != "━"), width)
            if x1 < width and rows[y0][x1][0] == "┓" and y0 + CARD_HEIGHT - 1 <= bottom:
                expected = {(y0, x) for x in range(x0, x1 + 1)}
                expected |= {(y0 + CARD_HEIGHT - 1, x) for x in range(x0, x1 + 1)}
                for dy in range(1, CARD_HEIGHT - 1):
                    expected |= {(y0 + dy, x0), (y0 + dy, x1)}
                glyphs_ok = all(
                    rows[y][x][0] == ("┗" if (y, x) == (y0 + CARD_HEIGHT - 1, x0) else
                                      "┛" if (y, x) == (y0 + CARD_HEIGHT - 1, x1) else
                                      "┏" if (y, x) == (y0, x0) else
                                      "┓" if (y, x) == (y0, x1) else
                                      "━" if y in (y0, y0 + CARD_HEIGHT - 1) else "┃")
                    for y, x in expected)
                if glyphs_ok and set(heavy) == expected:
                    box = (y0, x0, x1)
        if box is None:
            verdict.add("focus", f"the focused card is not one whole box ({len(tops)} top-left "
                                 f"corners, {len(heavy)} heavy cells)")
        else:
            y0, x0, x1 = box
            styles = {rows[y][x][1] for y, x in heavy}
            if len(styles) != 1:
                verdict.add("focus", f"the focused card's border at line {y0} is not in one "
                                     "style")
            elif markers == [y0 - 1] and rows[y0 - 1][0][1][0] != next(iter(styles))[0]:
                verdict.add("focus", f"the marker at line {y0 - 1} and the focused card's "
                                     "border differ in colour")
            if markers != [y0 - 1]:
                verdict.add("focus", f"the marker is on lines {markers}, not directly above the "
                                     f"focused card (line {y0 - 1})")
            elif kinds[y0 - 1] != "title":
                verdict.add("focus", f"the marker's line {y0 - 1} is not a row title")
    elif has_cards:
        verdict.add("focus", f"no focused card (markers on lines {markers})")

    # rest.
    if at_rest and any(k != "blank" for k in kinds.values()):
        if kinds[top] not in ("header", "title"):
            verdict.add("rest", f"at rest the body starts with a {kinds[top]} line, "
                                "not a section header or a row title")
    return verdict, kinds


def row_title(row):
    """The row title on a title line: its text without the marker and the position."""
    text = text_of(row)[1:].rstrip()
    words = text.split(" ")
    if len(words) >= 3 and words[-2] == "/" and words[-1].isdigit():
        text = " ".join(words[:-3]).rstrip()
    return text


def foreign_card(title_line, edge_line, card_line, catalog_rows):
    """Why a card on `card_line` (a box's first text line) is not a card of the row
    named on `title_line`, or None. Only boxes whose top edge (`edge_line`) is
    whole are read; a text matches a card title it begins (cards can be narrow)."""
    shown = row_title(title_line)
    candidates = [t for t in catalog_rows if t == shown or
                  (shown.endswith("…") and t.startswith(shown[:-1]))]
    if not candidates:
        return None  # not a row of the known catalogs (a message, a placeholder)
    cards = set().union(*(catalog_rows[t] for t in candidates))
    opened = None
    for x, (ch, _) in enumerate(edge_line):
        role = BOX.get(ch, (None, None))[0]
        if role == "top-left":
            opened = x
        elif role == "top-right" and opened is not None:
            text = "".join(c for c, _ in card_line[opened + 1:x]).rstrip().rstrip("…")
            if text and not any(card.startswith(text) for card in cards):
                return f"the card {text!r} is not one of the cards of the row {shown!r} above it"
            opened = None
        elif role != "horizontal":
            opened = None
    return None


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


# MARK: - Following motion across frames

class Still:
    """What the motion checks read of one frame: where each block is and how the body looks."""

    def __init__(self, rows, kinds, body):
        top, bottom = body
        self.lines = block_lines(rows, kinds, body)
        self.shape = tuple(layout_shape(rows[y], kinds[y]) for y in range(top, bottom + 1))
        self.text = tuple(text_of(rows[y]) for y in range(top, bottom + 1))
        self.gaps = blank_runs(kinds, body)
        # Where the row cut by the body's top (its title above it) ends, if one is.
        self.cut_end = None
        if kinds[top] in CARD_LINES:
            y = top
            while y <= bottom and kinds[y] in CARD_LINES and (y == top or kinds[y] != "top"):
                y += 1
            self.cut_end = y
        # The focused row, marked at the start of its title.
        self.focused = next((("row", row_title(rows[y])) for y in range(top, bottom + 1)
                             if kinds[y] == "title" and rows[y][0][0] == MARKER), None)
        # Each section header with the rows drawn directly under it, one after
        # the other: its section as this frame shows it.
        at = {y: block for block, y in self.lines.items()}
        self.sections = {}
        for block, y in self.lines.items():
            if block[0] != "header":
                continue
            rows = []
            below = y + 1
            while at.get(below, ("header",))[0] == "row":
                rows.append(at[below])
                below += ROW_HEIGHT
            self.sections[block] = rows


def blank_runs(kinds, body):
    """The runs of blank body lines, as (first line, length), but the one that
    reaches the bottom of the body (the table ends there)."""
    top, bottom = body
    runs = []
    run = 0
    for y in range(top, bottom + 2):
        if y <= bottom and kinds[y] == "blank":
            run += 1
            continue
        if run and y <= bottom:
            runs.append((y - run, run))
        run = 0
    return runs


def block_height(block):
    """Lines a block takes at rest: a section header one, a row its title and cards."""
    return 1 if block[0] == "header" else ROW_HEIGHT


def tallest_changing_block(first, last, sections=None):
    """The height of the tallest block that moves, appears or goes from frame
    `first` to frame `last`; 0 when none. Moving blocks that travel the same
    distance and follow one another in `first`, starting with a section header,
    are one block (a section moving with its rows); so is a moving header with
    the rows `sections` says are its own (its rows in recent frames, some
    perhaps hidden now under a block passing over them), when one of those
    shown moves with it."""
    moving = sorted((start, last.lines[b] - start, b)
                    for b, start in first.lines.items()
                    if b in last.lines and last.lines[b] != start)
    tallest = 0
    group_end, group_shift, group_height = None, None, 0
    for start, shift, block in moving:
        height = block_height(block)
        # Only a section header takes the rows under it along: rows that merely
        # slide alike (a scroll) are each their own block.
        if block[0] == "row" and start == group_end and shift == group_shift:
            group_height += height
        else:
            group_height = height
            group_shift = shift if block[0] == "header" else None
        group_end = start + height
        tallest = max(tallest, group_height)
        own = (sections or {}).get(block, ())
        if block[0] == "header" and any(
                row in first.lines and row in last.lines
                and last.lines[row] - first.lines[row] == shift for row in own):
            tallest = max(tallest, 1 + ROW_HEIGHT * len(own))
    for block in set(first.lines) ^ set(last.lines):
        tallest = max(tallest, block_height(block))
    # A row cut by the body's top shows no title, but moves when its end does.
    if first.cut_end is not None and last.cut_end is not None and first.cut_end != last.cut_end:
        tallest = max(tallest, ROW_HEIGHT)
    return tallest


def block_lines(rows, kinds, body):
    """Each block shown once in the body -> its line. A block is ("header", title) or
    ("row", title), the title read without the marker and the position."""
    seen = {}
    repeated = set()
    for y in range(body[0], body[1] + 1):
        if kinds[y] == "header":
            block = ("header", text_of(rows[y]).strip("━ "))
        elif kinds[y] == "title":
            block = ("row", row_title(rows[y]))
        else:
            continue
        if block in seen:
            repeated.add(block)
        seen[block] = y
    for block in repeated:
        del seen[block]
    return seen


def layout_shape(row, kind):
    """A body line's boxes and rules without its words: where things are drawn."""
    if kind in ("header", "title"):
        return kind
    return "".join(ch if ch in BOX else " " for ch, _ in row)


def motion_problems(change):
    """What makes one change hard to follow: [(offset in the change, check, reason)].

    `change` is the change's frames as Still, its first and last at rest."""
    first, last = change[0], change[-1]
    problems = []
    for block, start in first.lines.items():
        end = last.lines.get(block)
        if end is None:
            continue
        name = f'{block[0]} "{block[1]}"'
        seen = [(i, frame.lines[block]) for i, frame in enumerate(change) if block in frame.lines]
        if start == end:
            for i, y in seen:
                if y != start:
                    problems.append((i, "still", f"still {name} drawn at line {y}, not {start}"))
            continue
        down = end > start
        previous = start
        for i, y in seen:
            backwards = y < previous if down else y > previous
            beyond = y > end if down else y < end
            if backwards or beyond:
                problems.append((i, "oneway", f"{name} at line {y} after line {previous}, "
                                              f"on its way from line {start} to line {end}"))
            previous = y
    moves = (any(last.lines.get(b, y) != y for b, y in first.lines.items())
             or first.shape != last.shape)
    if moves and not any(f.text != first.text and f.text != last.text for f in change[1:-1]):
        problems.append((len(change) - 1, "animated", f"the change jumps from its first frame "
                                                      f"to its last in {len(change)} frames: "
                                                      "nothing animates"))
    return problems


def section_rows(frame):
    """Each section header -> the row titles under it, down to the next header."""
    sections = {}
    current = None
    for y, block in sorted((y, b) for b, y in frame.lines.items()):
        if block[0] == "header":
            current = block
            sections[current] = set()
        elif current is not None:
            sections[current].add(block)
    return sections


def section_problems(change):
    """[(offset in the change, reason)]: a header over a row of another section,
    and a header that pops (see "sections")."""
    first, last = change[0], change[-1]
    start, end = section_rows(first), section_rows(last)
    # Each row both ends show under the same header -> that header.
    headers = {}
    for sections in (start, end):
        for header, rows in sections.items():
            for row in rows:
                headers.setdefault(row, []).append(header)
    own = {row: found[0] for row, found in headers.items()
           if len(found) == 2 and found[0] == found[1]}
    problems = []
    for i, frame in enumerate(change):
        for header, rows in section_rows(frame).items():
            for row in sorted(rows):
                if row != frame.focused and row in own and own[row] != header:
                    problems.append((i, f'header "{header[1]}" stands over row "{row[1]}" of '
                                        "another section"))
    for block, old in first.lines.items():
        new = last.lines.get(block)
        if block[0] != "header" or new is None or new == old or start.get(block) == end.get(block):
            continue
        leaves = max([i for i, f in enumerate(change) if f.lines.get(block) == old], default=0)
        arrives = min([i for i, f in enumerate(change) if f.lines.get(block) == new],
                      default=len(change) - 1)
        trip = change[leaves + 1:arrives]
        seen = sum(1 for f in trip if block in f.lines)
        if trip and 2 * seen < len(trip):
            problems.append((arrives, f'header "{block[1]}" seen in {seen} of the {len(trip)} '
                                      "frames of its trip: it pops"))
    return problems


def gap_problems(stills):
    """[(frame, reason)] for each frame with a gap taller than the tallest block
    moving around it (see gaps)."""
    problems = []
    for i, frame in enumerate(stills):
        # The rows each header showed directly under it over the last frames
        # (about an animation's worth).
        sections = {}
        for recent in stills[max(0, i - SECTION_MEMORY):i + 2]:
            for header, rows in recent.sections.items():
                sections.setdefault(header, set()).update(rows)
        tallest = 0
        # The frames next to it, then (when nothing shows changing between
        # those: a slow change, or one whose titles are hidden) a few more.
        for reach in (1, GAP_REACH):
            pairs = [(a, a + 1) for a in range(i - reach, i + reach)
                     if 0 <= a and a + 1 < len(stills)]
            tallest = max([tallest_changing_block(stills[a], stills[b], sections)
                           for a, b in pairs] + [0])
            if tallest:
                break
        for y, run in frame.gaps:
            if run > tallest + 1:
                problems.append((i, f"lines {y}-{y + run - 1}: {run} blank lines, taller than "
                                    f"the tallest block moving ({tallest} lines)"))
    return problems


def check_motion(stills, rests, frame_times, since, results):
    """Splits the frames into changes between frames at rest and checks those that
    begin (their first frame after the rest) at `since` or later; the problems join
    `results`. Returns each checked change's frame count."""
    counts = []
    resting = [i for i, rest in enumerate(rests) if rest]
    for start, end in zip(resting, resting[1:]):
        if frame_times[start + 1] < since:
            continue
        change = stills[start:end + 1]
        counts.append(len(change))
        for offset, check, reason in motion_problems(change):
            results[start + offset][1].append((check, f"change from frame {start}: {reason}"))
        for offset, reason in section_problems(change):
            results[start + offset][1].append(("sections", f"change from frame {start}: {reason}"))
    return counts


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


def render(rows, kinds=None, marks=()):
    """A frame as text: each line numbered, with its kind, `>` before lines in `marks`."""
    out = []
    for y, row in enumerate(rows):
        kind = (kinds or {}).get(y, "")
        flag = ">" if y in marks else " "
        out.append(f"{flag}{y:3d} {kind:6.6s}|{text_of(row)}|")
    return "\n".join(out)


def replay(data, times, quit_time, size, options, report, since=0.0):
    """Feeds the stream frame by frame to the emulator and checks each frame; with
    --motion, the changes that begin at `since` or later too (None when not checked)."""
    width, height = size
    screen = Screen(width, height)
    stream = Stream(screen)
    ends = split_frames(data)
    body = (options.body_top, height + options.body_bottom if options.body_bottom < 0
            else options.body_bottom)
    strip = [None, None]
    catalog_rows = load_catalog_rows(options.watch_sequence or []) or None
    results = []
    stills = []
    rests = []
    previous = 0
    frame_times = [time_at(times, end) for end in ends]
    for index, end in enumerate(ends):
        stream.feed(data[previous:end])
        previous = end
        rows = snapshot(screen)
        # A frame is at rest when nothing follows it for a while: no other frame,
        # and for the last one, no quit (a replay without times: the last frame).
        if index + 1 < len(ends):
            at_rest = (frame_times[index + 1] - frame_times[index]) * 1000 >= options.rest_ms
        else:
            at_rest = quit_time is None or (quit_time - frame_times[index]) * 1000 >= options.rest_ms
        verdict, kinds = check_frame(rows, body, strip, options.max_hole, at_rest,
                                     catalog_rows)
        results.append((index, verdict.problems))
        if options.motion:
            stills.append(Still(rows, kinds, body))
            rests.append(at_rest)
        if verdict.problems and report is not None:
            report.append((index, verdict.problems, render(rows, kinds, {
                int(reason.split(":")[0].split()[1].split("-")[0])
                for _, reason in verdict.problems if reason.startswith("line")})))
        if options.dump is not None and index in options.dump:
            print(f"--- frame {index} ({end - (ends[index - 1] if index else 0)} bytes)")
            print(render(rows, kinds))
    motion = None
    if options.motion:
        motion = check_motion(stills, rests, frame_times, since, results)
        for index, reason in gap_problems(stills):
            results[index][1].append(("gaps", reason))
        if report is not None:
            # Frames only the motion checks flagged get their pictures too (the
            # first few: each is replayed again from the start).
            shown = {index for index, _, _ in report}
            only = [(i, p) for i, p in results if p and i not in shown][:options.show]
            for index, problems in only:
                report.append((index, problems, render(snapshot_at(data, ends, index, size))))
            report.sort(key=lambda entry: entry[0])
    tail = data[previous:]
    return results, screen, len(tail), motion


def snapshot_at(data, ends, index, size):
    """The screen after frame `index`, replayed again from the start."""
    screen = Screen(*size)
    Stream(screen).feed(data[:ends[index]])
    return snapshot(screen)


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
    global CARD_HEIGHT, ROW_HEIGHT
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
                        help=f"most blank body lines in a row ({ROW_HEIGHT + 1}; with covers,"
                             " the cover lines more)")
    parser.add_argument("--body-top", type=int, default=1, help="first body line (1)")
    parser.add_argument("--body-bottom", type=int, default=-2,
                        help="last body line; negative counts from the bottom (-2)")
    parser.add_argument("--start-timeout", type=float, default=30)
    parser.add_argument("--dump", type=lambda s: {int(i) for i in s.split(",")},
                        help="print these frames (comma-separated indices)")
    parser.add_argument("--show", type=int, default=3, help="bad frames to print (3)")
    parser.add_argument("--compare-tmux", action="store_true",
                        help="check that tmux shows the same last frame as the emulator")
    parser.add_argument("--motion", action="store_true",
                        help="also check each change after the keys (still, oneway, "
                             "animated) and every frame's gaps")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("shelf_args", nargs="*", help="arguments for shelf (after --)")
    options = parser.parse_args(argv)
    # Cards with covers (shelf's --cover-lines N) are N lines taller.
    if "--cover-lines" in options.shelf_args[:-1]:
        CARD_HEIGHT += int(options.shelf_args[options.shelf_args.index("--cover-lines") + 1])
        ROW_HEIGHT = 1 + CARD_HEIGHT
        TEMPLATE[1:-1] = ["side"] * (CARD_HEIGHT - 2)
    if options.max_hole is None:
        options.max_hole = ROW_HEIGHT + 1

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

    report = []
    results, screen, tail, motion = replay(data, times, quit_time, size, options, report,
                                           phase_time or 0.0)
    checks = ("focus", "blocks", "holes", "rest") + (MOTION if options.motion else ())
    bad = {c: sorted({i for i, problems in results for check, _ in problems if check == c})
           for c in checks}
    bad_frames = sorted({i for i, problems in results if problems})
    mismatch = None
    if options.compare_tmux and results:
        ends = split_frames(data)
        theirs = tmux_screen(data[:ends[-1]], size)
        ours = display_lines(screen)
        if theirs != ours:
            mismatch = [(y, o, t) for y, (o, t) in enumerate(zip(ours, theirs)) if o != t]

    if options.json:
        print(json.dumps({
            "frames": len(results), "bytes": len(data), "bad": bad_frames,
            "checks": bad, "exit": status if isinstance(status, int) else -1,
            "notes": notes + ([status] if isinstance(status, str) else []),
            "problems": {str(i): p for i, p in results if p},
            "pictures": {str(i): picture for i, _, picture in report[:options.show]},
            "unknown_sequences": screen.unknown,
            "motion_changes": motion,
            "tmux_mismatch": mismatch}, ensure_ascii=False))
    else:
        print(f"frames: {len(results)}  bytes: {len(data)}  bad frames: {len(bad_frames)}"
              + (f" ({100 * len(bad_frames) / len(results):.1f}%)" if results else ""))
        for c in checks:
            print(f"  {c:7s} {len(bad[c])} bad" + (f"  e.g. frames {bad[c][:8]}" if bad[c] else ""))
        if options.shelf and not options.replay:
            print(f"exit status: {status}")
        for note in notes:
            print(f"note: {note}")
        if motion is not None:
            print(f"changes checked for motion: {len(motion)}, frames each: {motion}")
        if screen.unknown:
            print(f"sequences the emulator ignored: {screen.unknown}")
        if options.compare_tmux:
            print("tmux shows the same last frame" if mismatch is None else
                  f"tmux differs on {len(mismatch)} lines: {mismatch[:3]}")
        for index, problems, picture in report[:options.show]:
            print(f"--- frame {index}:")
            for check, reason in problems:
                print(f"  {check}: {reason}")
            print(picture)
    if not results or notes or (options.shelf and not options.replay and status != 0):
        return 2
    if bad_frames or mismatch is not None:
        return 1
    return 0



if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
