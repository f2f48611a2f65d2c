#!/bin/sh
# bench.sh — PERFORMANCE.md's workloads in Lumen (`lumen run` of
# tests/gpu/bench_cells.py) and in CuPy (python3, the same file) in one run,
# then a table with ratios (tests/gpu/bench_table.py).  Writes bench.txt to
# $OUT when set.  usage: bench.sh [SRCDIR [BUILDDIR]]
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
# the real lumen with the CUDA plugin next to it (lumen-gpu: CUDA linked in)
test -x "$plugin/lumen" && test -f "$plugin/lumen-cuda.so" && lumen=$plugin/lumen
out=${OUT:-/tmp}
LUMEN_DEVICE=cuda timeout ${LUMEN_BENCH_TIMEOUT:-240} "$lumen" run "$top/tests/gpu/bench_cells.py" >"$out/bench_lumen.txt" 2>&1
PYTHONUNBUFFERED=1 timeout ${LUMEN_BENCH_TIMEOUT:-240} python3 "$top/tests/gpu/bench_cells.py" >"$out/bench_cupy.txt" 2>&1
# start-up costs, fresh processes (tests/gpu/bench_start.py)
LUMEN_DEVICE=cuda timeout 120 python3 "$top/tests/gpu/bench_start.py" "$lumen" run >>"$out/bench_lumen.txt" 2>&1
timeout 120 python3 "$top/tests/gpu/bench_start.py" python3 >>"$out/bench_cupy.txt" 2>&1
python3 "$top/tests/gpu/bench_table.py" "$out/bench_lumen.txt" "$out/bench_cupy.txt" | tee "$out/bench.txt"
