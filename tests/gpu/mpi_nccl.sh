#!/bin/sh
# mpi_nccl.sh — the MPI kernel and mpi4py on device arrays, on the GPU machine, in
# one device call of under 200 s (run from the repo root; the lead runs it: CI has
# no GPU).  In order of worth, each part capped so that the whole ends in time:
#  1. Allreduce of N float64 on the device, 1 rank: ncclAllReduce called from C
#     (tests/gpu/nccl_ref.c: the bundle's bin/nccl_ref, else built here with mpicc;
#     it needs no nccl.h and opens libnccl.so.2 at run time, as Lumen does) beside
#     Lumen's comm.Allreduce on cp arrays (tests/gpu/mpi_bench.py), twice each,
#     and real mpi4py + CuPy where that works (a CUDA-aware Open MPI only);
#  2. the dispatch overhead: lumen-kernel beside lumen-mpi-kernel on 2 ranks through
#     jupyter_client (tests/mpi/dispatch_bench.py; jupyter_client from
#     tests/gpu/wheels when python3 lacks it);
#  3. which path device data took (MPI.lumen_path()) on 1 and 2 ranks;
#  4. the corpus tests/mpi with LUMEN_DEVICE=cuda on 1 and 2 ranks against CPython +
#     real mpi4py (NumPy arrays for cp).
# Ends with one table of the measures.  Exit 1 when a part failed.
# Usage: tests/gpu/mpi_nccl.sh [BIN_DIR]   (env: PYTHON, N items, ITERS, BUDGET s)
set -u
B=${1:-build}
PY=${PYTHON:-python3}
test -x "$PY" || command -v "$PY" >/dev/null 2>&1 || PY=python3
LUMEN=$B/lumen
test -x "$LUMEN" || LUMEN=$B/lumen-gpu
CUDA=${CUDA:-/usr/local/cuda}
top=$(cd "$(dirname "$0")/../.." && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
N=${N:-134217728}
ITERS=${ITERS:-20}
export N ITERS
deadline=$(( $(date +%s) + ${BUDGET:-190} ))
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-mpi-nccl.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
res=$work/results
: >"$res"
rc=0

# capped CAP cmd...: runs cmd with at most CAP seconds, less when the budget is short
capped() {
	cap=$1
	shift
	left=$(( deadline - $(date +%s) ))
	if [ "$left" -lt 5 ]; then
		echo "(skipped, out of time: $*)"
		return 124
	fi
	[ "$left" -lt "$cap" ] && cap=$left
	timeout "$cap" "$@"
}
# row NAME VALUE: a line of the final table
row() { printf '%s\t%s\n' "$1" "$2" >>"$res"; }

echo "== 1. Allreduce of $N float64 on the device, 1 rank, $ITERS calls ($(date +%T))"
ref=$B/nccl_ref
if ! test -x "$ref"; then
	ref=$work/nccl_ref
	if ! command -v mpicc >/dev/null 2>&1; then
		echo "no bin/nccl_ref in the bundle and no mpicc here"; ref=
	elif ! mpicc -O2 "$top/tests/gpu/nccl_ref.c" -I"$CUDA/include" -L"$CUDA/lib64" -Wl,-rpath,"$CUDA/lib64" \
		-lcudart -ldl -o "$ref"; then
		echo "nccl_ref did not build"; ref=
	fi
fi
for rep in 1 2; do
	if [ -n "$ref" ]; then
		capped 40 mpiexec -n 1 "$ref" "$N" "$ITERS" >"$work/ref.out" 2>&1 || rc=1
		cat "$work/ref.out"
		grep '^C ncclAllReduce' "$work/ref.out" | while IFS= read -r l; do
			case $l in
			*"no wait"*) row "C ncclAllReduce, no wait in the loop (run $rep)" "$(echo "$l" | sed 's/.*ranks: //')" ;;
			*) row "C ncclAllReduce, each call waited (run $rep)" "$(echo "$l" | sed 's/.*ranks: //')" ;;
			esac
		done
	fi
	LUMEN_DEVICE=cuda WHO=lumen capped 40 mpiexec -n 1 "$LUMEN" run "$top/tests/gpu/mpi_bench.py" >"$work/lb.out" 2>&1 || rc=1
	cat "$work/lb.out"
	l=$(grep 'Allreduce:' "$work/lb.out" | tail -1)
	row "Lumen comm.Allreduce on cp arrays (run $rep)" "${l:+${l#*ranks: }}${l:-failed (see above)}"
	case $l in *"correct=True"*) ;; *) rc=1 ;; esac
