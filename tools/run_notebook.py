#!/usr/bin/env python3
"""run_notebook.py -- executes a notebook headless with nbclient and prints its outputs.

usage: run_notebook.py [--kernel lumen] [--out executed.ipynb] [--timeout S] NOTEBOOK
Prints each code cell's source and outputs (streams, text/plain, errors) as a console
would.  Exits 1 if a cell raised or the kernel could not start.  Never changes NOTEBOOK.
"""
import argparse
import os
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def show(nb):
	n = 0
	for cell in nb.cells:
		if cell.cell_type != "code":
			continue
		n += 1
		print("In [%s]: %s" % (cell.get("execution_count") or n,
				      cell.source.replace("\n", "\n         ")))
		for out in cell.get("outputs", []):
			t = out.get("output_type")
			if t == "stream":
				sys.stdout.write(out.get("text", ""))
			elif t in ("execute_result", "display_data"):
				data = out.get("data", {})
				prefix = "Out[%s]: " % out.get("execution_count") if t == "execute_result" else ""
				text = data.get("text/plain")
				if text is None:
					text = "<%s>" % ", ".join(sorted(data))
				print(prefix + text)
				extra = sorted(k for k in data if k != "text/plain")
				if extra:
					print("        (also: %s)" % ", ".join(extra))
			elif t == "error":
				print("%s: %s" % (out.get("ename"), out.get("evalue")))
		print()


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument("notebook")
	ap.add_argument("--kernel", default="lumen")
	ap.add_argument("--out", default="")
	ap.add_argument("--timeout", type=int, default=600)
	args = ap.parse_args()
	nb = nbformat.read(args.notebook, as_version=4)
	client = NotebookClient(nb, kernel_name=args.kernel, timeout=args.timeout,
				resources={"metadata": {"path": os.path.dirname(os.path.abspath(args.notebook))}})
	rc = 0
	try:
		client.execute()
	except CellExecutionError as e:
		rc = 1
		print("a cell raised an error:\n%s" % str(e).strip().splitlines()[-1], file=sys.stderr)
	except Exception as e:  # kernel did not start, timed out, died
		rc = 1
		print("the notebook did not run: %s: %s" % (type(e).__name__, e), file=sys.stderr)
	show(nb)
	if args.out:
		nbformat.write(nb, args.out)
		print("executed notebook written to %s" % args.out)
	return rc


if __name__ == "__main__":
	sys.exit(main())
