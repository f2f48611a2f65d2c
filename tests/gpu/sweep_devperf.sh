#!/bin/sh
# sweep_devperf.sh — the device-performance knobs measured side by side on
# the GPU machine, in one run of at most ~6 minutes: the memory-query probe
# (tests/gpu/probe_devperf.sh), then tests/gpu/devperf_cells.py's rows run by
# Lumen once per knob setting (the knobs are read once per process) and by
# CuPy once, then one table (tests/gpu/sweep_table.py) with CuPy/Lumen
# ratios, the best setting of each row starred, and any wrong result
# flagged.  Last, tests/gpu/semantics.py under the candidate settings.
# Writes sweep_raw.txt and sweep.txt to $OUT when set.
# Run from the repo root with tests/gpu/bundle carried (the bundle must hold
# this tree's build: tests/gpu/bundle.sh BUILDDIR).
# usage: sweep_devperf.sh [SRCDIR [BUILDDIR]]; SWEEP_BUDGET=seconds (270) for
# the Lumen settings (later ones are skipped and listed), LRUN_TIMEOUT (40)
# per process: about 6 minutes in all; SWEEP_TESTS=1 adds t-cuda-backend
# (its knob cases) at the end, about a minute more
top=${1:-.}
build=${2:-}
if [ -z "$build" ]; then
	b=${LUMEN_GPU_DIR:-/tmp/lumen-gpu}   # where the bundle is unpacked (one per concurrent script)
	test -x "$b/bin/lumen-gpu" || { rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz"; } || exit 1
	export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	lumen=$b/bin/lumen-gpu
	plugin=$b/bin
else
	lumen=$build/tests/gpu/lumen-gpu
	plugin=$build
fi
test -x "$plugin/lumen" && test -f "$plugin/lumen-cuda.so" && lumen=$plugin/lumen
out=${OUT:-/tmp}
raw=$out/sweep_raw.txt
budget=${SWEEP_BUDGET:-270}
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/sweep.XXXXXX") || exit 1
for g in xfer rand svd meminfo; do
	{ echo "GROUP = \"$g\""; cat "$top/tests/gpu/devperf_cells.py"; } >"$work/$g.py"
done
: >"$raw"
echo "lumen: $lumen ($("$lumen" --version 2>&1))"

left() { echo $((budget - ($(date +%s) - start))); }

# lrun GROUP SETTING-NAME [VAR=VALUE ...]: one Lumen process, its rows tagged
lrun() {
	g=$1 name=$2
	shift 2
	if [ "$(left)" -le 0 ]; then
		echo "lumen|$name|skipped (over the ${budget} s budget)|" >>"$raw"
		return
	fi
	env LUMEN_DEVICE=cuda "$@" timeout -s INT -k 5 "${LRUN_TIMEOUT:-40}" "$lumen" run "$work/$g.py" 2>&1 \
		| sed "s/^/lumen|$name|/" >>"$raw"
}
crun() {
	PYTHONUNBUFFERED=1 timeout 120 python3 "$work/$1.py" 2>&1 | sed "s/^/cupy|cupy|/" >>"$raw"
}

echo "=== probe ($(date +%T))"
sh "$top/tests/gpu/probe_devperf.sh" "$top" 2>&1 | sed "s/^/probe|probe|/" >>"$raw"

echo "=== CuPy ($(date +%T))"
for g in meminfo rand svd xfer; do crun $g; done

echo "=== memGetInfo ($(date +%T))"
lrun meminfo "MEMINFO=cached (1 ms)"
lrun meminfo "MEMINFO=uncached" LUMEN_MEMINFO=uncached

echo "=== rand ($(date +%T))"
lrun rand "RAND=curand" LUMEN_RAND=curand
for grid in 8 16 32 0; do
	for per in 4 8 16; do
		for stcs in 0 1; do
			lrun rand "GRID=$grid PER=$per STCS=$stcs" LUMEN_RAND_GRID=$grid LUMEN_RAND_PER=$per LUMEN_RAND_STCS=$stcs
		done
	done
done

echo "=== svd ($(date +%T))"
lrun svd "SVD=gram (float64 Gram matrix)"
lrun svd "SVD=gesvd" LUMEN_SVD=gesvd

echo "=== asarray/asnumpy ($(date +%T))"
x() {
	lrun xfer "CHUNK=$1 BUFS=$2 THREADS=$3 FIRST=${4:-chunk} SPIN=${5:-50}" LUMEN_XFER_CHUNK=$1 LUMEN_XFER_BUFS=$2 \
		LUMEN_XFER_THREADS=$3 LUMEN_XFER_FIRST=${4:-} LUMEN_XFER_SPIN=${5:-50}
}
# the first row is the previous code's setting (no spinning)
x 16M 2 8 "" 0
for c in 16M 8M 4M 2M 32M; do for nb in 2 3 4; do x $c $nb 8; done; done
x 16M 3 8 2M; x 8M 3 8 1M; x 4M 4 8 512K; x 8M 4 8 2M; x 4M 4 8 "" 0; x 8M 3 8 "" 200
for t in 12 16 4; do for c in 16M 8M 4M 2M 32M; do for nb in 2 3 4; do x $c $nb $t; done; done; done

echo "=== semantics.py under the candidate settings ($(date +%T))"
if [ "$(left)" -gt -30 ]; then
	LUMEN_DEVICE=cuda LUMEN_XFER_CHUNK=4M LUMEN_XFER_BUFS=4 LUMEN_XFER_FIRST=1M LUMEN_SVD=gesvd \
		LUMEN_RAND_PER=8 LUMEN_RAND_STCS=1 LUMEN_MEMINFO=uncached LUMEN_XFER_PIN=0 \
		timeout -s INT -k 5 45 "$lumen" run "$top/tests/gpu/semantics.py" >"$work/sem.txt" 2>&1
	echo "semantics.py: $(grep -c '^ok ' "$work/sem.txt") ok, $(grep -c '^not ok' "$work/sem.txt") not ok"
	grep '^not ok' "$work/sem.txt"
	sed "s/^/sem|candidates|/" "$work/sem.txt" >>"$raw"
fi
if [ -n "$SWEEP_TESTS" ]; then
	# the knobs' unit tests too (also run by check.sh): t-cuda-backend
	t=$(dirname "$lumen")/t-cuda-backend
	test -x "$t" || t=${build:+$build/tests/t-cuda-backend}
	echo "=== $t ($(date +%T))"
	timeout 120 "$t" >"$out/sweep_backend.txt" 2>&1
	echo "t-cuda-backend: $(grep -c '^ok ' "$out/sweep_backend.txt") ok, $(grep -c '^not ok' "$out/sweep_backend.txt") not ok"
	grep '^not ok' "$out/sweep_backend.txt"
fi
echo "=== done ($(date +%T), $(($(date +%s) - start)) s)"
python3 "$top/tests/gpu/sweep_table.py" "$raw" | tee "$out/sweep.txt"
rm -rf "$work"
