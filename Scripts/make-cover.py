#!/usr/bin/python3
"""Writes a generated cover picture as PNG or JPEG, with the standard library
alone (zlib for PNG; a small baseline JPEG encoder here), or as lossless
WebP through Debian's cwebp (package webp), for tests, the benchmarks and
the decoder fuzzing.

    Scripts/make-cover.py [--format png|jpeg|webp] [--width W] [--height H]
                          [--seed N] [--declare WxH] OUT

The picture is the same for the same seed and size: a diagonal gradient
of the seed's hue, a disc of the opposite hue and a few bands, with fine
texture so that a JPEG holds detail. --declare writes a PNG whose header
declares W x H pixels but holds only a few rows (a picture too large to
decode, refused from its header).
"""
import argparse
import math
import os
import struct
import subprocess
import tempfile
import zlib


def pixel(x, y, width, height, seed):
    """The colour at (x, y): deterministic, with edges and texture."""
    hue = (seed * 47) % 360
    t = (x / max(1, width - 1) + y / max(1, height - 1)) / 2
    cx, cy, radius = width / 2, height * 0.4, min(width, height) * 0.3
    if (x - cx) ** 2 + (y - cy) ** 2 < radius * radius:
        hue = (hue + 180) % 360
        t = 0.5
    if (y * 7 // max(1, height)) % 3 == 2 and x < width * 0.8:
        hue = (hue + 90) % 360
    texture = ((x * 13 + y * 7 + seed) % 17) / 17 * 0.15
    return hsv(hue, 0.7, min(1.0, 0.35 + 0.6 * t + texture))


def hsv(hue, saturation, value):
    c = value * saturation
    h = hue / 60
    x = c * (1 - abs(h % 2 - 1))
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(h) % 6]
    m = value - c
    return tuple(int(round((v + m) * 255)) for v in (r, g, b))


def pixels(width, height, seed):
    return [[pixel(x, y, width, height, seed) for x in range(width)] for y in range(height)]


# MARK: - PNG


def png_chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rows, declared=None):
    """An RGB PNG of `rows`; with `declared`, its header says that size instead."""
    header_width, header_height = declared or (width, height)
    raw = b"".join(b"\x00" + bytes(channel for p in row for channel in p) for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", struct.pack(">IIBBBBB", header_width, header_height, 8, 2, 0, 0, 0))
        + png_chunk(b"IDAT", zlib.compress(raw, 9))
        + png_chunk(b"IEND", b"")
    )


# MARK: - JPEG (baseline, 4:4:4, one flat quantisation table, fixed-length codes)


def zigzag():
    order = []
    for s in range(15):
        rows = range(min(s, 7), max(0, s - 7) - 1, -1) if s % 2 == 0 else range(max(0, s - 7), min(s, 7) + 1)
        order += [(r, s - r) for r in rows]
    return order


ZIGZAG = zigzag()
QUANT = 6
DCT = [[(math.sqrt(0.5) if u == 0 else 1) / 2 * math.cos((2 * x + 1) * u * math.pi / 16) for x in range(8)] for u in range(8)]
# Every DC category (0-11) a 4-bit code; every AC symbol (EOB, ZRL, run/size) an 8-bit one.
DC_SYMBOLS = list(range(12))
AC_SYMBOLS = [0x00, 0xF0] + [(run << 4) | size for run in range(16) for size in range(1, 11)]


def huffman_table(table_class, symbols, length):
    counts = [0] * 16
    counts[length - 1] = len(symbols)
    data = bytes([table_class << 4]) + bytes(counts) + bytes(symbols)
    codes = {symbol: (index, length) for index, symbol in enumerate(symbols)}
    return data, codes


class BitWriter:
    def __init__(self):
        self.out = bytearray()
        self.buffer = 0
        self.count = 0

    def write(self, value, length):
        for shift in range(length - 1, -1, -1):
            self.buffer = (self.buffer << 1) | ((value >> shift) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.buffer)
                if self.buffer == 0xFF:
                    self.out.append(0)
                self.buffer = 0
                self.count = 0

    def flush(self):
        while self.count:
            self.write(1, 1)
        return bytes(self.out)


