#!/bin/sh
# soak.sh — on the GPU machine: the soak through jupyter_client
# (tests/soak/soak.py) with LUMEN_DEVICE=cuda (device memory pool flat: used/
# total bytes back to the baseline after del + free_all_blocks), then the
# out-of-memory cell file (tests/gpu/oom.py: fill the card with named arrays,
# read the OutOfMemoryError, del one, go on).  The kernel is the bundle's
# (tests/gpu/bundle.sh; carry tests/gpu/bundle and tests/gpu/wheels), the
# jupyter_client wheels come from tests/gpu/wheels (wheels_env.sh).  Writes
# soak.log, soak.json and oom.log to $OUT when set.  Exit 1 when a check failed.
#   on the device, from the repo root:  sh tests/gpu/soak.sh
# Environment: SOAK_N SOAK_INTERRUPTS SOAK_RESTARTS SOAK_FLOOD SOAK_KILLS
# SOAK_BIG_MB (see soak.py; defaults here: 10000 1000 100 500 10 100),
# OOM_CHUNK_MB (1024), SKIP_SOAK=1 / SKIP_OOM=1, LUMEN_KERNEL (a build's kernel).
# In host mode, on a machine without a GPU (oom.py is skipped there: it would
# fill the host's memory; tests/oom.test runs it under ulimit -v):
#   PYTHON=.venv/bin/python3 LUMEN_KERNEL=build/lumen-kernel LUMEN_DEVICE=host \
#   SOAK_N=2000 SOAK_INTERRUPTS=100 SOAK_RESTARTS=5 SOAK_FLOOD=200 SOAK_KILLS=2 sh tests/gpu/soak.sh
# Keep SOAK_BIG_MB at 100 there: arrays under glibc's 32 MB cap on its
# raised mmap threshold come from the heap and fragment it, and a short
# run's resident size then steps up by tens of MB (+30% at 2,000 cells with
# 10 MB arrays), which is not a leak.
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
out=${OUT:-/tmp/lumen-soak-out}
mkdir -p "$out" || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-soak.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
kernel=${LUMEN_KERNEL:-}
if [ -z "$kernel" ]; then
	tar -C "$work" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
	kernel=$work/bin/lumen-kernel
	export LD_LIBRARY_PATH="$work/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
lumen=$(dirname "$kernel")/lumen
test -x "$lumen" || lumen=$(dirname "$kernel")/lumen-gpu
export LUMEN_DEVICE=${LUMEN_DEVICE:-cuda}
fails=0
if [ -z "$SKIP_OOM" ] && [ "$LUMEN_DEVICE" = host ]; then
	echo "=== oom.py skipped in host mode (tests/oom.test runs it under ulimit -v)"
	SKIP_OOM=1
fi
if [ -z "$SKIP_OOM" ]; then
	echo "=== oom.py ($LUMEN_DEVICE, chunks of ${OOM_CHUNK_MB:-1024} MiB)"
	OOM_CHUNK_MB=${OOM_CHUNK_MB:-1024} timeout 300 "$lumen" run "$top/tests/gpu/oom.py" >"$out/oom.log" 2>&1
	cat "$out/oom.log"
	{ grep -q '^not ok' "$out/oom.log" || ! grep -q '^1\.\.' "$out/oom.log"; } && fails=$((fails + 1))
	echo "=== %memgetinfo -v"
	printf 'import cupy as cp\nx = cp.ones((4000, 4000), dtype=cp.float32)\ny = cp.zeros(10)\n%%memgetinfo -v\n' >"$work/mg.py"
	"$lumen" run "$work/mg.py"
fi
if [ -z "$SKIP_SOAK" ]; then
	mods="jupyter_client"
	. "$top/tests/gpu/wheels_env.sh"
	if ! wheels_env; then
		echo "not ok - no jupyter_client for the soak"
		exit 1
	fi
	echo "=== soak.py ($LUMEN_DEVICE)"
	SOAK_N=${SOAK_N:-10000} SOAK_INTERRUPTS=${SOAK_INTERRUPTS:-1000} SOAK_RESTARTS=${SOAK_RESTARTS:-100} \
		PYTHONUNBUFFERED=1 "$PY" "$top/tests/soak/soak.py" --kernel "$kernel" --json "$out/soak.json" 2>&1 |
		tee "$out/soak.log"
	{ grep -q '^not ok' "$out/soak.log" || ! grep -q '^1\.\.' "$out/soak.log"; } && fails=$((fails + 1))
fi
echo "soak.sh: $fails failing group(s)"
test "$fails" = 0
