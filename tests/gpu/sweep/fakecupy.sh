#!/bin/sh
# fakecupy.sh — python3 with NumPy dressed as CuPy (tests/gpu/sweep/fakecupy/),
# to try the sweep's files on a machine without a GPU:
#   SWEEP_PYTHON=tests/gpu/sweep/fakecupy.sh SWEEP_DEVICE=host LUMEN=build/lumen tests/gpu/sweep.sh
# PYTHON picks the interpreter (default: .venv/bin/python3, else python3).
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-$here/../../../.venv/bin/python3}
test -x "$py" || py=python3
PYTHONPATH=$here/fakecupy${PYTHONPATH:+:$PYTHONPATH} exec "$py" "$@"
