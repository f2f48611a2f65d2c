#!/bin/sh
# all.sh — one call on the lent GPU machine: the side-by-side benchmark
# (bench.sh), the GPU tests (check.sh) and the notebooks with nbclient
# (notebooks.sh), each with its own time limit, then everything
# it wrote packed as $OUT/lumen-gpu-results.tar (the device tool returns
# only a few files).
# Run from the repo root with tests/gpu/bundle and tests/gpu/wheels carried.
# Environment: ALL_SKIP="bench check notebooks sweep" leaves parts out;
# NB_IPY names notebooks to run under ipykernel with CuPy too.
top=${1:-.}
out=${OUT:-/tmp}
skip=" ${ALL_SKIP:-} "
case $skip in *" bench "*) ;; *)
	echo "=== bench.sh ($(date +%T))"
	timeout 200 sh "$top/tests/gpu/bench.sh" "$top" >"$out/bench-summary.txt" 2>&1
	cat "$out/bench.txt" 2>/dev/null ;;
esac
case $skip in *" check "*) ;; *)
	echo "=== check.sh ($(date +%T))"
	CELLS_JOBS=${CELLS_JOBS:-16} CODEGEN=1 timeout 330 sh "$top/tests/gpu/check.sh" "$top" >"$out/check-summary.txt" 2>&1
	grep -E '^# .*(ok|not ok)|^not ok|^check-gpu|^=== ' "$out/check-summary.txt" | grep -v '^#   ' | head -80 ;;
esac
case $skip in *" notebooks "*) ;; *)
	echo "=== notebooks.sh ($(date +%T))"
	timeout ${NB_TIMEOUT:-240} sh "$top/tests/gpu/notebooks.sh" >"$out/nb-summary.txt" 2>&1
	cat "$out/nb-summary.txt" | tail -12
	;;
esac
case $skip in *" sweep "*) ;; *)
	if [ -f "$top/tests/gpu/sweep_devperf.sh" ]; then
		echo "=== sweep_devperf.sh ($(date +%T))"
		timeout ${SWEEP_TIMEOUT:-400} sh "$top/tests/gpu/sweep_devperf.sh" >"$out/sweep.txt" 2>&1
		tail -60 "$out/sweep.txt"
	fi ;;
esac
# NB_IPY="name ...": these notebooks again under ipykernel with the real CuPy
if [ -n "${NB_IPY:-}" ]; then
	echo "=== notebooks.sh under ipykernel: $NB_IPY ($(date +%T))"
	NB_KERNEL=ipykernel NB_ONLY="$NB_IPY" timeout ${NB_IPY_TIMEOUT:-200} sh "$top/tests/gpu/notebooks.sh" \
		>"$out/nbipy-summary.txt" 2>&1
	grep -v IPKernelApp "$out/nbipy-summary.txt" | tail -12
fi
# the device tool brings back at most 8 files: everything goes in one archive
t=$(mktemp) && tar -C "$out" -cf "$t" . && rm -rf "${out:?}"/* && mv "$t" "$out/lumen-gpu-results.tar"
echo "=== done ($(date +%T))"
