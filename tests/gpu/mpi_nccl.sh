#!/bin/sh
# mpi_nccl.sh — mpi4py on device arrays, on the GPU machine (run from the repo root
# after the build; the lead runs it: CI has no GPU).
#  1. tests/mpi/*.py with LUMEN_DEVICE=cuda: 1 rank (the NCCL path) and 2 ranks on the
#     one GPU (NCCL cannot pair them: device data goes through MPI), each rank's output
#     against CPython + real mpi4py (NumPy arrays for cp: a CUDA-aware MPI is not assumed);
#  2. which path each took (MPI.lumen_path());
#  3. Allreduce on a large device array: Lumen against ncclAllReduce from C, same call,
#     same machine, and real mpi4py + CuPy where that works (CUDA-aware MPI only).
# Usage: tests/gpu/mpi_nccl.sh [BUILD_DIR]   (env: PYTHON, N items, ITERS)
set -u
B=${1:-build}
PY=${PYTHON:-.venv/bin/python3}
test -x "$PY" || PY=python3
LUMEN=$B/lumen
CUDA=${CUDA:-/usr/local/cuda}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
N=${N:-134217728}
ITERS=${ITERS:-20}
export N ITERS
rc=0
echo "== 1. corpus tests/mpi with LUMEN_DEVICE=cuda"
for np in 1 2; do
	"$PY" tests/mpirun.py --gpu --fakecupy --no-singleton --np $np --python "$PY" --lumen "$LUMEN" tests/mpi || rc=1
done
if ompi_info --parsable --all 2>/dev/null | grep -q "mpi_built_with_cuda_support:value:true" && \
   "$PY" -c 'import cupy, mpi4py' 2>/dev/null; then
	echo "== 1b. the same against real mpi4py + CuPy (this Open MPI is CUDA-aware)"
	for np in 1 2; do
		"$PY" tests/mpirun.py --gpu --no-singleton --np $np --python "$PY" --lumen "$LUMEN" tests/mpi || rc=1
	done
else
	echo "== 1b. skipped: Open MPI without CUDA support (mpi4py + CuPy cannot pass device buffers to it)"
fi
echo "== 2. paths"
cat > /tmp/lumen-mpi-path.py <<'PYEOF'
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
	LUMEN_DEVICE=cuda mpiexec -n $np "$LUMEN" run /tmp/lumen-mpi-path.py || rc=1
done
echo "== 3. Allreduce timing, $N float64, $ITERS calls"
if mpicc -O2 tests/gpu/nccl_ref.c -I"$CUDA/include" -L"$CUDA/lib64" -Wl,-rpath,"$CUDA/lib64" -lnccl -lcudart \
	-o /tmp/nccl_ref; then
	for rep in 1 2; do
		mpiexec -n 1 /tmp/nccl_ref "$N" "$ITERS" || rc=1
		LUMEN_DEVICE=cuda WHO=lumen mpiexec -n 1 "$LUMEN" run tests/gpu/mpi_bench.py || rc=1
	done
else
	echo "nccl_ref did not build"; rc=1
fi
if "$PY" -c 'import cupy, mpi4py' 2>/dev/null; then
	echo "-- real mpi4py + CuPy (needs CUDA-aware MPI for device buffers; a failure here is not Lumen's)"
	WHO=mpi4py+cupy timeout 120 mpiexec -n 1 "$PY" -c "
import os, runpy, sys
from mpi4py import MPI
MPI.lumen_path = lambda: 'mpi4py'
runpy.run_path('tests/gpu/mpi_bench.py')" || true
fi
exit $rc
