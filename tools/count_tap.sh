#!/bin/sh
# count_tap.sh DIR... — adds up the TAP results that Automake's driver recorded in the
# .trs files under each DIR and prints `N passed, N failed, N skipped`.
# PASS = passed; FAIL, XPASS, ERROR = failed; SKIP and XFAIL (TODO) = skipped.
# A test whose log has no .trs beside it (it never finished) counts as failed.
[ $# -gt 0 ] || set -- build
for d in "$@"; do
	[ -d "$d" ] || continue
	find "$d" -name '*.log' ! -name 'test-suite.log' ! -name 'config.log' -path '*/tests/*' |
		while read -r log; do
			[ -f "${log%.log}.trs" ] || echo ":test-result: ERROR"
		done
	find "$d" -name '*.trs' -exec cat {} +
done | awk '
	/^:test-result: PASS/ { p++ }
	/^:test-result: (FAIL|XPASS|ERROR)/ { f++ }
	/^:test-result: (SKIP|XFAIL)/ { s++ }
	END { printf "%d passed, %d failed, %d skipped\n", p, f, s }'
