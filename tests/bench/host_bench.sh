#!/bin/sh
# host_bench.sh — the host (np) workloads of PERFORMANCE.md in Lumen
# (`lumen run tests/bench/host_vs_numpy.py`) and in CPython+NumPy (python3,
# the same file) in one run, with the same thread count for both, then a
# table with NumPy/Lumen ratios (tests/bench/host_table.py).
# usage: host_bench.sh [--big] [SRCDIR [BUILDDIR]]
#   THREADS=n  BLAS/FFT/OpenMP threads for both sides (default: all cores)
#   OUT=dir    keep host_lumen.txt, host_numpy.txt and host_bench.txt there
# OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE are unset for both runs: some machines
# set them for old OpenBLAS builds, and they slow NumPy's own OpenBLAS.
big=0
if [ "$1" = "--big" ]; then big=1; shift; fi
top=${1:-.}
build=${2:-.}
threads=${THREADS:-$(nproc)}
out=${OUT:-${TMPDIR:-/tmp}}
script=$top/tests/bench/host_vs_numpy.py
if [ $big = 1 ]; then
	sed 's/^big = False$/big = True/' "$script" >"$out/host_vs_numpy_big.py" || exit 1
	script=$out/host_vs_numpy_big.py
fi
export OPENBLAS_NUM_THREADS=$threads OMP_NUM_THREADS=$threads MKL_NUM_THREADS=$threads
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
echo "# threads: $threads; $(python3 -c 'import numpy; print("numpy", numpy.__version__)')"
timeout ${LUMEN_BENCH_TIMEOUT:-900} "$build/lumen" run "$script" >"$out/host_lumen.txt" 2>&1
PYTHONUNBUFFERED=1 timeout ${LUMEN_BENCH_TIMEOUT:-900} python3 "$script" >"$out/host_numpy.txt" 2>&1
python3 "$top/tests/bench/host_table.py" "$out/host_lumen.txt" "$out/host_numpy.txt" | tee "$out/host_bench.txt"
