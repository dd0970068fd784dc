#!/usr/bin/env python3
"""Draws the app's icon.png (256×256) and logo.png (500×200) for the app store, with the
standard library only: a sun behind a cloud, and three arcs of a signal (the topics going out).
Usage: draw-icons.py OUTDIR. Deterministic: the same bytes every time.
"""

import math
import os
import struct
import sys
import zlib

SUN = (255, 183, 0)
RAY = (255, 204, 51)
CLOUD = (236, 242, 248)
EDGE = (120, 144, 170)
SIGNAL = (3, 169, 244)
SAMPLES = 4  # per axis: 16 samples a pixel, for smooth edges


def paint(u, v):
    """The colour (r, g, b, alpha) at (u, v) in the unit square, top-left origin."""
    # The cloud: three discs and a rounded base, with a darker rim.
    discs = [(0.40, 0.60, 0.17), (0.58, 0.52, 0.21), (0.76, 0.64, 0.14)]
    inside = [math.hypot(u - x, v - y) - r for x, y, r in discs]
    base = max(0.26 - u, u - 0.88, 0.62 - v, v - 0.78)
    cloud = min(min(inside), base)
    if cloud <= 0:
        return CLOUD + (255,) if cloud < -0.018 else EDGE + (255,)
    # The signal: three arcs to the right of the cloud's top.
    d = math.hypot(u - 0.70, v - 0.30)
    angle = math.degrees(math.atan2(0.30 - v, u - 0.70))
    if 0 <= angle <= 90:
        for radius in (0.09, 0.15, 0.21):
            if abs(d - radius) < 0.022:
                return SIGNAL + (255,)
    # The sun, up and left, with eight rays.
    s = math.hypot(u - 0.36, v - 0.38)
    if s < 0.17:
        return SUN + (255,)
    a = math.atan2(v - 0.38, u - 0.36)
    if 0.21 < s < 0.29 and abs(((a / (math.pi / 4)) + 0.5) % 1 - 0.5) < 0.09 and u < 0.62:
        return RAY + (255,)
    return (0, 0, 0, 0)


def render(width, height, box):
    """RGBA rows: the picture drawn in box = (x, y, size) of a width×height canvas."""
    bx, by, size = box
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    u = (x + (sx + 0.5) / SAMPLES - bx) / size
                    v = (y + (sy + 0.5) / SAMPLES - by) / size
                    if 0 <= u <= 1 and 0 <= v <= 1:
                        r, g, b, alpha = paint(u, v)
                        total[0] += r * alpha
                        total[1] += g * alpha
                        total[2] += b * alpha
                        total[3] += alpha
            n = SAMPLES * SAMPLES
            alpha = total[3] / n
            if alpha:
                row += bytes(round(c / total[3]) for c in total[:3]) + bytes([round(alpha)])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return rows


def png(path, width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\0" + row for row in rows)
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n")
        handle.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        handle.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        handle.write(chunk(b"IEND", b""))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    png(os.path.join(out, "icon.png"), 256, 256, render(256, 256, (0, 0, 256)))
    png(os.path.join(out, "logo.png"), 500, 200, render(500, 200, (150, 0, 200)))


if __name__ == "__main__":
    main()
