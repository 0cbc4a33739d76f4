#!/usr/bin/env python3
"""The peer of EndToEnd's jsonl-to-msgpack job: a JSON Lines file to MessagePack.

Reads INPUT line by line, parses each non-blank line with the standard library's
json module and appends its MessagePack encoding (msgpack.packb) to OUTPUT, so that
OUTPUT holds the values back to back and only one line is held at a time.

usage: jsonl_to_msgpack.py INPUT OUTPUT
"""
import json
import sys

import msgpack


def main(source, target):
    with open(source, "rb") as lines, open(target, "wb") as output:
        for line in lines:
            if line.strip():
                output.write(msgpack.packb(json.loads(line)))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
