#!/bin/sh
# verify.sh — one short device call that re-checks fixes (carry tests/gpu/bundle,
# and tests/gpu/wheels + tests/gpu/pubnb/data for PUB=1): in parallel, the cp
# corpus on the cells matching CELLS_FILTER (a cellrun.py regex; empty: none),
# the public notebooks (PUB=1), tests/gpu/mpi_faults.sh (FAULTS=1); then alone
# on the card the sweep rows matching SW (a SWEEP_ONLY regex; SWEEP_S budget).
# Every log goes into $OUT/logs.tgz: the device tool returns only a few files.
# Time limits: CORPUS_S PUB_S SWEEP_S.  Prints each part's summary.
O=${OUT:-/tmp}
L=$O/logs
mkdir -p "$L"
b=/tmp/lumen-gpu
rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf tests/gpu/bundle/lumen-gpu.tar.xz || exit 1
export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
t0=$(date +%s)
if [ -n "$CELLS_FILTER" ]; then
	( export CELLS_FILTER; LUMEN_GPU_DIR=/tmp/lumen-gpu-corpus CORPUS_ONLY=1 CELLS_JOBS=6 OUT=$L \
	  timeout "${CORPUS_S:-200}" sh tests/gpu/check.sh . >"$L/corpus-run.log" 2>&1
	  echo "corpus rc=$? $(( $(date +%s) - t0 )) s" >>"$L/corpus-run.log" ) &
fi
if [ -n "$PUB" ]; then
	( OUT=$L JOBS=10 CELL_TIMEOUT=40 NB_TIMEOUT=100 timeout "${PUB_S:-260}" sh tests/gpu/pubnb.sh >"$L/pubnb-run.log" 2>&1
	  echo "pubnb rc=$? $(( $(date +%s) - t0 )) s" >>"$L/pubnb-run.log" ) &
fi
if [ -n "$FAULTS" ]; then
	( PYTHON=python3 timeout 90 sh tests/gpu/mpi_faults.sh "$b/bin" >"$L/mpi_faults.log" 2>&1
	  echo "mpi_faults rc=$? $(( $(date +%s) - t0 )) s" >>"$L/mpi_faults.log" ) &
fi
wait
echo "parallel part done at $(( $(date +%s) - t0 )) s"
if [ -n "$SW" ]; then
	OUT=$L SWEEP_ONLY="$SW" SWEEP_BUDGET=${SWEEP_S:-90} timeout $(( ${SWEEP_S:-90} + 40 )) sh tests/gpu/sweep.sh . >"$L/sweep-run.log" 2>&1
	echo "sweep rc=$? at $(( $(date +%s) - t0 )) s"
fi
for f in corpus-run mpi_faults; do test -f "$L/$f.log" && { echo "######## $f"; grep -E "not ok|^ok|rc=|# " "$L/$f.log" | tail -40; }; done
test -f "$L/pubnb-run.log" && { echo "######## pubnb"; tail -5 "$L/pubnb-run.log"; grep -E "TOTAL|share" "$L/pubnb/table.txt" 2>/dev/null | tail -4; }
test -f "$L/sweep.txt" && { echo "######## sweep"; grep -v "^# .* done\|budget" "$L/sweep.txt" | head -80; }
tar -C "$O" -czf "$O/logs.tgz" logs && rm -rf "$L"
