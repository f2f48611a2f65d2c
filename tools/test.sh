#!/usr/bin/env bash
# test.sh — README command 2: runs the whole test suite (`make check` in build/: unit
# tests, the cells corpus against CPython+NumPy, the protocol tests with real Jupyter
# clients, the fuzz test) and prints `N passed, N failed, N skipped` from its TAP results.
# `tools/test.sh --asan` instead builds build-asan/ (--enable-asan --without-cuda) and runs the
# C unit tests, the protocol tests, the corpus, the fuzz test and the fuzz targets' replay
# under AddressSanitizer/LeakSanitizer/UBSan.
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
	# the C unit tests, the protocol tests (the kernel under ASan: its reports, LSan's
	# leaks included, fail tests/protocol.test), the corpus, the fuzz test and the fuzz
	# targets' replay of their seeds and regression inputs
	units=$(for f in tests/unit/t-*.c; do printf '%s ' "${f%.c}"; done)
	make -C "$dir" -j"$JOBS" $units tests/fuzz/fz-wire tests/fuzz/fz-connection tests/fuzz/fz-parse \
		tests/fuzz/fz-eval tests/fuzz/fz-npy tests/fuzz/fz-format >/dev/null || { echo "ASan build of the tests failed"; exit 1; }
	make -C "$dir" -j"$JOBS" check-TESTS TESTS="$units tests/protocol.test tests/cells.test tests/fuzz.test tests/fuzz/replay.test"
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
