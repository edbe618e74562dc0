#!/usr/bin/env python3
"""Checks the copyright file against what the linker put into the binary.

  check-copyright.py LINK_MAP COPYRIGHT

LINK_MAP is the map `make build` has the linker write (.build/dailyquote.map). Every
object file and every archive member it lists belongs to a component below, and the copyright
file must name that component (the strings each one lists). An input of no known component, or
a component the file does not name, fails (exit 1) with its path: a new dependency, a new
toolchain or a new object of the runtime then needs its license and notice in the file first.
Shared libraries are left out: they come from their own Debian packages.
"""
import re
import sys

# (pattern on "path" or "archive.a(member)", component, strings the copyright file must hold).
# The first that matches decides; the more specific come first.
COMPONENTS = [
    (r"/lib_FoundationCShims\.a\(uuid\.c\.o\)$", "FoundationEssentials' uuid.c",
     ["_FoundationCShims/uuid.c", "Copyright (c) 2004 Apple Computer, Inc."]),
    (r"/libswiftCore\.a\((SmallVector|StringRef|Hashing|ErrorHandling)\.cpp\.o\)$", "the LLVM-derived part of the Swift runtime",
     ["LLVMSupport", "Apache-2.0 with LLVM-exception"]),
    (r"/swift_static/linux/(libswiftCore|libswift_Concurrency|libswiftSynchronization|libswift_StringProcessing"
     r"|libswift_RegexParser|libswiftGlibc|libswiftDispatch)\.a\(", "the Swift standard library and runtime",
     ["The Swift standard library and runtime", "Apache-2.0 with Swift-exception"]),
    (r"/swift_static/linux/x86_64/swiftrt\.o$", "the Swift runtime's image registration", ["swiftrt.o"]),
    (r"/swift_static/linux/libdispatch\.a\(", "libdispatch", ["libdispatch's C core", "Apache-2.0"]),
    (r"/swift_static/linux/libBlocksRuntime\.a\(", "the BlocksRuntime", ["BlocksRuntime"]),
    (r"/swift_static/linux/(libFoundationEssentials|lib_FoundationCShims)\.a\(", "FoundationEssentials", ["FoundationEssentials"]),
    (r"/swift_static/linux/lib_FoundationCollections\.a\(", "swift-collections in Foundation", ["_FoundationCollections"]),
    (r"/release/(DailyQuoteKit|DailyQuoteSystem|dailyquote|DailyQuoteResources|CLinuxEvents|CCurl|CLibnotify)\.build/", "dailyquote",
     ["Upstream-Name: dailyquote"]),
    (r"/release/(ArgumentParser|ArgumentParserToolInfo)\.build/", "swift-argument-parser", ["swift-argument-parser"]),
    (r"/release/(SystemPackage|CSystem)\.build/", "swift-system", ["swift-system"]),
    (r"/release/Logging\.build/", "swift-log", ["swift-log", "The SwiftLog Project"]),
    (r"/release/TOMLKit\.build/", "TOMLKit", ["TOMLKit", "Jeff Lebrun"]),
    (r"/release/CTOML\.build/", "toml++ and its UTF-8 decoder", ["toml++", "Mark Gillard", "Bjoern Hoehrmann"]),
    (r"/libstdc\+\+\.a\(", "libstdc++", ["libstdc++", "GCC-exception-3.1"]),
    (r"/gcc/x86_64-linux-gnu/\d+/(libgcc\.a\(|libgcc_eh\.a\(|crtbeginS\.o$|crtendS\.o$)", "libgcc",
     ["libgcc", "GCC-exception-3.1"]),
    (r"^/(usr/)?lib/x86_64-linux-gnu/(Scrt1\.o|crti\.o|crtn\.o|libc_nonshared\.a\()", "glibc's start files",
     ["glibc", "LGPL-2.1+"]),
]

INPUT = re.compile(r"(/[^\s()]+\.(?:a\([^)]+\)|o))(?=\s|$)")


def inputs(link_map):
    """Every object file and archive member the map names."""
    return sorted(set(INPUT.findall(link_map)))


def faults(link_map, copyright_text):
    problems = []
    named = {}
    for path in inputs(link_map):
        for pattern, component, strings in COMPONENTS:
            if re.search(pattern, path):
                named.setdefault(component, (strings, path))
                break
        else:
            problems.append(f"{path} is linked into the binary but belongs to no component the copyright check knows")
    if not named:
        problems.append("the link map names no input: is it a linker map (-Map)?")
    for component, (strings, path) in sorted(named.items()):
        missing = [text for text in strings if text not in copyright_text]
        if missing:
            problems.append(f"{component} ({path}) is linked, but the copyright file lacks: " + "; ".join(missing))
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check-copyright.py LINK_MAP COPYRIGHT")
    with open(sys.argv[1], encoding="utf-8", errors="replace") as handle:
        link_map = handle.read()
    with open(sys.argv[2], encoding="utf-8") as handle:
        copyright_text = handle.read()
    problems = faults(link_map, copyright_text)
    for problem in problems:
        print(f"check-copyright: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
