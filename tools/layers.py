#!/usr/bin/env python3
"""layers.py — the engine's dependency graph and its import circles.

Builds the module-level graph of engine/ (a module is a .c/.h pair by stem)
from two sources: which object defines a global symbol another object uses
(`nm` of the objects in a build folder) and the `#include "..."` lines of the
sources.  Maps modules to rooms (folders) and prints:
  - the strongly connected components of the module graph (import circles),
    marking those that span more than one room;
  - the room graph and its circles;
  - every room->room edge that goes up the layer order (engine/README.md:
    lang, array, ufunc, backend, lib/numerics/random, session, front ends),
    with the symbols or includes that make it.
Exit status: 0, or 1 with --check N when a circle spans more than N rooms
(--check alone: more than one); with --symbols-only the #include lines
are left out (the link-time graph, what make check's tests/layers.test
checks).

  tools/layers.py [--build build] [--src .]            the tree as it is
  tools/layers.py --src OLD --build OLD/build --rooms-from-git REV:NEWREV
      an old flat tree (before engine/ had rooms): its files are mapped to
      the rooms they moved to, by git's rename detection between REV and
      NEWREV (run in --src's repository).
Never writes anything; needs binutils' nm.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

# ORDER LAYER: bottom up; rooms on one line share a layer
LAYERS = [
    ["lang", "pyobj"],
    ["array"],
    ["ufunc"],
    ["backend", "backend/host", "backend/cuda", "kernels"],
    ["lib", "numerics", "random", "pylib", "plot", "mpi"],
    ["session"],
    ["front"],  # engine/cli.c, engine/engine.h's users in kernel/
]
LEVEL = {room: i for i, rooms in enumerate(LAYERS) for room in rooms}

SRC_EXT = (".c", ".h")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sh(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True).stdout


class Tree:
    """Source files of one checkout, their rooms, and module names."""

    def __init__(self, src, rename=None):
        self.src = os.path.abspath(src)
        self.rename = rename or {}   # old path -> new path (for a flat tree)
        self.files = []              # paths relative to src
        for top in ("engine", "kernel", "kernels"):
            for dirpath, _, names in os.walk(os.path.join(self.src, top)):
                for n in names:
                    if n.endswith(SRC_EXT):
                        rel = os.path.relpath(os.path.join(dirpath, n), self.src)
                        if "/gen/" in rel and top == "kernels":
                            continue
                        self.files.append(rel)
        self.fileset = set(self.files)

    def room(self, path):
        """The room of a source path (relative to src)."""
        path = self.rename.get(path, path)
        parts = path.split("/")
        if parts[0] == "kernel" or path in ("engine/cli.c",):
            return "front"
        if parts[0] == "kernels":
            return "kernels"
        if parts[0] != "engine":
            return "?"
        if len(parts) == 2:
            return "session" if parts[1] == "engine.h" else "?"
        if parts[1] == "backend" and len(parts) > 3 and parts[2] in ("host", "cuda"):
            return "backend/" + parts[2]
        return parts[1]

    @staticmethod
    def module(path):
        """A .c/.h pair is one module: its path without the extension;
        generated files count with their room's gen/ folder."""
        return os.path.splitext(path)[0]

    def includes(self, path):
        """The source files path includes with "..." (resolved as the
        compiler would: the file's folder, then engine/, then the top)."""
        try:
            text = open(os.path.join(self.src, path), errors="replace").read()
        except OSError:
            return []
        out = []
        here = os.path.dirname(path)
        for inc in INCLUDE_RE.findall(text):
            for base in (here, "engine", ""):
                cand = os.path.normpath(os.path.join(base, inc))
                if cand in self.fileset:
                    out.append(cand)
                    break
        return out


def object_source(tree, build, obj):
    """The source file an object was compiled from, or None."""
    rel = os.path.relpath(obj, build)
    d, base = os.path.split(rel)
    stem = os.path.splitext(base)[0]
    stem = re.sub(r"^[A-Za-z0-9_]+?_a-", "", stem)      # libengine_a-x.o
    stem = re.sub(r"^(lumen_kernel|lumen|t_[a-z_]+)-", "", stem)
    for ext in (".c",):
        cand = os.path.normpath(os.path.join(d, stem + ext))
        if cand in tree.fileset:
            return cand
    return None


def nm_symbols(obj):
    """(defined globals, undefined) of one object."""
    out = sh(["nm", "-P", obj])
    defs, undefs = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        name, kind = f[0], f[1]
        if kind == "U" or kind == "w":
            undefs.add(name)
        elif kind in "TDBRCVWGS":
            defs.add(name)
    return defs, undefs


def collect(tree, build):
    """module graph: {(a, b): [reasons]} where module a depends on module b"""
    edges = collections.defaultdict(list)
    objs = {}
    for dirpath, _, names in os.walk(build):
        rel = os.path.relpath(dirpath, build)
        if rel.startswith("tests") or "/.libs" in dirpath or "/.deps" in dirpath:
            continue
        for n in names:
            if n.endswith(".o"):
                p = os.path.join(dirpath, n)
                s = object_source(tree, build, p)
                if s and s not in objs:   # a file built twice (kernel/ objects) counts once
                    objs[s] = p
    definer = {}
    uses = {}
    for s, p in sorted(objs.items()):
        d, u = nm_symbols(p)
        for sym in d:
            definer.setdefault(sym, s)
        uses[s] = u
    for s, u in uses.items():
        for sym in sorted(u):
            t = definer.get(sym)
            if t and t != s:
                a, b = tree.module(s), tree.module(t)
                if a != b:
                    edges[(a, b)].append(sym)
    for f in tree.files:
        for inc in tree.includes(f):
            a, b = tree.module(f), tree.module(inc)
            if a != b:
                edges[(a, b)].append("#include " + inc)
    return edges, len(objs)


