#!/usr/bin/env python3
"""pbm_diff.py A.pbm B.pbm: prints how many pixels differ between two binary PBM (P4) frames of
the same size (exit 1 if they are not both P4 frames of one size)."""

import sys


def read(path):
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 3:  # magic, width, height; comments start with '#'
        while data[position : position + 1].isspace():
            position += 1
        if data[position : position + 1] == b"#":
            position = data.index(b"\n", position)
            continue
        end = position
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P4":
        sys.exit(f"pbm_diff: {path} is not a binary PBM (P4)")
    return (int(fields[1]), int(fields[2])), data[position + 1 :]


(size_a, bits_a), (size_b, bits_b) = read(sys.argv[1]), read(sys.argv[2])
if size_a != size_b or len(bits_a) != len(bits_b):
    sys.exit(f"pbm_diff: {size_a} and {size_b} frames")
print(sum(bin(a ^ b).count("1") for a, b in zip(bits_a, bits_b)))
