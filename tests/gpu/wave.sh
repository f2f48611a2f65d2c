#!/bin/sh
# wave.sh — one device call for the checks of a merge wave (the lead runs it
# with carry ["tests/gpu/bundle"]): the bundle unpacked, then each part with
# a time limit, logs in $OUT.  Parts: env, kernels, sweep subset, plots,
# oom, mpi/nccl; not by default: mpifaults (tests/gpu/mpi_faults.sh, carry
# tests/gpu/wheels too) and genpeak (tests/gpu/gen_peak.py, Lumen then CuPy).
# WAVE_PARTS picks some; WAVE_SWEEP is the SWEEP_ONLY regex.
O=${OUT:-/tmp}
b=${LUMEN_GPU_DIR:-/tmp/lumen-gpu}   # where the bundle is unpacked (one per concurrent script)
rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf tests/gpu/bundle/lumen-gpu.tar.xz || exit 1
export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if ldd "$b/bin/lumen" | grep -q "libmpi.*not found"; then
	export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$b/lib-mpi"
	echo "using the bundle's Open MPI libraries"
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
L=$b/bin/lumen
parts=${WAVE_PARTS:-env kernels sweep plots oom mpi}
for p in $parts; do
	echo "===== $p ($(date +%T))"
	case $p in
	env)
		nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
		ldd "$L" | grep -E "mpi|not found"
		ls /usr/local/cuda/lib64 | grep -i nccl; ldconfig -p | grep -i nccl | head -3
		python3 -c "import cupy, numpy, matplotlib; print('cupy', cupy.__version__, 'numpy', numpy.__version__, 'mpl', matplotlib.__version__)"
		;;
	kernels)
		timeout 120 "$b/bin/t-cuda-codegen" 2>&1 | grep -E "^not ok|^1\.\." ; timeout 120 "$b/bin/t-cuda-backend" 2>&1 | grep -E "^not ok|^1\.\."
		;;
	sweep)
		SWEEP_ONLY=${WAVE_SWEEP:-^(create|linalg)} SWEEP_BUDGET=${WAVE_SWEEP_S:-150} OUT=$O sh tests/gpu/sweep.sh . >"$O/sweep_wave.log" 2>&1
		tail -3 "$O/sweep_wave.log"
		;;
	plots)
		LUMEN_DEVICE=cuda timeout 120 "$L" run tests/gpu/plot_bench.py; timeout 120 python3 tests/gpu/plot_bench.py
		LUMEN_DEVICE=cuda OUT_PNG=/tmp/dec_dev.png timeout 60 "$L" run tests/plots-reduce/decimate.py; echo "device path rc=$?"
		LUMEN_DEVICE=host OUT_PNG=/tmp/dec_host.png timeout 60 "$L" run tests/plots-reduce/decimate.py; echo "host path rc=$?"
		ls -la /tmp/dec_dev.png /tmp/dec_host.png
		cmp /tmp/dec_dev.png /tmp/dec_host.png && echo "decimation: device PNG == host PNG"
		cp /tmp/dec_dev.png "$O/"
		;;
	oom)
		LUMEN_DEVICE=cuda timeout 120 "$L" run tests/gpu/oom.py >"$O/oom.log" 2>&1; echo "rc=$?"; head -c 3000 "$O/oom.log"
		;;
	mpi)
		PYTHON=python3 timeout 200 sh tests/gpu/mpi_nccl.sh "$b/bin" >"$O/mpi.log" 2>&1; echo "rc=$?"; tail -40 "$O/mpi.log"
		;;
	mpifaults)
		PYTHON=python3 timeout 60 sh tests/gpu/mpi_faults.sh "$b/bin" >"$O/mpi_faults.log" 2>&1; echo "rc=$?"; tail -20 "$O/mpi_faults.log"
		;;
	genpeak)
		LUMEN_DEVICE=cuda timeout 120 "$L" run tests/gpu/gen_peak.py 2>&1 | tee "$O/gen_peak.log"
		timeout 120 python3 tests/gpu/gen_peak.py 2>&1 | tee "$O/gen_peak_cupy.log"
		;;
	esac
done
