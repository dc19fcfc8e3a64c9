#!/usr/bin/env python3
"""The pictures of a viewer page (cv-convert --format html), put back together
as the page's script does, for tests/viewer-page.bats.

pictures.py PAGE N DIR FLIPDIR: for game N of PAGE (1-based, in page order)
writes DIR/N-PLY.svg (as played) and FLIPDIR/N-PLY.svg (turned round) for
every ply, PLY as three digits (the names cv-replay --svg-dir gives), and
prints "PIECES LINES PLIES": the counts the game's data starts with."""
import os
import re
import sys


def main():
    page, game, out, flipped = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    text = open(page, encoding="utf-8").read()
    data = re.findall(r'<script type="text/x-cvkit-pictures" class="pictures">\n(.*?)</script>', text, re.S)
    lines = data[game - 1].split("\n")
    npieces, nlines, nplies = map(int, lines[0].split())
    pieces = lines[1:1 + npieces]
    svg_lines = ["".join(pieces[int(k, 36)] for k in l.split(" ")) if l else ""
                 for l in lines[1 + npieces:1 + npieces + nlines]]
    plies = lines[1 + npieces + nlines:1 + npieces + nlines + nplies]
    os.makedirs(out, exist_ok=True)
    os.makedirs(flipped, exist_ok=True)
    for i, ply in enumerate(plies):
        for runs, where in zip(ply.split("|"), (out, flipped)):
            ids = []
            for r in runs.split(","):
                a, _, b = r.partition("-")
                ids.extend(range(int(a, 36), int(b or a, 36) + 1))
            with open(os.path.join(where, "%d-%03d.svg" % (game, i)), "w", encoding="utf-8") as f:
                f.write("".join(svg_lines[k] + "\n" for k in ids))
    print(npieces, nlines, nplies)


main()
