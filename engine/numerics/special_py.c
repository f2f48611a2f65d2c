/*
 * special_py.c — the scipy.special functions SciPy writes in Python, in the
 * cell language: factorial (exact= with Python's integers, extend='zero'
 * or 'complex', SciPy's messages), from scipy/special/_basic.py's
 * _factorialx_wrapper for k = 1.  The source runs once, when scipy.special
 * is built (arr_hooks.special_objects), in a namespace of its own; complex
 * arguments stay a named error (Lumen's gamma is real).  Host only: CuPy
 * has no factorial.  Owns nothing after the build.
 */
#include <stdio.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "array/arrfuncs.h"

static const char special_src[] =
	"import math\n"
	"import numpy as np\n"
	"from scipy.special import gamma as _gamma\n"
	"\n"
	"\n"
	"def _is(t, kinds):\n"
	"    py = {'i': int, 'f': float, 'c': complex}\n"
	"    m = {'i': np.integer, 'f': np.floating, 'c': np.complexfloating}\n"
	"    for k in kinds:\n"
	"        if t is py[k]:\n"
	"            return True\n"
	"        if any(t is x for x in (int, float, complex, bool, str, bytes, type(None))):\n"
	"            continue\n"
	"        try:\n"
	"            if np.issubdtype(t, m[k]):\n"
	"                return True\n"
	"        except Exception:\n"
	"            return False\n"
	"    return False\n"
	"\n"
	"\n"
	"def _gamma1p(vals):\n"
	"    res = _gamma(vals + 1)\n"
	"    if isinstance(res, np.ndarray):\n"
	"        res[vals == -1] = np.nan\n"
	"    elif np.isinf(res) and vals == -1:\n"
	"        res = np.float64('nan')\n"
	"    return res\n"
	"\n"
	"\n"
	"def factorial(n, exact=False, extend='zero'):\n"
	"    if extend not in ('zero', 'complex'):\n"
	"        raise ValueError(\"argument `extend` must be either 'zero' or 'complex', received: %s\" % (extend,))\n"
	"    if exact and extend == 'complex':\n"
	"        raise ValueError(\"Incompatible options: `exact=True` and `extend='complex'`\")\n"
	"    msg_unsup = ('Unsupported data type for `n` in factorial: %s\\n'\n"
	"                 'Permitted data types are integers and floating point numbers, '\n"
	"                 \"as well as complex numbers if `extend='complex' is passed.\")\n"
	"    msg_exact = '`exact=True` only supports integers, cannot use data type %s'\n"
	"    msg_complex = ('In order to use non-integer arguments, you must opt into this by passing '\n"
	"                   \"`extend='complex'`. Note that this changes the result for all negative \"\n"
	"                   'arguments (which by default return 0).')\n"
	"    if n is None:\n"
	"        return np.float64('nan')\n"
	"    if isinstance(n, (str, bytes)):\n"
	"        raise ValueError(msg_unsup % (type(n),))\n"
	"    if np.ndim(n) == 0 and not isinstance(n, np.ndarray):\n"
	"        t = type(n)\n"
	"        if n is not None and (isinstance(n, bool) or not _is(t, 'ifc')):\n"
	"            raise ValueError(msg_unsup % (t,))\n"
	"        if n is not None and _is(t, 'c'):\n"
	"            if extend != 'complex':\n"
	"                raise ValueError(msg_complex)\n"
	"            raise NotImplementedError('factorial of complex numbers is not supported by Lumen')\n"
	"        if n is None or np.isnan(n):\n"
	"            return np.float64('nan')\n"
	"        if extend == 'zero' and n < 0:\n"
	"            return 0 if exact else np.float64(0)\n"
	"        if n == 0 or n == 1:\n"
	"            return 1 if exact else np.float64(1)\n"
	"        if exact and _is(t, 'i'):\n"
	"            return math.factorial(int(n))\n"
	"        if exact:\n"
	"            raise ValueError(msg_exact % (t,))\n"
	"        return _gamma1p(n)\n"
	"    n = np.asarray(n)\n"
	"    if n.dtype == np.bool_ or not _is(n.dtype, 'ifc'):\n"
	"        raise ValueError(msg_unsup % (n.dtype,))\n"
	"    if _is(n.dtype, 'c'):\n"
	"        if extend != 'complex':\n"
	"            raise ValueError(msg_complex)\n"
	"        raise NotImplementedError('factorial of complex numbers is not supported by Lumen')\n"
	"    if exact and _is(n.dtype, 'f'):\n"
	"        raise ValueError(msg_exact % (n.dtype,))\n"
	"    if n.size == 0:\n"
	"        return n\n"
	"    if exact:\n"
	"        if n.max() > 20:\n"
	"            raise NotImplementedError('factorial(exact=True) of an array with items over 20 '\n"
	"                                      'needs an object array: Lumen has no object arrays')\n"
	"        out = np.empty_like(n, dtype=np.int64)\n"
	"        out[...] = 1\n"
	"        for v in np.unique(n):\n"
	"            if v > 1:\n"
	"                out[n == v] = math.factorial(int(v))\n"
	"        out[n < 0] = 0\n"
	"        return out\n"
	"    if extend == 'complex':\n"
	"        return np.array(_gamma1p(n))\n"
	"    result = np.zeros(n.shape)\n"
	"    result[np.isnan(n)] = np.nan\n"
	"    cond = n >= 0\n"
	"    result[cond] = _gamma1p(n[cond])\n"
	"    return result\n";

int arr_special_objects(struct eval *ev, struct value *mod, int cupy)
{
	if (cupy)
		return 0;
	struct value *g = val_dict_new(), *saved = ev->globals;
	if (!g || dict_setstr(g, "__name__", val_cstr("scipy.special")) < 0) {
		val_decref(g);
		return err_nomem(ev), -1;
	}
	ev->globals = g;
	int rc = ev_exec_source(ev, special_src, sizeof special_src - 1, "<scipy.special>", 0, 0, NULL);
	ev->globals = saved;
	struct value *f = rc == 0 ? dict_getstr_borrow(g, "factorial") : NULL;
	if (rc == 0 && (!f || module_add(mod, "factorial", val_incref(f)) < 0))
		rc = -1, err_nomem(ev);
	val_decref(g);
	return rc;
}
