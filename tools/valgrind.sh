#!/usr/bin/env bash
# valgrind.sh — the protocol tests (tests/protocol/) with every lumen-kernel they start
# run under valgrind --leak-check=full, then one line per kernel process and a total:
# "definitely lost" must be 0 bytes and valgrind's errors 0 for every kernel that exits
# (exit 1 otherwise); kernels the tests kill with SIGKILL are counted, not checked.  Slow (the kernel
# runs ~30x slower): a test that times out under valgrind is reported, not counted.
#   tools/valgrind.sh [BUILD_DIR] [test module ...]   (default build/, all three modules)
# Logs: BUILD_DIR/valgrind/vg.PID (kept for reading); the TAP output: BUILD_DIR/valgrind/tap.log
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:-$ROOT/build}" && pwd) || exit 1
shift || true
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is not installed"; exit 1; }
[ -x "$dir/lumen-kernel" ] || { echo "valgrind.sh: $dir/lumen-kernel is not built"; exit 1; }
out=$dir/valgrind
rm -rf "$out"
mkdir -p "$out"
wrap=$out/lumen-kernel-vg
cat >"$wrap" <<WRAP
#!/bin/sh
exec valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \\
	--num-callers=30 --log-file=$out/vg.%p $dir/lumen-kernel "\$@"
WRAP
chmod +x "$wrap"
PYTHON=${PYTHON:-$ROOT/.venv/bin/python3}
export OPENBLAS_NUM_THREADS=1 LUMEN_VALGRIND=1
"$PYTHON" "$ROOT/tests/protocol/run_tap.py" --kernel "$wrap" "$@" >"$out/tap.log" 2>&1
ok=$(grep -c '^ok' "$out/tap.log")
notok=$(grep -c '^not ok' "$out/tap.log")
bad=0 n=0 total=0 killed=0
pids=$(ls "$out" | sed -n 's/^vg\.//p')
for f in "$out"/vg.*; do
	[ -f "$f" ] || continue
	# the kernel's own fork children (posix_spawn of `!cmd` before its exec) log too
	pp=$(grep -o 'Parent PID: [0-9]*' "$f" | awk '{print $3}')
	echo "$pids" | grep -qx "$pp" && continue
	n=$((n + 1))
	def=$(grep -o 'definitely lost: [0-9,]* bytes in [0-9,]* blocks' "$f" | tail -n 1)
	errs=$(grep -o 'ERROR SUMMARY: [0-9,]* errors' "$f" | tail -n 1)
	if [ -z "$def" ]; then
		if grep -q 'All heap blocks were freed' "$f"; then
			def="definitely lost: 0 bytes in 0 blocks"
		elif ! grep -q 'HEAP SUMMARY' "$f"; then
			# shutdown_kernel(now=True), a restart: SIGKILL leaves nothing to check
			killed=$((killed + 1))
			continue
		fi
	fi
	bytes=$(echo "$def" | grep -o '[0-9,]* bytes' | tr -d ', bytes')
	total=$((total + ${bytes:-0}))
	[ "${bytes:-0}" -gt 0 ] && bad=1
	errn=$(echo "$errs" | grep -o '[0-9,]* errors' | tr -d ', errors')
	[ "${errn:-0}" -gt 0 ] && bad=1
	printf '%s: %s; %s\n' "$(basename "$f")" "$def" "${errs:-no error summary}"
done
echo "protocol tests under valgrind: $ok ok, $notok not ok (a time-out under valgrind is not a leak)"
echo "kernels: $n; $((n - killed)) ended on their own and were checked, $killed were killed by SIGKILL (no check possible)"
echo "definitely lost in all checked kernels: $total bytes"
exit $bad
