/*
 * dtype.c — the dtype table and NumPy 2's promotion rules (NEP 50).
 *
 * Owns nothing at run time: every function here is pure.
 */
#include <string.h>
#include "array/dtype.h"
#include "lang/value.h"

/* ORDER DT */
const struct dtype_info dtype_table[DT_COUNT] = {
	{"bool",       DK_BOOL,    '?', 1,  "|b1",  "bool"},
	{"int8",       DK_INT,     'b', 1,  "|i1",  "signed char"},
	{"int16",      DK_INT,     'h', 2,  "<i2",  "short"},
	{"int32",      DK_INT,     'i', 4,  "<i4",  "int"},
	{"int64",      DK_INT,     'l', 8,  "<i8",  "long long"},
	{"uint8",      DK_UINT,    'B', 1,  "|u1",  "unsigned char"},
	{"uint16",     DK_UINT,    'H', 2,  "<u2",  "unsigned short"},
	{"uint32",     DK_UINT,    'I', 4,  "<u4",  "unsigned int"},
	{"uint64",     DK_UINT,    'L', 8,  "<u8",  "unsigned long long"},
	{"float16",    DK_FLOAT,   'e', 2,  "<f2",  "__half"},
	{"float32",    DK_FLOAT,   'f', 4,  "<f4",  "float"},
	{"float64",    DK_FLOAT,   'd', 8,  "<f8",  "double"},
	{"complex64",  DK_COMPLEX, 'F', 8,  "<c8",  "complex<float>"},
	{"complex128", DK_COMPLEX, 'D', 16, "<c16", "complex<double>"},
};

/* Rank of a dtype within its kind, by size: used for the promotion rules. */
static int bits(int dt) { return dtype_table[dt].itemsize * 8; }

static int int_of_bits(int b, int is_unsigned)
{
	switch (b) {
	case 8:  return is_unsigned ? DT_UINT8 : DT_INT8;
	case 16: return is_unsigned ? DT_UINT16 : DT_INT16;
	case 32: return is_unsigned ? DT_UINT32 : DT_INT32;
	default: return is_unsigned ? DT_UINT64 : DT_INT64;
	}
}

static int float_of_bits(int b)
{
	return b <= 16 ? DT_FLOAT16 : b <= 32 ? DT_FLOAT32 : DT_FLOAT64;
}

/* The smallest float that holds every value of an integer dtype of b bits,
 * as NumPy promotes: int8/uint8 -> float16, 16 -> float32, else float64. */
static int float_for_int_bits(int b)
{
	return b <= 8 ? DT_FLOAT16 : b <= 16 ? DT_FLOAT32 : DT_FLOAT64;
}

int dt_promote(int a, int b)
{
	char ka = dtype_table[a].kind, kb = dtype_table[b].kind;
	if (a == b)
		return a;
	if (ka == DK_BOOL)
		return b;
	if (kb == DK_BOOL)
		return a;
	if (ka == DK_COMPLEX || kb == DK_COMPLEX) {
		/* complex with x: complex wide enough for x's float */
		int fa = ka == DK_COMPLEX ? bits(a) / 2 : ka == DK_FLOAT ? bits(a)
			: bits(float_for_int_bits(bits(a)));
		int fb = kb == DK_COMPLEX ? bits(b) / 2 : kb == DK_FLOAT ? bits(b)
			: bits(float_for_int_bits(bits(b)));
		int f = fa > fb ? fa : fb;
		return f <= 32 ? DT_COMPLEX64 : DT_COMPLEX128;
	}
	if (ka == DK_FLOAT || kb == DK_FLOAT) {
		int fa = ka == DK_FLOAT ? bits(a) : bits(float_for_int_bits(bits(a)));
		int fb = kb == DK_FLOAT ? bits(b) : bits(float_for_int_bits(bits(b)));
		return float_of_bits(fa > fb ? fa : fb);
	}
	if (ka == kb) /* both signed or both unsigned */
		return bits(a) > bits(b) ? a : b;
	/* signed with unsigned: a signed type wider than the unsigned one */
	{
		int s = ka == DK_INT ? a : b, u = ka == DK_INT ? b : a;
		if (bits(s) > bits(u))
			return s;
		if (bits(u) >= 64)
			return DT_FLOAT64;
		return int_of_bits(bits(u) * 2, 0);
	}
}

