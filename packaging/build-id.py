#!/usr/bin/env python3
"""Sets an ELF file's GNU build id to the SHA-1 of its own bytes (the id zeroed while hashing).

  build-id.py FILE

packaging/stage.sh runs it after removing `.swift_modhash`: the linker's id was computed over
that section, whose module hashes depend on the build directory, so two builds of one commit in
two directories got two ids. Made from the final bytes, the id is the same wherever they are.
"""
import hashlib
import re
import subprocess
import sys


def main():
    path = sys.argv[1]
    sections = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True, check=True).stdout
    match = re.search(r"\]\s+\.note\.gnu\.build-id\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", sections)
    if not match:
        sys.exit(f"build-id: {path} has no .note.gnu.build-id")
    end = int(match.group(1), 16) + int(match.group(2), 16)
    data = bytearray(open(path, "rb").read())
    # The note ends with the 20-byte SHA-1 id the linker wrote (--build-id).
    data[end - 20 : end] = bytes(20)
    data[end - 20 : end] = hashlib.sha1(data).digest()
    with open(path, "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main()
