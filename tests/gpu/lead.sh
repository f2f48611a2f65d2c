#!/bin/sh
# lead.sh — one device call for the end of a session (carry tests/gpu/bundle,
# tests/gpu/wheels, tests/gpu/pubnb/data): first the parts that only check
# correctness, side by side (the public notebooks, the cp corpus, the plot
# decimation device-vs-host, MPI faults, generator peaks, the several-GPU
# cell), then the timed parts alone on the card (a sweep subset $SW, the
# NCCL/MPI table).  Time limits: PUB_S CORPUS_S W1_S MG_S SWEEP_S MPI_S.
# Logs in $OUT; keep their number small (the device tool returns few files).
O=${OUT:-/tmp}; export OUT=$O
b=/tmp/lumen-gpu
rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf tests/gpu/bundle/lumen-gpu.tar.xz || exit 1
export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mkdir -p /tmp/mgb/tests && for f in $b/bin/*; do ln -sf "$f" /tmp/mgb/; done && ln -sf $b/bin/t-cuda-backend /tmp/mgb/tests/
t0=$(date +%s)
( JOBS=8 CELL_TIMEOUT=40 NB_TIMEOUT=100 timeout ${PUB_S:-270} sh tests/gpu/pubnb.sh >"$O/pubnb-run.log" 2>&1; echo "pubnb rc=$? $(( $(date +%s) - t0 )) s" >>"$O/pubnb-run.log" ) &
( LUMEN_GPU_DIR=/tmp/lumen-gpu-corpus CORPUS_ONLY=1 CELLS_JOBS=6 timeout ${CORPUS_S:-270} sh tests/gpu/check.sh . >"$O/corpus-run.log" 2>&1; echo "corpus rc=$? $(( $(date +%s) - t0 )) s" >>"$O/corpus-run.log" ) &
( L=$b/bin/lumen; nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
  LUMEN_DEVICE=cuda OUT_PNG=/tmp/dec_dev.png timeout 60 "$L" run tests/plots-reduce/decimate.py; echo "device path rc=$?"
  LUMEN_DEVICE=host OUT_PNG=/tmp/dec_host.png timeout 60 "$L" run tests/plots-reduce/decimate.py; echo "host path rc=$?"
  ls -la /tmp/dec_dev.png /tmp/dec_host.png; cmp /tmp/dec_dev.png /tmp/dec_host.png && echo "decimation: device PNG == host PNG"
  LUMEN_GPU_DIR=/tmp/lumen-gpu-wave WAVE_PARTS="mpifaults genpeak" timeout ${W1_S:-160} sh tests/gpu/wave.sh ) >"$O/wave1.log" 2>&1 &
( PYTHON=python3 PARTS="backend cell cells" timeout ${MG_S:-120} sh tests/gpu/multigpu.sh /tmp/mgb >"$O/multigpu.log" 2>&1; echo "multigpu rc=$?" >>"$O/multigpu.log" ) &
wait
echo "phase A done at $(( $(date +%s) - t0 )) s"
WAVE_PARTS="sweep" WAVE_SWEEP="$SW" WAVE_SWEEP_S=${SWEEP_S:-130} timeout $(( ${SWEEP_S:-130} + 30 )) sh tests/gpu/wave.sh >"$O/wave2.log" 2>&1
cp "$O/sweep_wave.log" "$O/sweep_wave2.log" 2>/dev/null
BUDGET=${MPI_S:-100} WAVE_PARTS="mpi" timeout $(( ${MPI_S:-100} + 20 )) sh tests/gpu/wave.sh >"$O/wave3.log" 2>&1
echo "all done at $(( $(date +%s) - t0 )) s"
for f in wave1 multigpu wave2 wave3; do echo "######## $f"; tail -c 2500 "$O/$f.log"; done
tail -5 "$O/pubnb-run.log"; tail -8 "$O/corpus-run.log"