int dt_promote_weak(int a, int pyclass)
{
	char k = dtype_table[a].kind;
	switch (pyclass) {
	case VT_BOOL:
		return a;
	case VT_INT:
		return k == DK_BOOL ? DT_INT64 : a;
	case VT_FLOAT:
		return (k == DK_FLOAT || k == DK_COMPLEX) ? a : DT_FLOAT64;
	case VT_COMPLEX:
		if (k == DK_COMPLEX)
			return a;
		if (a == DT_FLOAT32 || a == DT_FLOAT16)
			return DT_COMPLEX64;
		return DT_COMPLEX128;
	}
	return a;
}

int dt_can_cast(int from, int to, const char *casting)
{
	if (!casting || !strcmp(casting, "unsafe"))
		return 1;
	if (!strcmp(casting, "no") || !strcmp(casting, "equiv"))
		return from == to;
	if (dt_promote(from, to) == to)
		return 1;
	if (!strcmp(casting, "same_kind")) {
		static const char order[] = "biufc"; /* bool < int < uint? NumPy: b < i,u < f < c */
		char kf = dtype_table[from].kind, kt = dtype_table[to].kind;
		const char *pf = strchr(order, kf), *pt = strchr(order, kt);
		if (kf == DK_UINT && kt == DK_INT)
			return 1;
		if (kf == DK_INT && kt == DK_UINT)
			return 0;
		return pf && pt && pf <= pt;
	}
	return 0;
}

int dt_from_string(const char *s)
{
	static const struct { const char *name; int dt; } alias[] = {
		{"bool", DT_BOOL}, {"bool_", DT_BOOL}, {"?", DT_BOOL}, {"b1", DT_BOOL},
		{"int8", DT_INT8}, {"i1", DT_INT8}, {"b", DT_INT8}, {"byte", DT_INT8},
		{"int16", DT_INT16}, {"i2", DT_INT16}, {"h", DT_INT16}, {"short", DT_INT16},
		{"int32", DT_INT32}, {"i4", DT_INT32}, {"i", DT_INT32}, {"intc", DT_INT32},
		{"int64", DT_INT64}, {"i8", DT_INT64}, {"l", DT_INT64}, {"q", DT_INT64},
		{"int", DT_INT64}, {"int_", DT_INT64}, {"intp", DT_INT64}, {"long", DT_INT64},
		{"longlong", DT_INT64}, {"p", DT_INT64},
		{"uint8", DT_UINT8}, {"u1", DT_UINT8}, {"B", DT_UINT8}, {"ubyte", DT_UINT8},
		{"uint16", DT_UINT16}, {"u2", DT_UINT16}, {"H", DT_UINT16}, {"ushort", DT_UINT16},
		{"uint32", DT_UINT32}, {"u4", DT_UINT32}, {"I", DT_UINT32}, {"uintc", DT_UINT32},
		{"uint64", DT_UINT64}, {"u8", DT_UINT64}, {"L", DT_UINT64}, {"Q", DT_UINT64},
		{"uint", DT_UINT64}, {"uintp", DT_UINT64}, {"ulong", DT_UINT64}, {"P", DT_UINT64},
		{"float16", DT_FLOAT16}, {"f2", DT_FLOAT16}, {"e", DT_FLOAT16}, {"half", DT_FLOAT16},
		{"float32", DT_FLOAT32}, {"f4", DT_FLOAT32}, {"f", DT_FLOAT32}, {"single", DT_FLOAT32},
		{"float64", DT_FLOAT64}, {"f8", DT_FLOAT64}, {"d", DT_FLOAT64}, {"double", DT_FLOAT64},
		{"float", DT_FLOAT64}, {"float_", DT_FLOAT64},
		{"complex64", DT_COMPLEX64}, {"c8", DT_COMPLEX64}, {"F", DT_COMPLEX64},
		{"csingle", DT_COMPLEX64},
		{"complex128", DT_COMPLEX128}, {"c16", DT_COMPLEX128}, {"D", DT_COMPLEX128},
		{"complex", DT_COMPLEX128}, {"cdouble", DT_COMPLEX128}, {"complex_", DT_COMPLEX128},
	};
	if (!s)
		return -1;
	if (s[0] == '<' || s[0] == '=' || s[0] == '|')
		s++;
	for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
		if (!strcmp(alias[i].name, s))
			return alias[i].dt;
	return -1;
}

