#!/bin/sh
# cc.sh — the C compiler of the fuzz build (tools/fuzz.sh: CC=tests/fuzz/cc.sh).
# clang 14 cannot compile _Float16 on x86 without AVX512-FP16 (clang 15 can), so a
# source file that uses it is compiled by gcc with the same AddressSanitizer and
# UBSan (gcc's instrumentation calls the same runtime entry points) but without
# libFuzzer's coverage; everything else, and every link, goes to clang.
# clang also lacks glibc's CMPLX (glibc defines it for gcc only): cc_compat.h adds it.
dir=$(cd "$(dirname "$0")" && pwd)
cache=
command -v ccache >/dev/null 2>&1 && cache=ccache
src=
for a in "$@"; do
	case $a in
	*.c) src=$a ;;
	esac
done
if [ -n "$src" ] && [ -f "$src" ] && grep -q _Float16 "$src"; then
	set -- "$@" END
	while [ "$1" != END ]; do
		case $1 in
		-fsanitize=fuzzer-no-link,address,undefined) set -- "$@" -fsanitize=address,undefined ;;
		-fsanitize=*fuzzer*) ;;
		*) set -- "$@" "$1" ;;
		esac
		shift
	done
	shift
	exec $cache gcc "$@"
fi
exec $cache clang -include "$dir/cc_compat.h" "$@"
