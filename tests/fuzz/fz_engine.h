/*
 * fz_engine.h — what the fuzz targets that run cells share (fz_engine.c):
 * a host-mode engine, a sink that drops output, and fz_cell, which runs one
 * cell fenced by fz_guard.c (no file changes, processes, signals or sockets)
 * and bounded by a watchdog (time and live heap: KeyboardInterrupt).
 */
#ifndef LUMEN_FZ_ENGINE_H
#define LUMEN_FZ_ENGINE_H

#include <stddef.h>

/* fz_guard.c: set while a cell runs; calls refused so far */
extern volatile int fz_guard_on;
extern unsigned long fz_guard_refused;

/* Runs code (NUL-terminated) as one cell in a fresh host-mode engine, or in
 * the engine of the previous call when keep is 1.  Returns engine_execute's
 * result (0, or -1 for a Python error: both are fine for a fuzzer).  A
 * crash, a sanitizer report or a hang is the finding. */
int fz_cell(const char *code, int keep);
/* The same for size bytes that need not end in NUL. */
int fz_cell_bytes(const unsigned char *data, size_t size, int keep);
/* A directory of this process (made outside any cell) for inputs that a cell
 * reads back as files; the caller builds paths under it. */
const char *fz_tmpdir(void);

#endif
