#!/usr/bin/env bash
# test.sh — README command 2: runs the whole test suite (`make check` in build/: unit
# tests, the cells corpus against CPython+NumPy, the protocol tests with real Jupyter
# clients, the fuzz test) and prints `N passed, N failed, N skipped` from its TAP results.
# `tools/test.sh --asan` instead builds build-asan/ (--enable-asan --without-cuda) and runs the
# corpus and the fuzz test under AddressSanitizer/LeakSanitizer/UBSan.
# Needs tools/setup.sh to have run (the build and .venv).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JOBS=${JOBS:-$(nproc)}
cd "$ROOT"
if [ "${1:-}" = --asan ]; then
	dir=build-asan
	mkdir -p "$dir"
	(cd "$dir" && { [ -f Makefile ] || ../configure -q --enable-asan --without-cuda PYTHON="$ROOT/.venv/bin/python3"; } &&
		make -j"$JOBS") || { echo "ASan build failed"; exit 1; }
	export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1:abort_on_error=0}
	export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/tests/lsan.supp:print_suppressions=0}
	export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
	# check-TESTS: the two tests only, without building every unit test under ASan
	make -C "$dir" -j"$JOBS" check-TESTS TESTS="tests/cells.test tests/fuzz.test"
	rc=$?
else
	dir=build
	[ -f build/Makefile ] || { echo "build/ is not configured: run tools/setup.sh first"; exit 1; }
	make -C build -j"$JOBS" check
	rc=$?
fi
summary=$(bash "$ROOT/tools/count_tap.sh" "$dir")
echo "$summary"
case $summary in
*" 0 failed"*) ;;
*) rc=1 ;;
esac
exit $rc
