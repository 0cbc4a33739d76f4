#!/usr/bin/env python3
"""Checks DataMapper's MessagePack against Python's msgpack, the reference client.

Many seeded random documents go both ways through the `datamapper` tool:

1. Python packs, we read: documents packed by `msgpack.packb` are converted by
   `datamapper convert --from msgpack --to json`; the JSON must hold what Python
   meant (ints exact up to UInt64, floats bit for bit, binary as base64, timestamps
   as RFC 3339 text with their nanoseconds, key order kept).
2. We pack, Python reads: the same documents written as JSON by Python are converted
   by `datamapper convert --from json --to msgpack`; `msgpack.unpackb` must give the
   documents back, with the same types.
3. Lossless round trip: documents with binary, ext types, timestamps, infinities and
   NaN, packed by Python, go through `--from msgpack --to msgpack`; Python must
   unpack the same values, and for documents without floats our bytes must equal
   Python's (both pick the smallest encodings; Python writes every float as float64,
   we write float32 when exact, so documents with floats compare by value).

Plus the documented rule for map keys that are not strings.

Usage: python3 Tests/Interop/msgpack_interop.py [path/to/datamapper] [document-count]
The tool defaults to .build/debug/datamapper; build it first with `swift build`.
Installs msgpack with pip when it is missing. Exits 0 when every check passes.
"""
import base64
import datetime
import json
import math
import pathlib
import random
import struct
import subprocess
import sys

try:
    import msgpack
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "msgpack"], check=True)
    import msgpack

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEED = 20240229

# Integers at and around every boundary between encodings.
BOUNDARIES = [0, 1, 31, 32, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1,
              -1, -32, -33, -128, -129, -32768, -32769, -2**31, -2**31 - 1, -2**63]
PIECES = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "\u007f", "é", "日本", "😀", "\u2028", "#", ":"]


class Generator:
    """Random documents; `rich` adds what JSON cannot hold (ext, NaN, infinities)."""

    def __init__(self, seed, rich):
        self.random = random.Random(seed)
        self.rich = rich

    def string(self):
        r = self.random
        length = r.choice([0, 1, 5, 20, 31, 32, 33, 255, 256]) if r.random() < 0.3 else r.randint(0, 12)
        return "".join(r.choice(PIECES) for _ in range(length))

    def leaf(self):
        r = self.random
        kind = r.choice(["nil", "bool", "int", "int", "float", "str", "str", "bin", "time"] + (["ext"] if self.rich else []))
        if kind == "nil":
            return None
        if kind == "bool":
            return r.random() < 0.5
        if kind == "int":
            return r.choice(BOUNDARIES) if r.random() < 0.5 else r.randint(-2**63, 2**64 - 1)
        if kind == "float":
            specials = [0.0, -0.0, 0.5, 1.0, -1.5, 1e300, 5e-324, 0.1, 3.4028234663852886e38, 1e-45]
            if self.rich:
                specials += [math.inf, -math.inf, math.nan]
            if r.random() < 0.4:
                return r.choice(specials)
            if r.random() < 0.3:
                return struct.unpack(">f", struct.pack(">f", r.uniform(-1e6, 1e6)))[0]
            bits = r.getrandbits(64) & 0x7FEF_FFFF_FFFF_FFFF | (r.getrandbits(1) << 63)
            return struct.unpack(">d", struct.pack(">Q", bits))[0]
        if kind == "str":
            return self.string()
        if kind == "bin":
            return bytes(r.getrandbits(8) for _ in range(r.choice([0, 1, 3, 16, 255, 256, 300])))
        if kind == "time":
            seconds = r.choice([0, 1, 2**32 - 1, 2**32, 2**34 - 1, 2**34, 253402300799,
                                r.randint(0, 253402300799)] + ([-1, -2**40] if self.rich else []))
            nanoseconds = r.choice([0, 1, 999_999_999, 5_000_000, 123_000, r.randint(0, 999_999_999)])
            return msgpack.Timestamp(seconds, nanoseconds)
        code = r.randint(0, 127)  # Python reserves the negative types for the spec
        return msgpack.ExtType(code, bytes(r.getrandbits(8) for _ in range(r.choice([0, 1, 2, 3, 4, 8, 16, 17, 256]))))

    def value(self, depth):
        r = self.random
        if depth > 0 and r.random() < 0.35:
            count = r.choice([0, 1, 3, 15, 16, 17]) if r.random() < 0.3 else r.randint(0, 5)
            if r.random() < 0.5:
                return [self.value(depth - 1) for _ in range(count)]
            return {self.string() + str(index): self.value(depth - 1) for index in range(count)}
        return self.leaf()

    def document(self):
        return {"id": self.random.randint(0, 10**6), "body": self.value(5)}


