#!/bin/sh
# multigpu.sh — issue 21's runs on the GPU machine, for any device count (run from the
# repo root after the build; the lead runs it: CI has no GPU).  Parts (PARTS, default:
# all that the machine's GPU count allows):
#   backend  tests/t-cuda-backend, showing its several-devices block (invalid ordinal,
#            per-device pools, with 2+ GPUs: arrays, kernels, cuBLAS and reductions on
#            device 1, peer copy, peer access or CuPy's ValueError, per-device JIT)
#   cell     tests/gpu/multigpu.py by Lumen and by python3+CuPy: the outputs must match
#   cells    the corpus cells about devices (tests/cells/cuda-device-*.py) with cp
#   peer     (2+ GPUs) a 1 GiB peer copy: Lumen's cp.asarray under another device
#            (tests/gpu/peer_bench.py) beside cudaMemcpyPeer from C (tests/gpu/peer_ref.c)
#            in the same call, and CuPy's; the goal is Lumen >= 90% of the C number
#   nccl     (2+ GPUs) the SPMD kernel with one rank per GPU: tests/mpi's collectives
#            on cp arrays (tests/mpirun.py --gpu), which path each rank took, and an
#            Allreduce of 1 GiB (float64) by Lumen beside ncclAllReduce from C
#            (tests/gpu/nccl_ref.c), with bus bandwidth = algbw * 2(n-1)/n; goal >= 90%
#   corpus   (2+ GPUs) the whole corpus with cp on device 1 (LUMEN_CUDA_DEVICE=1);
#            CORPUS_FILTER (a regex on cell names) runs a part of it (~10 min in all)
# Usage: tests/gpu/multigpu.sh [BUILD_DIR]
#   env: PYTHON, CUDA (/usr/local/cuda), PARTS, BYTES (peer copy, 1 GiB), ITERS (20),
#        N (Allreduce items, 134217728 float64 = 1 GiB), CORPUS_FILTER, OUT (logs)
# Exit status 1 when a check failed or a ratio missed its goal.
set -u
B=${1:-build}
PY=${PYTHON:-.venv/bin/python3}
test -x "$PY" || PY=python3
case $PY in */*) PY=$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY") ;; esac   # cellrun runs it elsewhere
LUMEN=$(cd "$B" && pwd)/lumen
CUDA=${CUDA:-/usr/local/cuda}
LOG=${OUT:-/tmp}
BYTES=${BYTES:-1073741824}
ITERS=${ITERS:-20}
N=${N:-134217728}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "$ngpu" -eq 0 ]; then   # no nvidia-smi: ask Lumen
	echo 'import cupy as cp; print(cp.cuda.runtime.getDeviceCount())' >/tmp/lumen-mg-count.py
	ngpu=$(LUMEN_DEVICE=cuda "$LUMEN" run /tmp/lumen-mg-count.py 2>/dev/null | tail -1)
	case $ngpu in [0-9]*) ;; *) ngpu=0 ;; esac
fi
if [ "$ngpu" -ge 2 ]; then
	PARTS=${PARTS:-backend cell cells peer nccl corpus}
else
	PARTS=${PARTS:-backend cell cells}
fi
has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
have_cupy() { "$PY" -c 'import cupy' 2>/dev/null; }
rc=0
echo "GPUs: $ngpu; parts: $PARTS; lumen: $("$LUMEN" --version 2>&1 | head -1)"
nvidia-smi -L 2>/dev/null
[ "$ngpu" -ge 2 ] && nvidia-smi topo -m 2>/dev/null

if has backend; then
	echo "== backend: tests/t-cuda-backend (several devices)"
	test -x "$B/tests/t-cuda-backend" || make -C "$B" tests/t-cuda-backend >/dev/null || rc=1
	"$B/tests/t-cuda-backend" >"$LOG/mg-backend.log" 2>&1
	sed -n '/^# devices:/,/the home device is current at the end/p' "$LOG/mg-backend.log"
	grep '^not ok' "$LOG/mg-backend.log" && rc=1
	echo "# t-cuda-backend: $(grep -c '^ok ' "$LOG/mg-backend.log") ok, $(grep -c '^not ok' "$LOG/mg-backend.log") not ok"
	grep -q '^1\.\.' "$LOG/mg-backend.log" || { echo "not ok: t-cuda-backend did not finish"; rc=1; }
fi

if has cell; then
	echo "== cell: tests/gpu/multigpu.py, Lumen against CuPy"
	LUMEN_DEVICE=cuda "$LUMEN" run tests/gpu/multigpu.py >"$LOG/mg-lumen.txt" 2>"$LOG/mg-lumen.err" || {
		echo "not ok: lumen failed"; tail -5 "$LOG/mg-lumen.err"; rc=1; }
	cat "$LOG/mg-lumen.txt"
	if have_cupy; then
		"$PY" tests/gpu/multigpu.py >"$LOG/mg-cupy.txt" 2>"$LOG/mg-cupy.err" || tail -5 "$LOG/mg-cupy.err"
		if diff "$LOG/mg-cupy.txt" "$LOG/mg-lumen.txt"; then
			echo "ok: Lumen printed what CuPy printed ($(wc -l <"$LOG/mg-lumen.txt") lines)"
		else
			echo "not ok: Lumen's output (+) differs from CuPy's (-)"; rc=1
		fi
	else
		echo "# CuPy is not importable by $PY: no reference run"
	fi
fi

if has cells; then
	echo "== cells: tests/cells/cuda-device-*.py with cp"
	"$PY" tests/cellrun.py --gpu --python "$PY" --lumen "$LUMEN" --filter 'cuda-device' tests/cells || rc=1
fi

if has peer; then
	echo "== peer: $BYTES bytes between devices 0 and 1, $ITERS copies each way"
	if gcc -O2 -I"$CUDA/include" tests/gpu/peer_ref.c -L"$CUDA/lib64" -Wl,-rpath,"$CUDA/lib64" -lcudart \
		-o /tmp/peer_ref; then
		: >"$LOG/mg-peer.txt"
		for rep in 1 2; do
			/tmp/peer_ref "$BYTES" "$ITERS" | tee -a "$LOG/mg-peer.txt" || rc=1
			LUMEN_DEVICE=cuda WHO=lumen BYTES=$BYTES ITERS=$ITERS "$LUMEN" run tests/gpu/peer_bench.py \
				| tee -a "$LOG/mg-peer.txt" || rc=1
		done
		have_cupy && WHO=cupy BYTES=$BYTES ITERS=$ITERS "$PY" tests/gpu/peer_bench.py | tee -a "$LOG/mg-peer.txt"
		# the best of each, per direction: Lumen / C
		awk '/GB\/s/ { for (i = 1; i <= NF; i++) if ($i == "GB/s," || $i == "GB/s") bw = $(i - 1);
			dir = ""; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]->[0-9]:$/) dir = $i;
			who = $1; if (bw + 0 > best[who, dir] + 0) best[who, dir] = bw; dirs[dir] = 1 }
			END { bad = 0; for (d in dirs) { c = best["C", d]; l = best["lumen", d];
				r = c > 0 ? l / c : 0; printf "peer copy %s Lumen %.1f GB/s, cudaMemcpyPeer %.1f GB/s, CuPy %s GB/s: %.1f%% (goal >= 90%%)\n",
				d, l, c, best["cupy", d] == "" ? "-" : best["cupy", d], 100 * r; if (r < 0.9) bad = 1 }
				exit bad }' "$LOG/mg-peer.txt" || rc=1
	else
		echo "not ok: peer_ref did not build"; rc=1
	fi
fi

if has nccl; then
	echo "== nccl: the SPMD kernel, one rank per GPU ($ngpu ranks)"
	"$PY" tests/mpirun.py --gpu --fakecupy --no-singleton --np "$ngpu" --python "$PY" --lumen "$LUMEN" tests/mpi || rc=1
	cat >/tmp/lumen-mg-path.py <<'PYEOF'
from mpi4py import MPI
import cupy as cp
c = MPI.COMM_WORLD
x = cp.arange(8.0) + c.rank
y = cp.empty_like(x)
c.Allreduce(x, y, op=MPI.SUM)
print("rank", c.rank, "of", c.size, "on", x.device, "Allreduce:", MPI.lumen_path(),
      "sum ok:", bool((y == cp.arange(8.0) * c.size + sum(range(c.size))).all()))
PYEOF
	LUMEN_DEVICE=cuda mpiexec -n "$ngpu" "$LUMEN" run /tmp/lumen-mg-path.py | sort | tee "$LOG/mg-path.txt" || rc=1
	grep -q "Allreduce: nccl" "$LOG/mg-path.txt" || { echo "not ok: the ranks did not use NCCL"; rc=1; }
	echo "-- Allreduce of $N float64, $ITERS calls"
	if mpicc -O2 tests/gpu/nccl_ref.c -I"$CUDA/include" -L"$CUDA/lib64" -Wl,-rpath,"$CUDA/lib64" -lnccl -lcudart \
		-o /tmp/nccl_ref; then
		: >"$LOG/mg-nccl.txt"
		for rep in 1 2; do
			mpiexec -n "$ngpu" /tmp/nccl_ref "$N" "$ITERS" | tee -a "$LOG/mg-nccl.txt" || rc=1
			LUMEN_DEVICE=cuda WHO=lumen N=$N ITERS=$ITERS mpiexec -n "$ngpu" "$LUMEN" run tests/gpu/mpi_bench.py \
				| tee -a "$LOG/mg-nccl.txt" || rc=1
		done
		# both lines print "ms per call"; bus bandwidth = bytes / t * 2(n-1)/n
		awk -v n="$ngpu" -v items="$N" '/ms per call/ { for (i = 1; i <= NF; i++) if ($i == "ms") t = $(i - 1);
			who = ($1 == "C") ? "C" : $1; if (!(who in best) || t + 0 < best[who]) best[who] = t + 0 }
			END { f = 2 * (n - 1) / n; c = best["C"]; l = best["lumen"];
				if (c <= 0 || l <= 0) { print "not ok: missing timings"; exit 1 }
				bc = items * 8 / (c / 1e3) * f / 1e9; bl = items * 8 / (l / 1e3) * f / 1e9;
				printf "Allreduce bus bandwidth, %d ranks: Lumen %.1f GB/s, ncclAllReduce %.1f GB/s: %.1f%% (goal >= 90%%)\n",
					n, bl, bc, 100 * bl / bc; exit bl / bc < 0.9 }' "$LOG/mg-nccl.txt" || rc=1
		grep -q "correct=True" "$LOG/mg-nccl.txt" || { echo "not ok: Lumen's Allreduce gave a wrong sum"; rc=1; }
	else
		echo "not ok: nccl_ref did not build"; rc=1
	fi
fi

if has corpus; then
	echo "== corpus: cp on device 1 (LUMEN_CUDA_DEVICE=1)${CORPUS_FILTER:+, cells matching $CORPUS_FILTER}"
	echo 'import cupy as cp; print(cp.cuda.runtime.getDevice(), cp.arange(3).device)' >/tmp/lumen-mg-dev.py
	got=$(LUMEN_DEVICE=cuda LUMEN_CUDA_DEVICE=1 "$LUMEN" run /tmp/lumen-mg-dev.py 2>&1)
	echo "probe: $got"
	if [ "$got" = "1 <CUDA Device 1>" ]; then
		LUMEN_CUDA_DEVICE=1 "$PY" tests/cellrun.py --gpu --python "$PY" --lumen "$LUMEN" \
			${CORPUS_FILTER:+--filter "$CORPUS_FILTER"} tests/cells >"$LOG/mg-corpus.tap" 2>&1
		grep -v '^ok ' "$LOG/mg-corpus.tap" | head -100
		echo "# corpus on device 1: $(grep -c '^ok ' "$LOG/mg-corpus.tap") ok," \
			"$(grep -c '^not ok' "$LOG/mg-corpus.tap") not ok ($(grep -c '# TODO' "$LOG/mg-corpus.tap") TODO)"
		grep '^not ok' "$LOG/mg-corpus.tap" | grep -vq '# TODO' && rc=1
	else
		echo "not ok: Lumen did not start on device 1"; rc=1
	fi
fi
exit $rc
