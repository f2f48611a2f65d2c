#!/usr/bin/env bash
# fuzz.sh — coverage-guided fuzzing with libFuzzer (tests/fuzz/README.md).
#   tools/fuzz.sh build               configure build-fuzz/ (clang, --enable-fuzz) and build the targets
#   tools/fuzz.sh run [SECONDS] [T..] build, then run each target (default all) for SECONDS (default 60)
#                                     from its seeds; prints execs, cov and ft per target; exit 1 on a crash
#   tools/fuzz.sh one T [ARGS..]      run target T (wire, connection, parse, eval, npy, format, loadtxt) with
#                                     libFuzzer ARGS (e.g. -max_total_time=600, or a crash file to replay)
# Found crashes land in build-fuzz/fuzz-out/T/crash-* (timeouts: timeout-*, leaks: leak-*);
# the working corpus in build-fuzz/fuzz-out/T/corpus (the committed seeds are never written).
# The run-built form is what `make fuzz` calls.  Cells run by the eval, npy and format targets
# are fenced (tests/fuzz/fz_guard.c): they cannot write, delete, run or signal anything.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGETS="wire connection parse eval npy format loadtxt"
cmd=${1:-run}
shift || true

build() {
	local dir=$ROOT/build-fuzz
	command -v clang >/dev/null || { echo "fuzz.sh: clang is not installed (Debian: clang)"; return 1; }
	mkdir -p "$dir"
	(cd "$dir" && { [ -f Makefile ] || CC="$ROOT/tests/fuzz/cc.sh" "$ROOT/configure" -q --enable-fuzz --without-cuda \
		CFLAGS="-g -O1" PYTHON="${PYTHON:-$ROOT/.venv/bin/python3}"; } &&
		make -j"${JOBS:-$(nproc)}" $(for t in $TARGETS; do printf 'tests/fuzz/fz-%s ' "$t"; done) >"$dir/fuzz-build.log" 2>&1) ||
		{ tail -n 30 "$dir/fuzz-build.log"; echo "fuzz.sh: the fuzz build failed ($dir/fuzz-build.log)"; return 1; }
}

# libFuzzer's options per target, and the environment every run gets
setenv() {
	export LUMEN_DEVICE=host OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 LUMEN_FFT_THREADS=1
	export ASAN_OPTIONS=${FZ_ASAN_OPTIONS:-allocator_may_return_null=1:max_allocation_size_mb=768:quarantine_size_mb=64:detect_leaks=1:abort_on_error=0:handle_abort=1}
	export LSAN_OPTIONS=suppressions=$ROOT/tests/lsan.supp:print_suppressions=0
	export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
}

opts() { # target -> libFuzzer flags
	local t=$1 o="-rss_limit_mb=3072 -malloc_limit_mb=2048 -print_final_stats=1"
	case $t in
	eval|npy|format|loadtxt) o="$o -timeout=20 -max_len=4096" ;;
	*) o="$o -timeout=10" ;;
	esac
	[ -f "$ROOT/tests/fuzz/dict/$t.dict" ] && o="$o -dict=$ROOT/tests/fuzz/dict/$t.dict"
	echo "$o"
}

run_one() { # bindir target seconds -> prints one summary line; 0, or 1 on a finding
	local bin=$1/tests/fuzz/fz-$2 t=$2 secs=$3 out=$1/fuzz-out/$2
	mkdir -p "$out/corpus"
	local log=$out/fuzz.log
	# shellcheck disable=SC2046
	"$bin" $(opts "$t") -max_total_time="$secs" -artifact_prefix="$out/" \
		"$out/corpus" "$ROOT/tests/fuzz/corpus/$t" </dev/null >"$log" 2>&1
	local rc=$?
	local last execs cov ft corp
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}')
	cov=$(echo "$last" | grep -o 'cov: [0-9]*' | awk '{print $2}')
	ft=$(echo "$last" | grep -o 'ft: [0-9]*' | awk '{print $2}')
	corp=$(echo "$last" | grep -o 'corp: [0-9]*' | awk '{print $2}')
	local crash
	crash=$(ls "$out" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | grep -v '^slow-unit' | head -n 1)
	printf '%-11s %4ss  execs %-9s cov %-6s ft %-7s corpus %-5s %s\n' "$t" "$secs" "${execs:-?}" \
		"${cov:-?}" "${ft:-?}" "${corp:-?}" "$([ $rc -eq 0 ] && echo ok || echo "FOUND: exit $rc ${crash:+$out/$crash} (log $log)")"
	if [ $rc -ne 0 ]; then
		grep -E 'ERROR:|SUMMARY:|check failed|runtime error' "$log" | head -n 5 | sed 's/^/    /'
		# the first frames and the input itself, so that a CI log alone can reproduce it
		grep -E '^ +#[0-9]+ 0x' "$log" | grep -v -E 'libFuzzer|fuzzer::|__libc_start|_start\b' | head -n 14 |
			sed -E 's/^ +/    /; s/ 0x[0-9a-f]+ in / /'
		[ -n "$crash" ] && { echo "    input ($(wc -c <"$out/$crash") bytes, cat -v):"; head -c 800 "$out/$crash" | cat -v | sed 's/^/    | /'; echo; }
		return 1
	fi
	return 0
}

run_all() { # bindir seconds targets...
	local bin=$1 secs=$2 bad=0
	shift 2
	# shellcheck disable=SC2086
	[ $# -gt 0 ] || set -- $TARGETS
	setenv
	for t in "$@"; do
		run_one "$bin" "$t" "$secs" || bad=1
	done
	return $bad
}

case $cmd in
build) build ;;
run)
	secs=${1:-60}
	shift || true
	build || exit 1
	run_all "$ROOT/build-fuzz" "$secs" "$@"
	;;
run-built)
	run_all "$1" "${2:-60}" "${@:3}"
	;;
one)
	t=${1:?target}
	shift
	build || exit 1
	setenv
	mkdir -p "$ROOT/build-fuzz/fuzz-out/$t/corpus"
	# shellcheck disable=SC2046
	exec "$ROOT/build-fuzz/tests/fuzz/fz-$t" $(opts "$t") -artifact_prefix="$ROOT/build-fuzz/fuzz-out/$t/" "$@"
	;;
*) sed -n '2,12p' "$0"; exit 2 ;;
esac
