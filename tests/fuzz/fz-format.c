/*
 * fz-format.c — libFuzzer target: the format-spec mini-language and the `%`
 * formatters (engine/lang/strformat.c, bytes %, NumPy scalars' __format__),
 * through host-mode cells (fz_engine.c).  Input: a value selector byte, a
 * mode byte, then the format string.  The string reaches the cell as an
 * escaped bytes literal decoded as UTF-8, so every input is a well-formed
 * cell and only the formatter sees the fuzzed text.  One engine serves every
 * input (the cells change no state).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fz_engine.h"

static const char *const VALUES[] = {
	"0", "-7", "255", "10**30", "-2**63", "3.5", "-0.0", "float('nan')",
	"float('-inf')", "1e-300", "1.7976931348623157e308", "2.5+1j", "-1j",
	"'abc'", "'\\u00f1\\u00fc\\U0001f600'", "''", "True", "None", "[1, 'a']",
	"(1, 2.5)", "{'a': 1, 'b': 'x'}", "np.float32(1.25)", "np.int8(-5)",
	"np.uint64(2**64-1)", "np.float64(1/3)", "np.complex64(1-2j)",
	"np.bool_(True)", "np.array(3.5)", "np.float16(0.1)", "b'xy'",
	"12345678901234567890", "0.1", "np.int64(-2**63)", "np.array([1, 2])",
};
#define NVALUES (sizeof VALUES / sizeof VALUES[0])

/* modes: the expression formatting V (and W) with the fuzzed string S */
static const char *const MODES[] = {
	"r = format(V, S)",
	"r = S %% V",
	"r = S %% (V, W)",
	"r = S %% {'a': V, 'b': W}",
	"r = S.format(V, W, k=V)",
	"r = f'{V:{S}}'",
	"r = B %% V",
	"r = B %% (V, W)",
	"r = '{:' + S + '}'; r = r.format(V)",
	"r = np.format_float_positional(V, precision=len(S) %% 20)",
};
#define NMODES (sizeof MODES / sizeof MODES[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || size > 4096)
		return 0;
	const char *v = VALUES[data[0] % NVALUES], *w = VALUES[(data[0] / NVALUES + 1) % NVALUES];
	const char *mode = MODES[data[1] % NMODES];
	data += 2, size -= 2;
	size_t cap = 4 * size + 4 * strlen(mode) + 1024;
	char *lit = malloc(4 * size + 1), *code = malloc(cap), *p = lit;
	if (!lit || !code)
		abort();
	for (size_t i = 0; i < size; i++)
		p += sprintf(p, "\\x%02x", data[i]);
	*p = 0;
	/* the mode's V/W/S/B become variables set before it */
	char expr[512];
	snprintf(expr, sizeof expr, mode, 0);
	snprintf(code, cap,
		 "import numpy as np\n"
		 "B = b'%s'\n"
		 "S = B.decode('utf-8', 'replace')\n"
		 "V = %s\n"
		 "W = %s\n"
		 "try:\n"
		 "    %s\n"
		 "except (ValueError, TypeError, KeyError, IndexError, OverflowError, NotImplementedError):\n"
		 "    pass\n",
		 lit, v, w, expr);
	fz_cell(code, 1);
	free(lit);
	free(code);
	return 0;
}