done
if "$PY" -c 'import cupy, mpi4py' 2>/dev/null; then
	echo "-- real mpi4py + CuPy (device buffers need a CUDA-aware MPI; a failure here is not Lumen's)"
	WHO=mpi4py+cupy capped 40 mpiexec -n 1 "$PY" -c "
import runpy
from mpi4py import MPI
MPI.lumen_path = lambda: 'mpi4py'
runpy.run_path('$top/tests/gpu/mpi_bench.py')" >"$work/mc.out" 2>&1
	tail -3 "$work/mc.out"
	l=$(grep 'Allreduce:' "$work/mc.out" | tail -1)
	row "real mpi4py + CuPy comm.Allreduce" "${l:+${l#*ranks: }}${l:-did not run (see above)}"
fi

echo "== 2. dispatch overhead: lumen-kernel beside lumen-mpi-kernel x2 ($(date +%T))"
mods="jupyter_client"
if . "$top/tests/gpu/wheels_env.sh" && wheels_env; then
	LUMEN_DEVICE=cuda capped 70 "$PY" "$top/tests/mpi/dispatch_bench.py" --kernel "$B/lumen-kernel" \
		--mpi-kernel "$B/lumen-mpi-kernel" --ranks 2 --n 100 --device cuda >"$work/db.out" 2>&1 || rc=1
	cat "$work/db.out"
	grep ' overhead ' "$work/db.out" | awk '{ v = $NF; sub(/ +overhead.*/, "");
		printf "dispatch to 2 ranks over 1 kernel: %s (median ms)\t%s\n", $0, v }' >>"$res"
else
	echo "no jupyter_client: dispatch bench skipped"
	row "dispatch overhead" "not measured (no jupyter_client, no tests/gpu/wheels)"
fi

echo "== 3. paths ($(date +%T))"
cat >"$work/path.py" <<'PYEOF'
from mpi4py import MPI
import cupy as cp
c = MPI.COMM_WORLD
x = cp.arange(8.0) + c.rank
y = cp.empty_like(x)
c.Allreduce(x, y, op=MPI.SUM)
p1 = MPI.lumen_path()
z = cp.empty(8)
q = c.Isend(x, dest=(c.rank + 1) % c.size)
c.Recv(z, source=(c.rank - 1) % c.size)
q.Wait()
print("rank", c.rank, "of", c.size, "device", cp.cuda.Device().id, "Allreduce:", p1, "Recv:", MPI.lumen_path(),
      "sum ok:", bool((y == cp.arange(8.0) * c.size + sum(range(c.size))).all()))
PYEOF
for np in 1 2; do
	LUMEN_DEVICE=cuda capped 30 mpiexec -n $np "$LUMEN" run "$work/path.py" >"$work/p.out" 2>&1 || rc=1
	cat "$work/p.out"
	row "paths, $np rank(s)" "$(grep '^rank 0' "$work/p.out" | sed 's/.*Allreduce:/Allreduce:/')"
done

echo "== 4. corpus tests/mpi with LUMEN_DEVICE=cuda ($(date +%T))"
for np in 1 2; do
	capped 60 "$PY" "$top/tests/mpirun.py" --gpu --fakecupy --no-singleton --np $np --python "$PY" \
		--lumen "$LUMEN" "$top/tests/mpi" >"$work/c.out" 2>&1 || rc=1
	grep -E '^(not ok|ok)' "$work/c.out" | grep -v '^ok' | head -20
	row "corpus tests/mpi, $np rank(s)" "$(grep -c '^ok' "$work/c.out") ok, $(grep -c '^not ok' "$work/c.out") not ok"
done

echo
echo "== mpi_nccl.sh: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1), ended $(date +%T)"
awk -F '\t' '{ printf "| %-62s | %s |\n", $1, $2 }' "$res"
exit $rc
