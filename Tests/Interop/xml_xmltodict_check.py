#!/usr/bin/env python3
"""Checks DataMapper's XML reading against Python's xmltodict, the convention it follows.

For every XML file in Tests/DataMapperXMLTests/Fixtures/ (a Maven POM, a .csproj, an
RSS feed, an SVG, a document of mixed content), the JSON that
`datamapper convert FILE --from xml --to json` prints must equal what
`xmltodict.parse` gives for the same bytes, with xmltodict's defaults.
Dictionaries are compared without regard to key order (libxml2 reports xmlns
declarations apart from the other attributes); lists and values must match exactly.

Usage: python3 Tests/Interop/xml_xmltodict_check.py [path/to/datamapper]
The tool defaults to .build/debug/datamapper; build it first with `swift build`.
Exits 0 when every file matches, 1 otherwise.
"""
import json
import pathlib
import subprocess
import sys

try:
    import xmltodict
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "xmltodict"], check=True)
    import xmltodict

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "DataMapperXMLTests" / "Fixtures"
SUFFIXES = {".xml", ".csproj", ".rss", ".svg"}


def first_difference(ours, theirs, path="$"):
    """The path and both values where two JSON trees first differ, or None."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in list(theirs) + [k for k in ours if k not in theirs]:
            if key not in ours or key not in theirs:
                return (f"{path}.{key}", ours.get(key, "<missing>"), theirs.get(key, "<missing>"))
            found = first_difference(ours[key], theirs[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            return (f"{path} (length)", len(ours), len(theirs))
        for index, (left, right) in enumerate(zip(ours, theirs)):
            found = first_difference(left, right, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if ours == theirs else (path, ours, theirs)


def main():
    tool = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "debug" / "datamapper"
    if not tool.exists():
        print(f"xmltodict check: {tool} is missing; run `swift build` first", file=sys.stderr)
        return 1
    files = sorted(p for p in FIXTURES.iterdir() if p.suffix in SUFFIXES)
    passed, failed = 0, 0
    for path in files:
        expected = json.loads(json.dumps(xmltodict.parse(path.read_bytes())))
        run = subprocess.run([str(tool), "convert", str(path), "--from", "xml", "--to", "json"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            failed += 1
            print(f"FAIL {path.name}: datamapper exited {run.returncode}: {run.stderr.strip()}")
            continue
        ours = json.loads(run.stdout)
        difference = first_difference(ours, expected)
        if difference is None and ours == expected:
            passed += 1
            print(f"ok   {path.name}")
        else:
            failed += 1
            where, mine, theirs = difference or ("$", "?", "?")
            print(f"FAIL {path.name} at {where}: datamapper {mine!r}, xmltodict {theirs!r}")
    print(f"xmltodict-check: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
