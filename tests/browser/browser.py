#!/usr/bin/env python3
"""browser.py -- JupyterLab in headless Chromium, driven by Playwright, against the built
lumen-kernel (behind tests/browser.test), as TAP.

Makes a private Jupyter world in a temporary directory (a kernelspec naming the BUILT
lumen-kernel, config, runtime, one notebook), starts JupyterLab on a free loopback port,
opens the notebook, runs its cells with Shift+Enter and checks what the page renders:
a printed line, an execute_result, an error with its traceback, a display replaced by
update_display_data from a later cell; then types cp.ar<Tab> into an empty cell and
checks the completer.  With --shot, screenshots of the quickstart, the updated display
and the completer.
Skips (1..0 # SKIP) when jupyterlab, playwright or a Chromium is missing.  Leaves nothing
behind but the screenshots asked for.
usage: browser.py --kernel PATH/lumen-kernel
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CELLS = [
	("import numpy as np\nx = np.arange(6).reshape(2, 3)\nprint('sum is', x.sum())", "sum is 15"),
	("x * 2", "shape (2, 3) · int64"),  # the array's text/html (engine/session/display.c)
	("1 / 0", "ZeroDivisionError"),
	("print('still alive', x.shape)", "still alive (2, 3)"),
	# a display with an id, updated from the next cell (update_display_data)
	("import cupy as cp\nh = display('first draft', display_id=True)", "'first draft'"),
	("h.update('final text')\nprint('updated', len(h.display_id))", "updated 32"),
	# a matplotlib figure drawn by the kernel (engine/plot/), shown as image/png
	("import matplotlib.pyplot as plt\nfig, ax = plt.subplots(figsize=(4, 3))\nax.plot(x.ravel(), 'o-')\n"
	 "ax.set_title('drawn by Lumen')\nplt.show()\nprint('figure shown')", "figure shown"),
]
FIGURE = 6  # the cell whose output holds the figure
UPDATED = 4  # the cell whose output the update replaces
UPDATE_CHECKS = 1


def completer(page, cell, args, tap):
	"""In an empty cell: click into its CodeMirror editor, type cp.ar, press Tab; the
	completer must list arange (engine_complete through complete_request)."""
	tmo = args.timeout * 1000
	what = "the completer offers arange for cp.ar"
	try:
		page.keyboard.press("Escape")
		editor = cell.locator(".cm-content")
		editor.scroll_into_view_if_needed()
		editor.click()
		page.wait_for_selector(".jp-Notebook .jp-Cell.jp-mod-active .cm-editor.cm-focused", timeout=tmo)
		page.keyboard.type("cp.ar")
		page.keyboard.press("Tab")
		item = page.locator(".jp-Completer .jp-Completer-item", has_text="arange").first
		item.wait_for(timeout=tmo)
		if args.shot:
			page.screenshot(path=args.shot + ".completer.png")
			print("# screenshot: %s" % (args.shot + ".completer.png"), flush=True)
		tap(True, what)
	except Exception as e:
		if args.shot:
			page.screenshot(path=args.shot + ".completer.png")
		tap(False, what, str(e).splitlines()[0])
	page.keyboard.press("Escape")


# what the executed quickstart must render: (what, CSS selector or None, text)
QUICK_CHECKS = [
	("an array as HTML (table, SVG)", ".jp-OutputArea-output .lumen-array", None),
	("the %timeit line", None, "per loop (mean"),
	("%memgetinfo", None, "Host mode|Memory pool:"),
]


def open_notebook(page, url, tmo):
	"""Opens url and waits for its cells; under load the first load can stall (JupyterLab
	still fetching its bundles), so one reload is allowed before giving up."""
	for attempt in (1, 2):
		try:
			page.goto(url, timeout=tmo)
			page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=tmo)
			return
		except Exception:
			if attempt == 2:
				raise
			print("# %s did not show its cells; reloading" % url.split("?")[0], flush=True)


def why(e):
	"""A Playwright error in one line: what timed out, and on which locator."""
	lines = str(e).splitlines()
	waiting = [l.strip() for l in lines if "waiting for" in l][:1]
	return " ".join(lines[:1] + waiting)


STARTED = re.compile(r"\[(\*|\d+)\]")


def wait_kernel(page, tmo):
	"""Waits, as a user does, until the status bar says the kernel is Idle, and accepts
	JupyterLab's "Select Kernel" dialog if it asks (the notebook names Lumen).  A cell run
	before the session has its kernel is dropped by JupyterLab without a trace: its
	prompt stays [ ] and nothing reaches the kernel."""
	try:
		page.wait_for_selector(".jp-StatusBar-TextItem:has-text('Idle')", timeout=tmo)
	except Exception:
		print("# the status bar never showed Idle; going on", flush=True)
	try:
		page.locator(".jp-Dialog button:has-text('Select')").click(timeout=3000)
		print("# accepted the Select Kernel dialog", flush=True)
	except Exception:
		pass


def first_run_started(page, cell):
	"""Shift+Enter on the first cell must start it: its prompt turns [*] or [n].  If the
	prompt stays blank, JupyterLab never sent the cell (the key press was lost or the
	session was not ready), so press again, as a user would, and say so.  A cell that
	was sent and then lost by the kernel shows [*] for ever and fails its check."""
	prompt = cell.locator(".jp-InputPrompt", has_text=STARTED)
	for attempt in (1, 2, 3):
		try:
			prompt.wait_for(timeout=20000)
			return
		except Exception:
			print("# cell 1 did not start (prompt %r); Shift+Enter again (attempt %d)"
			      % (cell.locator(".jp-InputPrompt").first.inner_text(timeout=2000), attempt + 1), flush=True)
			cell.locator(".jp-InputArea-editor").click()
			page.keyboard.press("Shift+Enter")


def run_all(page, tmo):
	"""Run > Run All Cells, as a user does, and waits for the first prompt to get its
	number (or [*]).  The menu item stays disabled until the notebook panel is current and its
	kernel session exists (slow under load): wait for it to be enabled rather than
	clicking a disabled item, and try the menu again (three times in all) when the
	prompt does not appear.  Raises the last error when all attempts fail."""
	enabled = ".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel:text-is('Run All Cells')"
	for attempt in (1, 2, 3):
		wait = tmo if attempt == 3 else min(tmo, 60000)
		try:
			page.keyboard.press("Escape")
			# focus the notebook (its first code cell's prompt; a markdown cell's is
			# hidden), making it the current widget.  :visible everywhere: the
			# workspace also restores t.ipynb in a hidden tab, with [n] prompts of its own
			page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt:visible").first.click(timeout=wait)
			page.locator(".lm-MenuBar-itemLabel:text-is('Run')").first.click(timeout=wait)
			page.locator(enabled).first.click(timeout=wait)
			# [*] (queued, running) or [n] (done): the run started; its outputs are
			# checked after, with their own waits
			page.locator(".jp-Notebook .jp-InputPrompt:visible", has_text=STARTED).first.wait_for(timeout=wait)
			return
		except Exception as e:
			if attempt == 3:
				raise
			print("# Run All Cells, attempt %d: %s" % (attempt, why(e)), flush=True)


def quickstart(page, base, token, args, tap):
	"""Opens notebooks/quickstart.ipynb, runs all cells, checks the rich output, and saves
	a screenshot when --shot is given."""
	tmo = args.timeout * 1000
	try:
		prefix = "/notebooks/" if args.app == "notebook" else "/lab/tree/"
		open_notebook(page, base + prefix + "quickstart.ipynb?token=" + token, tmo)
		# Run All before the kernel is up runs nothing: wait for it (run_all retries if
		# the status bar never says Idle, e.g. a kernel that is still starting)
		try:
			# Notebook 7 has no status bar: a short wait, then run_all's own retries
			page.wait_for_selector(".jp-StatusBar-TextItem:has-text('Idle')",
					       timeout=min(tmo, 15000) if args.app == "notebook" else tmo)
		except Exception:
			print("# the status bar never showed Idle; running all cells anyway", flush=True)
		# JupyterLab may ask which kernel to start for a notebook that has saved
		# outputs; the notebook names Lumen, so accept its choice as a user would
		try:
			page.locator(".jp-Dialog button:has-text('Select')").click(timeout=10000)
		except Exception:
			pass
		run_all(page, tmo)
		tap(True, "quickstart.ipynb opens and runs all cells")
	except Exception as e:
		if args.shot:
			try:
				page.screenshot(path=args.shot + ".failed.png")
			except Exception:
				pass
		tap(False, "quickstart.ipynb opens and runs all cells", why(e))
	for what, sel, text in QUICK_CHECKS:
		if not sel:
			sel = ", ".join(".jp-OutputArea-output:has-text(%s)" % json.dumps(a) for a in text.split("|"))
		try:
			try:
				page.wait_for_selector(sel, timeout=tmo / 2)
			except Exception:
				# JupyterLab renders cells far outside the viewport lazily: bring
				# every cell into view once, then wait again
				for cell in page.locator(".jp-Notebook .jp-Cell").all():
					try:
						cell.scroll_into_view_if_needed(timeout=5000)
					except Exception:
						pass
				page.wait_for_selector(sel, timeout=tmo / 2)
			tap(True, "quickstart renders " + what)
		except Exception as e:
			if args.shot:
				page.screenshot(path=args.shot + ".failed.png")
			tap(False, "quickstart renders " + what, str(e).splitlines()[0])
	if args.shot:
		try:
			page.keyboard.press("Escape")
			page.locator(".lumen-array").first.scroll_into_view_if_needed()
			page.screenshot(path=args.shot, full_page=False)
			print("# screenshot: %s" % args.shot, flush=True)
		except Exception as e:
			print("# screenshot failed: %s" % e, flush=True)


def chromium():
	for c in (os.environ.get("CHROMIUM", ""), "/usr/bin/chromium", "/usr/bin/chromium-browser",
		  "/usr/bin/google-chrome"):
		if c and os.access(c, os.X_OK):
			return c
	return None


def free_port():
	s = socket.socket()
	s.bind(("127.0.0.1", 0))
	port = s.getsockname()[1]
	s.close()
	return port


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument("--kernel", default="./lumen-kernel")
	# seconds for each wait on the page; a loaded 2-core CI machine needs minutes
	ap.add_argument("--timeout", type=float, default=float(os.environ.get("LUMEN_BROWSER_TIMEOUT", 180)))
	ap.add_argument("--notebooks", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
							    "..", "..", "notebooks"))
	ap.add_argument("--shot", default=os.environ.get("LUMEN_QUICKSTART_SHOT", ""),
			help="save a screenshot of the executed quickstart here (PNG)")
	ap.add_argument("--app", choices=["lab", "notebook"], default="lab",
			help="lab: JupyterLab, every check; notebook: Jupyter Notebook 7, the quickstart")
	args = ap.parse_args()
	try:
		if args.app == "notebook":
			import notebook  # noqa: F401
		import jupyterlab  # noqa: F401
		from playwright.sync_api import sync_playwright
	except ImportError as e:
		print("1..0 # SKIP %s" % e)
		return 0
	browser_path = chromium()
	if not browser_path:
		print("1..0 # SKIP no Chromium (apt-get install chromium)")
		return 0
	kernel = os.path.abspath(args.kernel)
	if not os.access(kernel, os.X_OK):
		print("1..0 # SKIP %s is not built" % args.kernel)
		return 0

	tmp = tempfile.mkdtemp(prefix="lumen-browser-")
	spec = os.path.join(tmp, "data", "kernels", "lumen")
	os.makedirs(spec)
	with open(os.path.join(spec, "kernel.json"), "w") as f:
		json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen (test)",
			   "language": "python", "interrupt_mode": "signal"}, f)
	root = os.path.join(tmp, "nb")
	os.makedirs(root)
	nb = {"nbformat": 4, "nbformat_minor": 5,
	      "metadata": {"kernelspec": {"name": "lumen", "display_name": "Lumen (test)", "language": "python"}},
	      "cells": [{"cell_type": "code", "id": "c%d" % i, "metadata": {}, "execution_count": None,
			 "outputs": [], "source": src} for i, (src, _) in enumerate(CELLS + [("", "")])]}
	with open(os.path.join(root, "t.ipynb"), "w") as f:
		json.dump(nb, f)
	quick = os.path.join(args.notebooks, "quickstart.ipynb")
	have_quick = os.path.exists(quick)
	if have_quick:
		# without its saved outputs: the checks must see what this kernel renders now
		with open(quick) as f:
			qnb = json.load(f)
		for c in qnb["cells"]:
			if c["cell_type"] == "code":
				c["outputs"], c["execution_count"] = [], None
		with open(os.path.join(root, "quickstart.ipynb"), "w") as f:
			json.dump(qnb, f)
	settings = os.path.join(tmp, "settings", "@jupyterlab", "apputils-extension")
	os.makedirs(settings)
	with open(os.path.join(settings, "notification.jupyterlab-settings"), "w") as f:
		json.dump({"fetchNews": "false", "checkForUpdates": False}, f)
	env = dict(os.environ)
	env.update(JUPYTERLAB_SETTINGS_DIR=os.path.join(tmp, "settings"), JUPYTER_PATH=os.path.join(tmp, "data"), JUPYTER_CONFIG_DIR=os.path.join(tmp, "config"),
		   JUPYTER_RUNTIME_DIR=os.path.join(tmp, "runtime"), JUPYTER_DATA_DIR=os.path.join(tmp, "data"),
		   JUPYTER_PLATFORM_DIRS="1", LUMEN_DEVICE=env.get("LUMEN_DEVICE", "host"))
	port = free_port()
	token = "lumen-browser-test"
	log = open(os.path.join(tmp, "lab.log"), "w")
	server = ["--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1", "--ServerApp.port=%d" % port,
		  "--ServerApp.port_retries=0", "--ServerApp.token=" + token, "--ServerApp.root_dir=" + root]
	if args.app == "notebook":
		server = ["notebook"] + server
	else:
		server = ["jupyterlab"] + server + ["--LabApp.news_url=",
						    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
	lab = subprocess.Popen([sys.executable, "-m"] + server,
			       env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
			       start_new_session=True)
	n = 0
	failed = 0

	def tap(ok, what, diag=""):
		nonlocal n, failed
		n += 1
		failed += not ok
		print("%s %d - %s" % ("ok" if ok else "not ok", n, what), flush=True)
		for l in diag.strip().splitlines()[-15:]:
			print("# " + l, flush=True)

	if args.app == "notebook":
		print("1..%d" % (1 + len(QUICK_CHECKS) + 1), flush=True)
	else:
		print("1..%d" % (2 + len(CELLS) + UPDATE_CHECKS + 1 + 1 + (len(QUICK_CHECKS) + 1 if have_quick else 0)),
		      flush=True)
	try:
		base = "http://127.0.0.1:%d" % port
		up = False
		t0 = time.time()
		while time.time() - t0 < args.timeout and lab.poll() is None:
			try:
				urllib.request.urlopen(base + "/api/status?token=" + token, timeout=2).read()
				up = True
				break
			except OSError:
				time.sleep(0.5)
		def lablog():
			log.flush()
			with open(os.path.join(tmp, "lab.log")) as f:
				return f.read()
		app = "Jupyter Notebook" if args.app == "notebook" else "JupyterLab"
		tap(up, app + " starts", "" if up else lablog())
		if not up:
			for _ in range(len(QUICK_CHECKS) + 1 if args.app == "notebook" else len(CELLS) + UPDATE_CHECKS + 2):
				tap(False, "skipped: %s did not start" % app)
			return 1
		if args.app == "notebook":
			# Notebook 7's own page for a notebook: open, run all, the rich output
			with sync_playwright() as p:
				b = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
				qpage = b.new_page(viewport={"width": 1280, "height": 900})
				qpage.set_default_timeout(args.timeout * 1000)
				qpage.on("dialog", lambda d: d.accept())
				quickstart(qpage, base, token, args, tap)
				b.close()
			return 1 if failed else 0
		with sync_playwright() as p:
			b = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
			page = b.new_page(viewport={"width": 1280, "height": 900})
			page.set_default_timeout(args.timeout * 1000)
			try:
				open_notebook(page, base + "/lab/tree/t.ipynb?token=" + token, args.timeout * 1000)
				page.wait_for_selector("text=Lumen (test)", timeout=args.timeout * 1000)
				tap(True, "the notebook opens with the Lumen kernel")
			except Exception as e:
				tap(False, "the notebook opens with the Lumen kernel", str(e) + "\n" + lablog())
			cells = page.locator(".jp-Notebook .jp-Cell")
			wait_kernel(page, args.timeout * 1000)
			cells.nth(0).locator(".jp-InputArea-editor").click()
			for i, (src, want) in enumerate(CELLS):
				page.keyboard.press("Shift+Enter")
				if i == 0:
					first_run_started(page, cells.nth(0))
				out = cells.nth(i).locator(".jp-OutputArea")
				try:
					out.filter(has_text=want).wait_for(timeout=args.timeout * 1000)
					tap(True, "cell %d renders %r" % (i + 1, want))
				except Exception as e:
					text = ""
					try:
						text = out.inner_text(timeout=2000)
					except Exception:
						pass
					shot = os.environ.get("LUMEN_BROWSER_SHOT")
					if shot:
						page.screenshot(path=shot)
					tap(False, "cell %d renders %r" % (i + 1, want),
					    "page shows: %r\n%s" % (text[:500], str(e).splitlines()[0]))
			try:
				out = cells.nth(UPDATED).locator(".jp-OutputArea")
				out.filter(has_text="final text").wait_for(timeout=args.timeout * 1000)
				text = out.inner_text(timeout=2000)
				good = "first draft" not in text
				if args.shot:
					out.scroll_into_view_if_needed()
					page.screenshot(path=args.shot + ".update.png")
				tap(good, "update_display_data replaces the output of cell %d" % (UPDATED + 1),
				    "" if good else "page shows: %r" % text[:500])
			except Exception as e:
				tap(False, "update_display_data replaces the output of cell %d" % (UPDATED + 1),
				    str(e).splitlines()[0])
			try:
				img = cells.nth(FIGURE).locator(".jp-OutputArea img").first
				img.wait_for(timeout=args.timeout * 1000)
				w = img.evaluate("e => e.naturalWidth")
				if args.shot:
					img.scroll_into_view_if_needed()
					page.screenshot(path=args.shot + ".figure.png")
					print("# screenshot: %s" % (args.shot + ".figure.png"), flush=True)
				tap(w >= 300, "cell %d shows the figure as an image (%d px wide)" % (FIGURE + 1, w))
			except Exception as e:
				tap(False, "cell %d shows the figure as an image" % (FIGURE + 1), str(e).splitlines()[0])
			completer(page, cells.nth(len(CELLS)), args, tap)
			if have_quick:
				# a page of its own: leaving t.ipynb (edited) would ask "leave the page?"
				qpage = b.new_page(viewport={"width": 1280, "height": 900})
				qpage.set_default_timeout(args.timeout * 1000)
				qpage.on("dialog", lambda d: d.accept())
				quickstart(qpage, base, token, args, tap)
			b.close()
	finally:
		try:
			os.killpg(lab.pid, signal.SIGTERM)
			lab.wait(timeout=20)
		except Exception:
			try:
				os.killpg(lab.pid, signal.SIGKILL)
			except OSError:
				pass
		log.close()
		shutil.rmtree(tmp, ignore_errors=True)
	return 0


if __name__ == "__main__":
	sys.exit(main())
