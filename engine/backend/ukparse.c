/*
 * ukparse.c — the parts of CuPy's user kernels both backends share: the
 * parameter lists, scalar packing and grid/block dimensions (ukparse.h).
 * Generates no code and runs none.
 */
#include <stdio.h>
#include <string.h>
#include "lang/value.h"
#include "lang/error.h"
#include "lang/args.h"
#include "array/arrapi.h"
#include "array/dtype.h"
#include "backend/ukparse.h"

/* "float32 x, T y, raw T z" */
int uk_parse_params(struct eval *ev, const char *s, struct uk_param *p, int max)
{
	int n = 0;
	char buf[1024], *save = NULL;
	snprintf(buf, sizeof buf, "%s", s);
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char w[3][64];
		int nw = sscanf(tok, "%63s %63s %63s", w[0], w[1], w[2]);
		if (nw < 2 || n >= max) {
			err_set(ev, TY_ValueError, "Invalid parameter: %s", tok);
			return -1;
		}
		memset(&p[n], 0, sizeof p[n]);
		p[n].raw = nw == 3 && !strcmp(w[0], "raw");
		snprintf(p[n].type, sizeof p[n].type, "%s", w[nw - 2]);
		snprintf(p[n].name, sizeof p[n].name, "%s", w[nw - 1]);
		p[n].dtype = dt_from_string(p[n].type);
		if (p[n].dtype < 0) {
			/* the C names CuPy accepts */
			static const struct { const char *c; int dt; } cn[] = {
				{"float", DT_FLOAT32}, {"double", DT_FLOAT64}, {"int", DT_INT32},
				{"long", DT_INT64}, {"bool", DT_BOOL}, {"float16", DT_FLOAT16},
				{"complex64", DT_COMPLEX64}, {"complex128", DT_COMPLEX128}};
			for (unsigned i = 0; i < sizeof cn / sizeof cn[0]; i++)
				if (!strcmp(cn[i].c, p[n].type))
					p[n].dtype = cn[i].dt;
		}
		n++;
	}
	return n;
}

void uk_pack_as(const struct npscalar *s, int dt, union uk_val *out)
{
	struct npscalar c;
	arr_scalar_cast(s, dt, &c);
	memset(out, 0, sizeof *out);
	switch (dt) {
	case DT_BOOL: out->b[0] = c.v.b; break;
	case DT_UINT8: case DT_INT8: out->b[0] = (unsigned char)(c.v.i & 0xff); break;
	case DT_INT16: case DT_UINT16: { short x = (short)c.v.i; memcpy(out->b, &x, 2); break; }
	case DT_INT32: case DT_UINT32: { int x = (int)c.v.i; memcpy(out->b, &x, 4); break; }
	case DT_INT64: case DT_UINT64: memcpy(out->b, &c.v.i, 8); break;
	case DT_FLOAT16: { _Float16 h = (_Float16)c.v.f; memcpy(out->b, &h, 2); break; }
	case DT_FLOAT32: out->f = (float)c.v.f; break;
	case DT_FLOAT64: out->d = c.v.f; break;
	case DT_COMPLEX64: { float z[2] = {(float)__real__ c.v.c, (float)__imag__ c.v.c}; memcpy(out->b, z, 8); break; }
	default: { double z[2] = {__real__ c.v.c, __imag__ c.v.c}; memcpy(out->b, z, 16); break; }
	}
}

/* the parameters of `name`'s __global__ definition in CUDA C code: the
 * count, or -1 when it is not found */
int uk_count_params(const char *code, const char *name)
{
	size_t n = strlen(name);
	if (!code || !n)
		return -1;
	for (const char *p = strstr(code, name); p; p = strstr(p + 1, name)) {
		const char *q = p + n;
		if ((p > code && (p[-1] == '_' || (p[-1] | 32) - 'a' < 26u || p[-1] - '0' < 10u))
		    || *q == '_' || (*q | 32) - 'a' < 26u || *q - '0' < 10u)
			continue;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
		if (*q != '(')
			continue;
		/* a definition: __global__ between the previous ';' or '}' and the name */
		const char *b = p;
		while (b > code && b[-1] != ';' && b[-1] != '}' && b[-1] != '{')
			b--;
		int glob = 0;
		for (const char *g = strstr(b, "__global__"); g && g < p; g = strstr(g + 1, "__global__"))
			glob = 1;
		if (!glob)
			continue;
		int depth = 0, count = 0, any = 0;
		const char *start = q + 1;
		for (q++; *q; q++) {
			if (*q == '(' || *q == '<' || *q == '[')
				depth++;
			else if ((*q == ')' || *q == '>' || *q == ']') && depth > 0)
				depth--;
			else if (*q == ')')
				break;
			else if (*q == ',' && depth == 0)
				count++;
			else if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r')
				any = 1;
		}
		if (!*q)
			return -1;
		if (!any || (q - start >= 4 && !count && strstr(start, "void") && strstr(start, "void") < q
			     && !memchr(start, '*', (size_t)(q - start))))
			return 0;
		return count + 1;
	}
	return -1;
}

int uk_dims(struct eval *ev, struct value *v, unsigned d[3], const char *what)
{
	int64_t x;
	d[0] = d[1] = d[2] = 1;
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		if (v->u.seq.n < 1 || v->u.seq.n > 3) {
			err_set(ev, TY_ValueError, "%s must be a tuple of 1 to 3 ints", what);
			return -1;
		}
		for (size_t i = 0; i < v->u.seq.n; i++) {
			if (val_as_int64(ev, v->u.seq.items[i], &x) < 0)
				return -1;
			if (x < 0 || x > 0x7fffffff) {
				err_set(ev, TY_ValueError, "%s out of range: %lld", what, (long long)x);
				return -1;
			}
			d[i] = (unsigned)x;
		}
		return 0;
	}
	if (val_as_int64(ev, v, &x) < 0)
		return -1;
	if (x < 0 || x > 0x7fffffff) {
		err_set(ev, TY_ValueError, "%s out of range: %lld", what, (long long)x);
		return -1;
	}
	d[0] = (unsigned)x;
	return 0;
}

struct value *uk_get_global(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *name;
	(void)bi;
	if (args_parse(ev, "get_global", argc, argv, kw, "name", &name) < 0)
		return NULL;
	return err_set(ev, TY_NotImplementedError, "RawModule.get_global('%s'): arrays over a module's globals "
		       "(cp.ndarray(memptr=...)) are outside Lumen; pass the value as a kernel argument",
		       val_as_cstr(name) ? val_as_cstr(name) : "?");
}
