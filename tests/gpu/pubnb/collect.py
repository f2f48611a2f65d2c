#!/usr/bin/env python3
# collect.py — builds tests/gpu/pubnb/data/ (the public CuPy notebooks the
# runner measures) from git copies of their repositories: every .ipynb whose
# code imports cupy, outputs and execution counts stripped, and the small
# files of its folder and the folders under it (helpers, kernels' sources,
# data; < 200 KB each) the cells may open.  Writes
# SOURCES.txt (repo, commit, path: one line a notebook) so the same set can be
# fetched again; the notebooks are others' work and are not committed.
#   collect.py --mirror DIR [DIR...]   DIR: a git dir or repo of owner+name
#   collect.py --sources SOURCES.txt   clone each repo at its commit (network)
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
IMPORT = re.compile(r"^\s*(import cupy|from cupy|import cupyx|from cupyx)", re.M)
SIDE_MAX = 200 * 1024


def git(gd, *args, binary=False):
    r = subprocess.run(["git", "-C", gd] + list(args), capture_output=True)
    if r.returncode:
        raise RuntimeError("git %s: %s" % (" ".join(args), r.stderr.decode().strip()))
    return r.stdout if binary else r.stdout.decode()


def strip(nb):
    for c in nb.get("cells", []):
        if c.get("cell_type") == "code":
            c["outputs"] = []
            c["execution_count"] = None
        c.pop("attachments", None)
    return nb


def code_of(nb):
    out = []
    for c in nb.get("cells", []):
        if c.get("cell_type") == "code":
            s = c.get("source", "")
            out.append("".join(s) if isinstance(s, list) else s)
    return "\n".join(out)


def take(gd, repo, commit, dest, only=None):
    """Copies repo's CuPy notebooks at commit into dest/<owner+name>/; returns SOURCES lines."""
    lines = []
    listing = git(gd, "ls-tree", "-r", "-l", commit).splitlines()
    sizes = {}
    for row in listing:
        meta, path = row.split("\t", 1)
        size = meta.split()[3]
        sizes[path] = int(size) if size.isdigit() else 0
    books = sorted(p for p in sizes if p.endswith(".ipynb") and (only is None or p in only))
    side_done = set()
    for path in books:
        try:
            nb = json.loads(git(gd, "show", "%s:%s" % (commit, path), binary=True))
        except (ValueError, RuntimeError):
            continue
        if not IMPORT.search(code_of(nb)):
            continue
        out = os.path.join(dest, repo.replace("/", "+"), path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w") as f:
            json.dump(strip(nb), f, indent=1, ensure_ascii=False)
            f.write("\n")
        lines.append("%s %s %s" % (repo, commit, path))
        folder = os.path.dirname(path)
        if folder in side_done:
            continue
        side_done.add(folder)
        for p, size in sizes.items():
            inside = folder == "" or p.startswith(folder + "/")
            if inside and not p.endswith(".ipynb") and 0 < size <= SIDE_MAX:
                o = os.path.join(dest, repo.replace("/", "+"), p)
                os.makedirs(os.path.dirname(o), exist_ok=True)
                with open(o, "wb") as f:
                    f.write(git(gd, "show", "%s:%s" % (commit, p), binary=True))
    return lines


def main():
    ap = argparse.ArgumentParser(description="collects the public CuPy notebooks")
    ap.add_argument("--mirror", nargs="*", default=[])
    ap.add_argument("--sources")
    ap.add_argument("--dest", default=os.path.join(here, "data"))
    ap.add_argument("--skip", nargs="*", default=[], help="owner/name:path to leave out")
    a = ap.parse_args()
    os.makedirs(a.dest, exist_ok=True)
    lines = []
    skip = set(a.skip)
    for m in a.mirror:
        gd = m if not os.path.isdir(os.path.join(m, ".git")) else os.path.join(m, ".git")
        name = os.path.basename(os.path.dirname(os.path.abspath(m)) if os.path.basename(m.rstrip("/")) in ("repo", ".git") else m)
        repo = name.replace("+", "/", 1)
        commit = git(gd, "rev-parse", "HEAD").strip()
        got = take(gd, repo, commit, a.dest)
        for ln in got:
            if "%s:%s" % (repo, ln.split(" ", 2)[2]) in skip:
                os.remove(os.path.join(a.dest, repo.replace("/", "+"), ln.split(" ", 2)[2]))
            else:
                lines.append(ln)
    if a.sources:
        want = {}
        for ln in open(a.sources):
            if ln.strip() and not ln.startswith("#"):
                repo, commit, path = ln.strip().split(" ", 2)
                want.setdefault((repo, commit), set()).add(path)
        for (repo, commit), paths in sorted(want.items()):
            with tempfile.TemporaryDirectory() as t:
                subprocess.run(["git", "clone", "-q", "--filter=blob:limit=1m", "--no-checkout",
                                "https://github.com/%s" % repo, t], check=True)
                lines += take(os.path.join(t, ".git"), repo, commit, a.dest, paths)
        return 0
    with open(os.path.join(here, "SOURCES.txt"), "w") as f:
        f.write("# repo commit path — the public notebooks tests/gpu/pubnb/run.py measures\n"
                "# (tests/gpu/pubnb/collect.py --sources SOURCES.txt fetches them again)\n")
        for ln in lines:
            f.write(ln + "\n")
    print("%d notebooks into %s" % (len(lines), a.dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
