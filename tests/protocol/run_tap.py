#!/usr/bin/env python3
"""Runs Lumen's protocol tests (unittest) and reports them as TAP.

Installs a kernelspec for the BUILT lumen-kernel into a temporary
JUPYTER_PATH, so the tests run from the build tree without `make install`.
Skips cleanly (1..0 # SKIP) when the Python packages are missing.
usage: run_tap.py --kernel PATH/lumen-kernel [test module ...]
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # the source tree may be read-only (distcheck)


class TapResult(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.n = 0
        self.failed_subtests = {}

    @staticmethod
    def _name(test):
        return test.id().replace("test_kernel.", "").replace("test_badinput.", "").replace("test_security.", "")

    def _emit(self, ok, test, directive="", diag=None):
        self.n += 1
        line = f"{'ok' if ok else 'not ok'} {self.n} - {self._name(test)}"
        if directive:
            line += f" # {directive}"
        print(line, flush=True)
        if diag:
            for d in diag.rstrip().splitlines():
                print(f"# {d}", flush=True)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            if issubclass(err[0], unittest.SkipTest):
                return
            msg = "".join(traceback.format_exception(*err))
            self.failed_subtests.setdefault(test.id(), []).append(
                f"subtest {subtest._subDescription()}:\n{msg}")

    def addSuccess(self, test):
        super().addSuccess(test)
        fails = self.failed_subtests.pop(test.id(), None)
        if fails:
            self._emit(False, test, diag="\n".join(fails))
        else:
            self._emit(True, test)

    def stopTest(self, test):
        # a test whose subtests failed gets neither addSuccess nor addFailure
        fails = self.failed_subtests.pop(test.id(), None)
        if fails:
            self._emit(False, test, diag="\n".join(fails))
        super().stopTest(test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._emit(False, test, diag=self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._emit(False, test, diag=self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._emit(True, test, directive=f"SKIP {reason}")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._emit(True, test, directive="TODO expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._emit(True, test, directive="TODO unexpectedly passed")


def install_kernelspec(root, kernel):
    d = os.path.join(root, "kernels", "lumen")
    os.makedirs(d)
    with open(os.path.join(d, "kernel.json"), "w") as f:
        json.dump({"argv": [kernel, "-f", "{connection_file}"],
                   "display_name": "Lumen (GPU arrays, build tree)",
                   "language": "python", "interrupt_mode": "signal",
                   "env": {"LUMEN_DEVICE": "host"},
                   "metadata": {"supported_encryption": ["curve"]}}, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("modules", nargs="*", default=["test_kernel", "test_badinput", "test_security"])
    args = ap.parse_args()
    try:
        import zmq  # noqa: F401
        import jupyter_client  # noqa: F401
        import jupyter_kernel_test  # noqa: F401
    except ImportError as e:
        print(f"1..0 # SKIP Python packages missing ({e}): "
              "pip install jupyter_client jupyter_kernel_test pyzmq")
        return 0
    kernel = os.path.abspath(args.kernel)
    if not os.access(kernel, os.X_OK):
        print(f"1..0 # SKIP {kernel} is not built")
        return 0
    tmp = tempfile.mkdtemp(prefix="lumen-proto-")
    try:
        install_kernelspec(os.path.join(tmp, "jupyter"), kernel)
        os.environ["JUPYTER_PATH"] = os.path.join(tmp, "jupyter")
        os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
        os.environ["XDG_DATA_HOME"] = os.path.join(tmp, "data")
        os.environ["LUMEN_DEVICE"] = "host"
        os.environ["LUMEN_KERNEL"] = kernel
        os.environ["LUMEN_TEST_TMP"] = tmp
        sys.path.insert(0, HERE)
        suite = unittest.defaultTestLoader.loadTestsFromNames(args.modules)
        result = TapResult()
        suite.run(result)
        print(f"1..{result.n}", flush=True)
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
