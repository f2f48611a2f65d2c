#!/bin/sh
# wheels.sh — fetches, on a machine with network, the wheels that nbclient needs
# on the GPU machine (its python3 has CuPy/NumPy/SciPy but no jupyter_client,
# nbclient or ipykernel, and no network): nbclient, nbformat, jupyter_client,
# pyzmq, traitlets and their dependencies, for CPython $PYVER (3.12: Ubuntu
# 24.04) on manylinux x86_64, into tests/gpu/wheels/ (ignored by git; pass it
# in `carry` with tests/gpu/bundle).  tests/gpu/notebooks.sh installs them there.
# With ipykernel too (WITH_IPYKERNEL=1, the default): the notebooks can run there
# under ipykernel with real CuPy (notebooks.sh with NB_KERNEL=ipykernel).
# usage: tests/gpu/wheels.sh        (PYVER=3.12 PYTHON=python3 by default)
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/gpu/wheels
PY=${PYTHON:-python3}
pyver=${PYVER:-3.12}
rm -rf "$out"
mkdir -p "$out"
"$PY" -m pip download --quiet --disable-pip-version-check --no-cache-dir \
	--only-binary=:all: --python-version "$pyver" --implementation cp \
	--platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
	--platform manylinux2014_x86_64 --platform manylinux_2_5_x86_64 \
	--platform manylinux1_x86_64 --platform linux_x86_64 \
	--dest "$out" nbclient nbformat jupyter_client pyzmq traitlets \
	$(test "${WITH_IPYKERNEL:-1}" = 1 && echo ipykernel)
ls "$out"
du -sh "$out"
