#!/usr/bin/env python3
"""docs/eink/panels/*.png: how each panel weatherview drives looks on the wall, for the README.

    python3 docs/eink/tools/panel_photos.py        (needs Pillow: pip install pillow)

Takes the frames the renderer draws for the README (docs/eink/munich-*.png, kept current by
RenderingTests' "README samples") and shows each one as e-paper does: off-white paper, ink that
is not quite black, the panel's red, a paper margin around the active area, a frame and a shadow
on a wall. Small panels are drawn at twice their size so their pixels can be seen. Deterministic:
the same frames give the same pictures.
"""
import os
from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
EINK = os.path.dirname(HERE)
PANELS = [  # picture, frame, scale, caption kept in the README
    ("waveshare-7in5-v2.png", "munich-800x480-bw.png", 1),
    ("waveshare-7in5b-v2.png", "munich-800x480-bwr.png", 1),
    ("waveshare-4in2.png", "munich-400x300-bw.png", 2),
    ("waveshare-2in9.png", "munich-296x128-bw.png", 2),
    ("waveshare-2in13-v4.png", "munich-250x122-bw.png", 2),
]
PAPER, INK, RED = (232, 230, 222), (44, 44, 48), (168, 42, 36)
WALL, BEZEL = (214, 208, 196), (34, 34, 36)


def paper(frame):
    rgb = frame.convert("RGB")
    out = Image.new("RGB", rgb.size)
    src, dst = rgb.load(), out.load()
    w, h = rgb.size
    for y in range(h):
        for x in range(w):
            r, g, b = src[x, y]
            grain = ((x * 73856093) ^ (y * 19349663)) % 7 - 3  # a fixed, faint paper grain
            if r > 160 and g < 90:
                c = RED
            elif r + g + b < 384:
                c = INK
            else:
                c = PAPER
            dst[x, y] = tuple(max(0, min(255, v + grain)) for v in c)
    return out


def photo(frame, scale):
    face = paper(frame)
    face = face.resize((face.width * scale, face.height * scale), Image.NEAREST)
    margin, bezel, wall = 10 * scale, 22, 36
    inner = Image.new("RGB", (face.width + 2 * margin, face.height + 2 * margin), PAPER)
    inner.paste(face, (margin, margin))
    W, H = inner.width + 2 * (bezel + wall), inner.height + 2 * (bezel + wall)
    out = Image.new("RGB", (W, H), WALL)
    shadow = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shadow).rounded_rectangle(
        [wall + 6, wall + 10, W - wall + 6, H - wall + 10], radius=10, fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(9))
    out.paste(Image.new("RGB", (W, H), (120, 112, 100)), (0, 0), shadow)
    ImageDraw.Draw(out).rounded_rectangle([wall, wall, W - wall, H - wall], radius=10, fill=BEZEL)
    out.paste(inner, (wall + bezel, wall + bezel))
    return out


for name, source, scale in PANELS:
    picture = photo(Image.open(os.path.join(EINK, source)), scale)
    picture.save(os.path.join(EINK, "panels", name), optimize=True)
    print(name, picture.size)
