#!/usr/bin/env python3
"""The peer of EndToEnd's yaml-stream-to-json job: a YAML stream to JSON, one
document per line.

Loads the documents of INPUT one at a time with PyYAML's libyaml-based loader
(yaml.load_all with CSafeLoader, which reads the file in pieces) and writes each as
compact JSON (json.dumps) on a line of OUTPUT.

usage: yaml_stream_to_json.py INPUT OUTPUT
"""
import json
import sys

import yaml


def main(source, target):
    with open(source, "rb") as stream, open(target, "w", encoding="utf-8") as output:
        for document in yaml.load_all(stream, Loader=yaml.CSafeLoader):
            # default=str: a YAML timestamp loads as a datetime, which json cannot write.
            output.write(json.dumps(document, ensure_ascii=False, separators=(",", ":"), default=str))
            output.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
