#!/usr/bin/python3
"""Feeds the cover decoder mutated PNG, JPEG, GIF and WebP pictures through
the real `shelf render`, and checks that it never crashes.

    Scripts/fuzz-covers.py [--seconds S] [--batch N] [--seed N] [--shelf PATH]
                           [--keep DIR]

The corpus is generated (Scripts/make-cover.py: PNGs, JPEGs and WebPs of a
few sizes, and a small GIF written here). Each round mutates N pictures of it (bit
flips, bytes set to edge values, sizes in the header made huge or zero,
segments cut, repeated or spliced from another picture, random bytes put in,
the file cut short), writes a catalog whose cards show them all as covers,
and renders it once on a screen tall and wide enough to convert every one:
each picture goes through the header check, its decoder and libchafa in one
process. A round passes when shelf exits 0 (a picture that gives no cover is
a warning, not a failure). A crash, a hang (60 s) or any other status fails
the run; the round's pictures are kept in --keep (default .build/fuzz-covers)
to replay.

It prints one summary line: rounds, pictures, how many gave no cover, and the
time, and exits 0 when nothing failed, 1 otherwise.
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Scripts"))
make_cover = __import__("make-cover")


def gif(width, height, seed):
    """A small GIF of 4 colours, its LZW codes written 3 bits each with a clear
    code before every pixel (simple, valid, uncompressed in effect)."""
    palette = [make_cover.pixel(x * width // 4, 0, width, height, seed) for x in range(4)]
    header = b"GIF89a" + bytes([width & 255, width >> 8, height & 255, height >> 8, 0x81, 0, 0])
    header += b"".join(bytes(c) for c in palette)
    image = b"," + bytes([0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 0])
    codes = []
    for y in range(height):
        for x in range(width):
            codes += [4, (x * 7 + y * 3 + seed) % 4]  # clear, then the pixel
    codes.append(5)  # end of information
    bits, count, data = 0, 0, bytearray()
    for code in codes:
        bits |= code << count
        count += 3
        while count >= 8:
            data.append(bits & 255)
            bits >>= 8
            count -= 8
    if count:
        data.append(bits & 255)
    blocks = b"".join(bytes([len(data[i : i + 255])]) + bytes(data[i : i + 255]) for i in range(0, len(data), 255))
    return header + image + bytes([2]) + blocks + b"\x00;"


def corpus():
    pictures = []
    for seed, (width, height) in enumerate([(8, 8), (17, 23), (48, 72), (64, 96)]):
        rows = make_cover.pixels(width, height, seed)
        pictures.append(make_cover.png(width, height, rows))
        pictures.append(make_cover.jpeg(width, height, rows))
        pictures.append(make_cover.webp(make_cover.png(width, height, rows)))
        pictures.append(gif(width, height, seed))
    return pictures


EDGES = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF]


def mutate(data, others, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 6])):
        kind = rng.randrange(8)
        if not data:
            data = bytearray(rng.choice(others))
        at = rng.randrange(len(data))
        if kind == 0:
            data[at] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[at] = rng.choice(EDGES)
        elif kind == 2:  # a size or length field made huge or zero
            value = rng.choice([b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"\x7f\xff", b"\x00\x01", b"\xff\xff"])
            data[at : at + len(value)] = value
        elif kind == 3:
            del data[at : at + rng.randint(1, 64)]
        elif kind == 4:
            piece = data[at : at + rng.randint(1, 64)]
            data[at:at] = piece * rng.randint(1, 8)
        elif kind == 5:
            other = rng.choice(others)
            start = rng.randrange(len(other))
            data[at:] = other[start : start + rng.randint(1, 512)] + data[at:]
        elif kind == 6:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 32)))
        else:
            del data[rng.randint(1, max(1, len(data) - 1)) :]
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--batch", type=int, default=208)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--shelf", default=None)
    parser.add_argument("--keep", default=str(ROOT / ".build" / "fuzz-covers"))
    options = parser.parse_args()
    shelf = options.shelf or next(
        (str(p) for p in [ROOT / ".build/release/shelf", ROOT / ".build/debug/shelf"] if p.exists()), None
    )
    if not shelf:
        sys.exit("fuzz-covers: no shelf binary: swift build first")
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    pictures = corpus()
    start = time.monotonic()
    rounds = total = refused = 0
    failure = None
    with tempfile.TemporaryDirectory(prefix="shelf-fuzz-covers-") as folder:
        while time.monotonic() - start < options.seconds and not failure:
            names = []
            for index in range(options.batch):
                name = f"c{index}"
                pathlib.Path(folder, name).write_bytes(mutate(rng.choice(pictures), pictures, rng))
                names.append(name)
            per_row = 13
            rows = [
                {"id": f"r{r}", "title": f"r{r}", "items": [{"id": n, "title": n, "image": n} for n in names[r : r + per_row]]}
                for r in range(0, len(names), per_row)
            ]
            catalog = pathlib.Path(folder, "fuzz.json")
            catalog.write_text(json.dumps({"title": "fuzz", "rows": rows}))
            # 13 cards of 34 columns a row, 17 rows of 8 lines: every cover is drawn.
            arguments = [shelf, "render", "--catalog", str(catalog), "--width", "480", "--height", "140",
                         "--cover-lines", "2", "--color", "always"]
            try:
                result = subprocess.run(arguments, capture_output=True, timeout=60,
                                        env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
                status = result.returncode
                refused += result.stderr.count(b"shelf: warning: cover ")
            except subprocess.TimeoutExpired:
                status = "hang"
            rounds += 1
            total += len(names)
            if status != 0:
                failure = status
                keep = pathlib.Path(options.keep)
                shutil.rmtree(keep, ignore_errors=True)
                shutil.copytree(folder, keep)
    elapsed = time.monotonic() - start
    line = (f"fuzz-covers: seed {seed}: {rounds} rounds, {total} pictures, {refused} gave no cover,"
            f" {elapsed:.0f} s")
    if failure is not None:
        print(f"{line}: FAILED (status {failure}); the round's pictures are in {options.keep}")
        sys.exit(1)
    print(line + ": no crash")


if __name__ == "__main__":
    main()