def same(ours, theirs):
    """Type-aware equality: 1 is not 1.0 nor True, -0.0 is not 0.0, NaN equals NaN, key order counts."""
    if type(ours) is not type(theirs):
        return False
    if isinstance(ours, float):
        if math.isnan(ours) or math.isnan(theirs):
            return math.isnan(ours) and math.isnan(theirs)
        return ours == theirs and math.copysign(1, ours) == math.copysign(1, theirs)
    if isinstance(ours, list):
        return len(ours) == len(theirs) and all(same(a, b) for a, b in zip(ours, theirs))
    if isinstance(ours, dict):
        return list(ours) == list(theirs) and all(same(ours[k], theirs[k]) for k in ours)
    return ours == theirs


def rfc3339(timestamp):
    """How our JSON writer spells a timestamp: UTC, 3, 6 or 9 fraction digits only when needed."""
    moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=timestamp.seconds)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    nanoseconds = timestamp.nanoseconds
    if nanoseconds:
        if nanoseconds % 1_000_000 == 0:
            text += ".%03d" % (nanoseconds // 1_000_000)
        elif nanoseconds % 1000 == 0:
            text += ".%06d" % (nanoseconds // 1000)
        else:
            text += ".%09d" % nanoseconds
    return text + "Z"


def as_json(value):
    """What Python means by a document once it is JSON: binary as base64, timestamps as RFC 3339."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, msgpack.Timestamp):
        return rfc3339(value)
    if isinstance(value, list):
        return [as_json(item) for item in value]
    if isinstance(value, dict):
        return {key: as_json(item) for key, item in value.items()}
    return value


def has_float(value):
    if isinstance(value, float):
        return True
    if isinstance(value, list):
        return any(has_float(item) for item in value)
    if isinstance(value, dict):
        return any(has_float(item) for item in value.values())
    return False


def convert(tool, data, source, target):
    result = subprocess.run([str(tool), "convert", "--from", source, "--to", target], input=data, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"datamapper convert --from {source} --to {target} failed: {result.stderr.decode()}")
    return result.stdout


def unpack(data):
    return msgpack.unpackb(data, raw=False, strict_map_key=False, timestamp=0)


def split_array(data):
    """The bytes of each element of the MessagePack array `data`."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, timestamp=0)
    unpacker.feed(data)
    count = unpacker.read_array_header()
    pieces, start = [], unpacker.tell()
    for _ in range(count):
        unpacker.skip()
        pieces.append(data[start:unpacker.tell()])
        start = unpacker.tell()
    return pieces


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            if self.failed <= 10:
                print(f"FAIL {what}", file=sys.stderr)


def main():
    tool = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "debug" / "datamapper"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    if not tool.exists():
        print(f"msgpack interop: {tool} is missing; run `swift build` first", file=sys.stderr)
        return 1
    tally = Tally()

    # 1. Python packs, we read (to JSON).
    plain = Generator(SEED, rich=False)
    documents = [plain.document() for _ in range(count)]
    ours = json.loads(convert(tool, msgpack.packb(documents, use_bin_type=True), "msgpack", "json"))
    for index, (document, read) in enumerate(zip(documents, ours)):
        tally.check(same(read, as_json(document)), f"python→ours document {index}: {read!r} != {as_json(document)!r}")
    tally.check(len(ours) == count, "python→ours document count")

    # 2. We pack (from JSON), Python reads.
    json_documents = [as_json(document) for document in documents]
    packed = convert(tool, json.dumps(json_documents).encode(), "json", "msgpack")
    for index, (document, read) in enumerate(zip(json_documents, unpack(packed))):
        tally.check(same(read, document), f"ours→python document {index}: {read!r} != {document!r}")

    # 3. Lossless round trip through us, checked by Python, bytes compared where floats are absent.
    rich = Generator(SEED + 1, rich=True)
    documents = [rich.document() for _ in range(count)]
    output = convert(tool, msgpack.packb(documents, use_bin_type=True), "msgpack", "msgpack")
    for index, (document, piece) in enumerate(zip(documents, split_array(output))):
        tally.check(same(unpack(piece), document), f"round trip document {index}: {unpack(piece)!r} != {document!r}")
        if not has_float(document):
            expected = msgpack.packb(document, use_bin_type=True)
            tally.check(piece == expected, f"round trip document {index}: bytes {piece.hex()} != {expected.hex()}")

    # 4. The documented rule for keys that are not strings: canonical text.
    # (One key per map: Python's dict counts True and 1 as the same key.)
    keyed = [{1: "one"}, {-2: "minus two"}, {2**64 - 1: "max"}, {True: "yes"}, {None: "nil"}, {1.5: "float"},
             {b"raw": "binary"}]
    read = json.loads(convert(tool, msgpack.packb(keyed, use_bin_type=True), "msgpack", "json"))
    expected = [{"1": "one"}, {"-2": "minus two"}, {"18446744073709551615": "max"}, {"true": "yes"}, {"null": "nil"},
                {"1.5": "float"}, {"raw": "binary"}]
    tally.check(same(read, expected), f"non-string keys: {read!r} != {expected!r}")

    print(f"msgpack-interop: {tally.passed} passed, {tally.failed} failed")
    return 0 if tally.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
