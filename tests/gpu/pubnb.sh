#!/bin/sh
# pubnb.sh — the real-notebooks measure on the GPU machine: every public CuPy
# notebook in tests/gpu/pubnb/data/ (tests/gpu/pubnb/collect.py, SOURCES.txt)
# runs unchanged under ipykernel with the machine's CuPy and under the bundle's
# lumen-kernel, one kernel per notebook, notebooks in parallel; prints the
# table of tests/gpu/pubnb/run.py (cells ok under CuPy, of those ok under
# Lumen, Lumen's errors by name) and leaves $OUT/pubnb/{results.json,table.txt}.
# That machine's python3 has CuPy but no jupyter_client/ipykernel and no
# network: they come from tests/gpu/wheels/ (tests/gpu/wheels.sh) as in
# notebooks.sh.  Carry tests/gpu/pubnb/data, tests/gpu/bundle, tests/gpu/wheels.
#   on the device, from the repo root:  sh tests/gpu/pubnb.sh
# Environment: PYTHON (python3), LUMEN_KERNEL (a built kernel instead of the
# bundle's), JOBS (parallel notebooks, 12), CELL_TIMEOUT (s, 60), NB_TIMEOUT
# (s a notebook may take, 120), PUBNB_ARGS (more run.py options, e.g. --only X),
# PUBNB_HOST=1 (no GPU: run.py --host; with LUMEN_KERNEL=build/lumen-kernel).
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
out=${OUT:-/tmp/lumen-pubnb-out}
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-pubnb.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir -p "$out/pubnb" || exit 1

if [ ! -d "$top/tests/gpu/pubnb/data" ]; then
	echo "pubnb.sh: no tests/gpu/pubnb/data (run tests/gpu/pubnb/collect.py and carry it)" >&2
	exit 2
fi

# the kernel: a build's, or the bundle's (with its libraries)
kernel=${LUMEN_KERNEL:-}
if [ -z "$kernel" ]; then
	tar -C "$work" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
	kernel=$work/bin/lumen-kernel
	export LD_LIBRARY_PATH="$work/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	plugin=$(find "$work" -name 'lumen-cuda.so' | head -1)
	[ -n "$plugin" ] && export LUMEN_CUDA_PLUGIN="$plugin"
fi
kernel=$(cd "$(dirname "$kernel")" && pwd)/$(basename "$kernel")
if [ ! -x "$kernel" ]; then
	echo "pubnb.sh: no kernel at $kernel" >&2
	exit 1
fi

# jupyter_client and ipykernel, from the carried wheels when missing
. "$top/tests/gpu/wheels_env.sh"
mods="jupyter_client, ipykernel"
extra_pkgs=ipykernel
wheels_env || exit 1
host=
if [ "${PUBNB_HOST:-0}" = 1 ]; then
	host=--host
else
	"$PY" -c "import cupy; print('# reference: ipykernel with CuPy', cupy.__version__)" || exit 1
fi
export JUPYTER_RUNTIME_DIR="$work/runtime" JUPYTER_CONFIG_DIR="$work/config" JUPYTER_PLATFORM_DIRS=1

# shellcheck disable=SC2086
"$PY" "$top/tests/gpu/pubnb/run.py" $host --ref-python "$PY" --lumen-kernel "$kernel" \
	--jobs "${JOBS:-12}" --cell-timeout "${CELL_TIMEOUT:-60}" --nb-timeout "${NB_TIMEOUT:-120}" \
	--out "$out/pubnb" ${PUBNB_ARGS:-}
