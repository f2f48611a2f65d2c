#!/usr/bin/env bash
# setup.sh — README command 1: from a checkout on a fresh Debian 12 machine, installs
# what Lumen needs (Debian packages; Python packages into .venv), builds it with
# Autotools in build/, installs it under $PREFIX (default /usr/local: `lumen` on PATH,
# the `lumen` kernelspec where every Jupyter looks) and runs notebooks/quickstart.ipynb
# headless, printing its outputs.  Run as root, or as a user who may sudo.
# Environment: PREFIX, LUMEN_NO_BROWSER=1 (skip JupyterLab/Playwright/Chromium), JOBS,
# LUMEN_CONFIGURE_FLAGS (extra ./configure options, e.g. --without-cuda).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/usr/local}
JOBS=${JOBS:-$(nproc)}
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
step() { printf '\n==> %s (%ds)\n' "$*" "$SECONDS"; }

step "Debian packages"
debs="autoconf automake libtool pkg-config gcc g++ make libzmq3-dev libjansson-dev libssl-dev
	libsqlite3-dev zlib1g-dev libpcre2-dev libopenblas-dev liblapacke-dev libfftw3-dev libgmp-dev libcairo2-dev libpango1.0-dev fonts-dejavu-core python3 python3-venv python3-pip
	libopenmpi-dev openmpi-bin clang valgrind"
[ "${LUMEN_NO_BROWSER:-0}" = 1 ] || debs="$debs chromium"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq || echo "warning: apt-get update failed; installing from the lists there are"
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $debs >/dev/null

step "Python packages into $ROOT/.venv"
if ! "$ROOT/.venv/bin/python3" -c 'import sys' >/dev/null 2>&1; then
	rm -rf "$ROOT/.venv"
	python3 -m venv "$ROOT/.venv"
fi
PY=$ROOT/.venv/bin/python3
pips="numpy>=2.2 scipy jupyter_client jupyter_kernel_test nbclient nbformat ipykernel pyzmq jupyter_console pexpect papermill matplotlib scikit-image mpi4py"
[ "${LUMEN_NO_BROWSER:-0}" = 1 ] || pips="$pips jupyterlab notebook playwright"
# shellcheck disable=SC2086
"$PY" -m pip install -q --disable-pip-version-check $pips

step "Build (autoreconf, configure, make) in $ROOT/build"
cd "$ROOT"
autoreconf -fi
mkdir -p build
cd build
# shellcheck disable=SC2086
../configure -q --prefix="$PREFIX" PYTHON="$PY" ${LUMEN_CONFIGURE_FLAGS:-}
make -j"$JOBS"

step "Install under $PREFIX"
$SUDO make install

step "Run notebooks/quickstart.ipynb headless"
export JUPYTER_PATH="$PREFIX/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
"$PY" "$ROOT/tools/run_notebook.py" --kernel lumen --out "$ROOT/build/quickstart.out.ipynb" \
	"$ROOT/notebooks/quickstart.ipynb"

step "Done: lumen is $(command -v lumen || echo "$PREFIX/bin/lumen"); kernelspec:"
"$PY" -m jupyter kernelspec list 2>/dev/null | grep -i lumen || true
