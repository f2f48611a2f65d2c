/*
 * fz-eval.c — libFuzzer target: the evaluator on generated cells, host mode
 * (engine/engine.h through fz_engine.c).  Each input is one cell in a fresh
 * engine, fenced by fz_guard.c (no file changes, `!cmd`, processes,
 * signals or sockets: refused with EACCES) and stopped by KeyboardInterrupt
 * after FZ_CELL_MS ms or FZ_CELL_MB MB of live heap.  A Python error is a
 * fine outcome; a crash, a sanitizer report, a leak or a hang is a finding.
 */
#include <stddef.h>
#include <stdint.h>

#include "fz_engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 64 << 10) /* the lexer and parser have their own target */
		return 0;
	fz_cell_bytes(data, size, 0);
	return 0;
}