const char *dt_outside_kind(const char *s)
{
	static const struct { const char *name, *kind; } named[] = {
		{"str", "string"}, {"bytes", "string"}, {"unicode", "string"}, {"str_", "string"},
		{"bytes_", "string"}, {"object", "object"}, {"object_", "object"}, {"void", "structured"},
		{"datetime64", "datetime"}, {"timedelta64", "timedelta"},
	};
	size_t n;
	if (!s)
		return NULL;
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (!strncmp(s, named[i].name, strlen(named[i].name)) &&
		    (!s[strlen(named[i].name)] || s[strlen(named[i].name)] == '['))
			return named[i].kind;
	if (*s == '<' || *s == '>' || *s == '=' || *s == '|')
		s++;
	if (!*s)   /* '' or a lone '<': nothing past the end is read */
		return NULL;
	n = strspn(s + 1, "0123456789");
	if (strchr("SUa", *s) && !s[1 + n])
		return "string";
	if (*s == 'O' && !s[1 + n])
		return "object";
	if (*s == 'V' && n && !s[1 + n])
		return "structured";
	if ((*s == 'M' || *s == 'm') && (s[1] == '8' || s[1] == '[' || !s[1]))
		return *s == 'M' ? "datetime" : "timedelta";
	return NULL;
}

/* ORDER AB */
const char *const dt_abstract_names[AB_COUNT] = {
	"generic", "number", "integer", "signedinteger", "unsignedinteger",
	"inexact", "floating", "complexfloating", "flexible", "character",
	"str_", "bytes_", "void", "object_",
};

/* ORDER AB: each type's base (-1 for np.generic) */
static const int abstract_parent[AB_COUNT] = {
	-1, AB_GENERIC, AB_NUMBER, AB_INTEGER, AB_INTEGER,
	AB_NUMBER, AB_INEXACT, AB_INEXACT, AB_GENERIC, AB_FLEXIBLE,
	AB_CHARACTER, AB_CHARACTER, AB_FLEXIBLE, AB_GENERIC,
};

/* the type a concrete dtype's scalar type derives from directly */
static int dtype_parent(int dt)
{
	switch (dtype_table[dt].kind) {
	case DK_INT: return AB_SIGNEDINTEGER;
	case DK_UINT: return AB_UNSIGNEDINTEGER;
	case DK_FLOAT: return AB_FLOATING;
	case DK_COMPLEX: return AB_COMPLEXFLOATING;
	default: return AB_GENERIC;
	}
}

int dt_type_subclass(int a_abs, int a, int b_abs, int b)
{
	if (!b_abs)
		return !a_abs && a == b;
	if (!a_abs)
		a = dtype_parent(a);
	for (; a >= 0; a = abstract_parent[a])
		if (a == b)
			return 1;
	return 0;
}

int dt_outside_type(const char *s)
{
	const char *kind = dt_outside_kind(s);
	if (!kind)
		return -1;
	if (!strcmp(kind, "object"))
		return AB_OBJECT;
	if (!strcmp(kind, "structured"))
		return AB_VOID;
	if (strcmp(kind, "string"))
		return -1;
	if (*s == '<' || *s == '>' || *s == '=' || *s == '|')
		s++;
	return *s == 'U' || !strncmp(s, "str", 3) || !strncmp(s, "unicode", 7) ? AB_STR : AB_BYTES;
}
