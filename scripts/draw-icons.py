#!/usr/bin/env python3
"""Draws the app's PNG icons (192 and 512 px, for the web app manifest) from the shapes of
Sources/WebApp/Assets/icon.svg: Debian here has no SVG renderer, and the icon is three shapes.
Run once after changing icon.svg (keep the shapes below in step with it):
    python3 scripts/draw-icons.py
"""

import os
import struct
import zlib

import numpy as np

ASSETS = os.path.join(os.path.dirname(__file__), "..", "Sources", "WebApp", "Assets")
GREEN, WHITE = (0x1F, 0x6F, 0x4A), (0xFF, 0xFF, 0xFF)
# icon.svg's receipt outline (viewBox 0 0 32 32) and its three lines (1.6 wide, butt ends).
RECEIPT = [(9, 7), (23, 7), (23, 26), (20.7, 24.4), (18.3, 26), (16, 24.4), (13.7, 26), (11.3, 24.4), (9, 26)]
LINES = [(12, 20, 12), (12, 20, 16), (12, 17, 20)]
SAMPLES = 4  # per pixel and axis: anti-aliased edges


def inside_polygon(x, y, points):
    """Even-odd rule over arrays of sample coordinates."""
    result = np.zeros(x.shape, dtype=bool)
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        crosses = (y1 > y) != (y2 > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        result ^= crosses & (x < at)
    return result


def inside_rounded_square(x, y, size=32, radius=7):
    cx = np.clip(x, radius, size - radius)
    cy = np.clip(y, radius, size - radius)
    return ((x - cx) ** 2 + (y - cy) ** 2 <= radius**2) & (x >= 0) & (x <= size) & (y >= 0) & (y <= size)


def draw(size):
    n = size * SAMPLES
    coords = (np.arange(n) + 0.5) * 32.0 / n
    x, y = np.meshgrid(coords, coords)
    background = inside_rounded_square(x, y)
    paper = inside_polygon(x, y, RECEIPT)
    ink = np.zeros(x.shape, dtype=bool)
    for x1, x2, line_y in LINES:
        ink |= (x >= x1) & (x <= x2) & (np.abs(y - line_y) <= 0.8)
    white = paper & ~ink
    alpha = background | paper

    def coverage(mask):
        return mask.reshape(size, SAMPLES, size, SAMPLES).mean(axis=(1, 3))

    a = coverage(alpha)
    w = coverage(white)
    rgba = np.zeros((size, size, 4))
    share = np.divide(w, a, out=np.zeros_like(w), where=a > 0)
    for channel in range(3):
        rgba[..., channel] = GREEN[channel] * (1 - share) + WHITE[channel] * share
    rgba[..., 3] = a * 255
    return np.round(rgba).astype(np.uint8)


def png(pixels):
    height, width, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[row].tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        with open(os.path.join(ASSETS, f"icon-{size}.png"), "wb") as file:
            file.write(png(draw(size)))