def category(value):
    size = abs(value).bit_length()
    return size, (value if value >= 0 else value + (1 << size) - 1)


def jpeg(width, height, rows):
    planes = [[[0.0] * width for _ in range(height)] for _ in range(3)]
    for y in range(height):
        for x in range(width):
            r, g, b = rows[y][x]
            planes[0][y][x] = 0.299 * r + 0.587 * g + 0.114 * b - 128
            planes[1][y][x] = -0.168736 * r - 0.331264 * g + 0.5 * b
            planes[2][y][x] = 0.5 * r - 0.418688 * g - 0.081312 * b
    dc_data, dc_codes = huffman_table(0, DC_SYMBOLS, 4)
    ac_data, ac_codes = huffman_table(1, AC_SYMBOLS, 8)
    bits = BitWriter()
    previous = [0, 0, 0]
    for by in range(0, height, 8):
        for bx in range(0, width, 8):
            for c in range(3):
                block = [[planes[c][min(by + y, height - 1)][min(bx + x, width - 1)] for x in range(8)] for y in range(8)]
                rows_dct = [[sum(DCT[u][x] * line[x] for x in range(8)) for u in range(8)] for line in block]
                coefficients = [[sum(DCT[v][y] * rows_dct[y][u] for y in range(8)) for u in range(8)] for v in range(8)]
                values = [int(round(coefficients[v][u] / QUANT)) for v, u in ZIGZAG]
                size, extra = category(values[0] - previous[c])
                previous[c] = values[0]
                bits.write(*dc_codes[size])
                bits.write(extra, size)
                run = 0
                for value in values[1:]:
                    if value == 0:
                        run += 1
                        continue
                    while run > 15:
                        bits.write(*ac_codes[0xF0])
                        run -= 16
                    size, extra = category(max(-1023, min(1023, value)))
                    bits.write(*ac_codes[(run << 4) | size])
                    bits.write(extra, size)
                    run = 0
                if run:
                    bits.write(*ac_codes[0x00])
    entropy = bits.flush()

    def segment(marker, data):
        return bytes([0xFF, marker]) + struct.pack(">H", len(data) + 2) + data

    return (
        b"\xff\xd8"
        + segment(0xDB, bytes([0]) + bytes([QUANT] * 64))
        + segment(0xC0, struct.pack(">BHHB", 8, height, width, 3) + bytes([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
        + segment(0xC4, dc_data + ac_data)
        + segment(0xDA, bytes([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]))
        + entropy
        + b"\xff\xd9"
    )


def webp(png_data):
    """The PNG `png_data` as lossless WebP, written by cwebp."""
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "cover.png")
        target = os.path.join(folder, "cover.webp")
        with open(source, "wb") as file:
            file.write(png_data)
        subprocess.run(["cwebp", "-quiet", "-lossless", source, "-o", target], check=True)
        with open(target, "rb") as file:
            return file.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=["png", "jpeg", "webp"], default="png")
    parser.add_argument("--width", type=int, default=48)
    parser.add_argument("--height", type=int, default=72)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--declare", help="WxH: a PNG header declaring this size")
    parser.add_argument("out")
    options = parser.parse_args()
    rows = pixels(options.width, options.height, options.seed)
    if options.declare:
        declared = tuple(int(n) for n in options.declare.lower().split("x"))
        data = png(options.width, options.height, rows, declared=declared)
    elif options.format == "png":
        data = png(options.width, options.height, rows)
    elif options.format == "webp":
        data = webp(png(options.width, options.height, rows))
    else:
        data = jpeg(options.width, options.height, rows)
    with open(options.out, "wb") as file:
        file.write(data)


if __name__ == "__main__":
    main()