def scc(nodes, succ):
    """Tarjan's strongly connected components (iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(succ.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(succ.get(nxt, ())))))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def modroom(tree, mod):
    for ext in SRC_EXT:
        if mod + ext in tree.fileset:
            return tree.room(mod + ext)
    return "?"


def short(reasons, n=4):
    syms = [r for r in reasons if not r.startswith("#")]
    incs = [r for r in reasons if r.startswith("#")]
    parts = syms[:n] + (["+%d more" % (len(syms) - n)] if len(syms) > n else [])
    parts += incs[:1]
    return ", ".join(parts)


def report(tree, edges, nobj, verbose, out=sys.stdout):
    succ = collections.defaultdict(set)
    nodes = set()
    for (a, b) in edges:
        succ[a].add(b)
        nodes.update((a, b))
    comps = [c for c in scc(nodes, succ) if len(c) > 1]
    p = lambda *a: print(*a, file=out)
    p("objects read: %d; modules: %d; module edges: %d" % (nobj, len(nodes), len(edges)))
    multi = []
    p("\n== module circles (strongly connected components of more than one module)")
    for c in sorted(comps, key=len, reverse=True):
        rooms = sorted({modroom(tree, m) for m in c})
        tag = "SPANS %d ROOMS" % len(rooms) if len(rooms) > 1 else "one room"
        if len(rooms) > 1:
            multi.append(c)
        p("- %d modules, %s (%s)" % (len(c), tag, " ".join(rooms)))
        if verbose or len(c) <= 12:
            p("    " + " ".join(os.path.relpath(m, "engine") if m.startswith("engine/") else m
                                for m in c))
    if not comps:
        p("(none)")

    redges = collections.defaultdict(list)
    for (a, b), why in edges.items():
        ra, rb = modroom(tree, a), modroom(tree, b)
        if ra != rb:
            redges[(ra, rb)].append((a, b, why))
    rsucc = collections.defaultdict(set)
    for (ra, rb) in redges:
        rsucc[ra].add(rb)
    rnodes = {r for e in redges for r in e}
    rcomps = [c for c in scc(rnodes, rsucc) if len(c) > 1]
    p("\n== room circles")
    for c in rcomps:
        p("- " + " <-> ".join(c))
    if not rcomps:
        p("(none)")

    p("\n== edges up the layer order (lower room -> upper room)")
    nup = 0
    for (ra, rb) in sorted(redges, key=lambda e: (LEVEL.get(e[0], 99), e)):
        la, lb = LEVEL.get(ra, 99), LEVEL.get(rb, 99)
        if la >= lb:
            continue
        lst = redges[(ra, rb)]
        nup += len(lst)
        p("- %s -> %s: %d module edges" % (ra, rb, len(lst)))
        for a, b, why in sorted(lst)[: (None if verbose else 8)]:
            p("    %s -> %s: %s" % (a, b, short(why)))
        if not verbose and len(lst) > 8:
            p("    ... (%d more; -v lists all)" % (len(lst) - 8))
    if not nup:
        p("(none)")
    p("\n== summary: %d module circles (%d spanning rooms), %d room circles, "
      "%d upward module edges" % (len(comps), len(multi), len(rcomps), nup))
    return multi


def rename_map(src, spec):
    old, new = spec.split(":")
    out = sh(["git", "diff", "-M", "--name-status", old, new, "--", "engine", "kernel"], cwd=src)
    m = {}
    for line in out.splitlines():
        f = line.split("\t")
        if f[0].startswith("R") and len(f) == 3:
            m[f[1]] = f[2]
        elif f[0] == "M" and len(f) == 2:
            m[f[1]] = f[1]
    return m


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=".", help="checkout (default .)")
    ap.add_argument("--build", default=None, help="build folder (default SRC/build)")
    ap.add_argument("--rooms-from-git", metavar="OLD:NEW",
                    help="map a flat tree's files to rooms by git's renames OLD..NEW")
    ap.add_argument("--symbols-only", action="store_true",
                    help="leave #include edges out (link-time dependencies only)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every edge")
    ap.add_argument("--check", nargs="?", type=int, const=1, default=None, metavar="N",
                    help="exit 1 when a circle spans more than N rooms (default 1)")
    a = ap.parse_args()
    build = a.build or os.path.join(a.src, "build")
    rename = rename_map(a.src, a.rooms_from_git) if a.rooms_from_git else None
    tree = Tree(a.src, rename)
    edges, nobj = collect(tree, os.path.abspath(build))
    if not nobj:
        sys.exit("layers.py: no objects under %s (build first)" % build)
    if a.symbols_only:
        edges = {k: v for k, v in edges.items() if any(not r.startswith("#") for r in v)}
        print("(symbol edges only: #include lines left out)")
    multi = report(tree, edges, nobj, a.verbose)
    if a.check is not None:
        worst = max((len({modroom(tree, m) for m in c}) for c in multi), default=1)
        print("\n== check: widest circle %d room%s, at most %d allowed"
              % (worst, "" if worst == 1 else "s", a.check))
        sys.exit(1 if worst > a.check else 0)


if __name__ == "__main__":
    main()
