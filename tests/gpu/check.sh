#!/bin/sh
# check.sh — the GPU tests, on the GPU machine: the backend's unit tests,
# the user kernels / cupy.cuda cell (tests/gpu/kernels.py), statement
# fusion (tests/gpu/fusion.py), cp-vs-NumPy device semantics
# (tests/gpu/semantics.py), an interrupted loop of launches through
# jupyter_client (tests/gpu/interrupt.py), the device ndimage filters against
# the host (tests/gpu/ndimage.py) and the cells
# corpus with cp (tests/cells-gpu.test).  `make check-gpu` runs it with a
# build directory; on the lent machine run it from the repo root with the
# bundle (tests/gpu/bundle.sh).  Writes check.log to $OUT when set.
# usage: check.sh [SRCDIR [BUILDDIR]]
top=${1:-.}
build=${2:-}
if [ -z "$build" ]; then
	b=${LUMEN_GPU_DIR:-/tmp/lumen-gpu}   # where the bundle is unpacked (one per concurrent script)
	rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
	export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	backend=$b/bin/t-cuda-backend codegen=$b/bin/t-cuda-codegen lumen=$b/bin/lumen-gpu
	plugin=$b/bin
else
	backend=$build/tests/t-cuda-backend codegen=$build/tests/t-cuda-codegen lumen=$build/tests/gpu/lumen-gpu
	plugin=$build
fi
# the real lumen, which loads lumen-cuda.so from next to it (LUMEN_DEVICE=cuda
# makes a plugin that does not load an error); lumen-gpu links CUDA statically
test -x "$plugin/lumen" && test -f "$plugin/lumen-cuda.so" && lumen=$plugin/lumen
echo "lumen: $lumen ($("$lumen" --version))"
log=${OUT:-/tmp}/check.log
fails=0
: >>"$log"
for t in $(test -z "$CORPUS_ONLY" && echo "$backend"); do
	echo "=== $t" | tee -a "$log"
	"$t" >"$log.part" 2>&1; cat "$log.part" >>"$log"
	grep -v '^ok ' "$log.part"
	echo "# $(grep -c '^ok ' "$log.part") ok, $(grep -c '^not ok' "$log.part") not ok"
	grep -q '^not ok' "$log.part" && fails=$((fails + 1))
done
if [ -n "$CODEGEN" ]; then
	echo "=== $codegen" | tee -a "$log"
	"$codegen" >"$log.part" 2>&1; cat "$log.part" >>"$log"; grep -v '^ok ' "$log.part"
	grep -q '^not ok' "$log.part" && fails=$((fails + 1))
fi
if [ -z "$CORPUS_ONLY" ]; then
echo "=== kernels.py" | tee -a "$log"
LUMEN_DEVICE=cuda "$lumen" run "$top/tests/gpu/kernels.py" >"$log.part" 2>&1; cat "$log.part" >>"$log"
cat "$log.part"
grep -q '^not ok' "$log.part" && fails=$((fails + 1))
fi
if [ -z "$CORPUS_ONLY" ]; then
echo "=== fusion.py" | tee -a "$log"
LUMEN_DEVICE=cuda "$lumen" run "$top/tests/gpu/fusion.py" >"$log.part" 2>&1; cat "$log.part" >>"$log"
grep -v '^ok ' "$log.part"
echo "# fusion: $(grep -c '^ok ' "$log.part") ok, $(grep -c '^not ok' "$log.part") not ok"
grep -q '^not ok' "$log.part" && fails=$((fails + 1))
grep -q '^1\.\.' "$log.part" || fails=$((fails + 1))
fi
if [ -z "$CORPUS_ONLY" ]; then
echo "=== semantics.py" | tee -a "$log"
LUMEN_DEVICE=cuda "$lumen" run "$top/tests/gpu/semantics.py" >"$log.part" 2>&1; cat "$log.part" >>"$log"
grep -v '^ok ' "$log.part"
echo "# $(grep -c '^ok ' "$log.part") ok, $(grep -c '^not ok' "$log.part") not ok"
{ grep -q '^not ok' "$log.part" || ! grep -q '^1\.\.' "$log.part"; } && fails=$((fails + 1))
fi
if [ -z "$CORPUS_ONLY" ]; then
# an interrupted cell that queued launches by the thousand, through
# jupyter_client (from the carried wheels on the lent machine)
echo "=== interrupt.py" | tee -a "$log"
kern=$(dirname "$lumen")/lumen-kernel
test -x "$kern" || kern=${build:+$build/lumen-kernel}
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-check.XXXXXX")
PY=${PYTHON:-python3} mods="jupyter_client"
. "$top/tests/gpu/wheels_env.sh"
if wheels_env && test -x "$kern"; then
	LUMEN_DEVICE=cuda timeout 300 "$PY" "$top/tests/gpu/interrupt.py" "$kern" >"$log.part" 2>&1
	cat "$log.part" >>"$log"
	cat "$log.part"
	{ grep -q '^not ok' "$log.part" || ! grep -q '^1\.\.' "$log.part"; } && fails=$((fails + 1))
else
	echo "not ok - no jupyter_client or no lumen-kernel for the interrupt test" | tee -a "$log"
	fails=$((fails + 1))
fi
rm -rf "$work"
fi
if [ -z "$CORPUS_ONLY" ]; then
echo "=== ndimage.py" | tee -a "$log"
LUMEN_DEVICE=cuda "$lumen" run "$top/tests/gpu/ndimage.py" >"$log.part" 2>&1; cat "$log.part" >>"$log"
grep -v '^ok ' "$log.part" | head -40
echo "# ndimage: $(grep -c '^ok ' "$log.part") ok, $(grep -c '^not ok' "$log.part") not ok"
{ grep -q '^not ok' "$log.part" || ! grep -q '^ok ' "$log.part"; } && fails=$((fails + 1))
fi
if [ -z "$SKIP_CORPUS" ]; then
echo "=== cells corpus with cp" | tee -a "$log"
srcdir=$top PYTHON=${PYTHON:-python3} LUMEN=$lumen sh "$top/tests/cells-gpu.test" >"$log.part" 2>&1
cat "$log.part" >>"$log"
grep -v '^ok ' "$log.part" | head -60
echo "# corpus: $(grep -c '^ok ' "$log.part") ok, $(grep -c '^not ok' "$log.part") not ok"
# a TODO cell (TAP's expected failure) fails no group
grep '^not ok' "$log.part" | grep -qv '# TODO' && fails=$((fails + 1))
fi
rm -f "$log.part"
echo "check-gpu: $fails failing group(s)"
test "$fails" = 0
