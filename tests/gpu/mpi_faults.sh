#!/bin/sh
# mpi_faults.sh — on the GPU machine (< 60 s): interrupts inside device
# collectives of lumen-mpi-kernel (tests/gpu/mpi_faults.py, TAP): 1 rank on the
# NCCL path (the interrupt aborts the NCCL communicator, the next Allreduce
# makes a new one), 2 ranks on the one GPU (device data through MPI).  The
# kernel is the bundle's (tests/gpu/bundle.sh; carry tests/gpu/bundle and
# tests/gpu/wheels for jupyter_client), or BIN_DIR's.  Exit 1 when a check failed.
#   on the device, from the repo root:  sh tests/gpu/mpi_faults.sh [BIN_DIR]
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-mpi-faults.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
bin=${1:-}
if [ -z "$bin" ]; then
	tar -C "$work" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
	bin=$work/bin
	export LD_LIBRARY_PATH="$work/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	if ldd "$bin/lumen-mpi-kernel" | grep -q "libmpi.*not found"; then
		export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$work/lib-mpi"
	fi
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mods="jupyter_client"
. "$top/tests/gpu/wheels_env.sh"
if ! wheels_env; then
	echo "not ok - no jupyter_client for mpi_faults.py"
	exit 1
fi
PYTHONUNBUFFERED=1 timeout 55 "$PY" "$top/tests/gpu/mpi_faults.py" "$bin"
