/*
 * dtype.h — NumPy's dtypes as Lumen knows them, and their promotion rules.
 *
 * The table is the single description of a dtype for both backends: its
 * NumPy name, its character code, its size, and the C type device code uses.
 */
#ifndef LUMEN_DTYPE_H
#define LUMEN_DTYPE_H

#include <stdint.h>

/* ORDER DT: dtype_table[] in dtype.c follows this order. */
enum dtype {
	DT_BOOL,
	DT_INT8, DT_INT16, DT_INT32, DT_INT64,
	DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64,
	DT_FLOAT16, DT_FLOAT32, DT_FLOAT64,
	DT_COMPLEX64, DT_COMPLEX128,
	DT_COUNT
};

enum dtype_kind { DK_BOOL = 'b', DK_INT = 'i', DK_UINT = 'u', DK_FLOAT = 'f', DK_COMPLEX = 'c' };

struct dtype_info {
	const char *name;    /* "float32" */
	char kind;           /* enum dtype_kind */
	char code;           /* NumPy type char: '?', 'b', 'h', 'i', 'l', 'B' ... 'e', 'f', 'd', 'F', 'D' */
	int itemsize;        /* bytes */
	const char *str;     /* "<f4", "|b1" */
	const char *ctype;   /* the C / CUDA type: "float", "int64_t", "__half", "complex<float>" */
};

extern const struct dtype_info dtype_table[DT_COUNT];

static inline int dt_size(int dt) { return dtype_table[dt].itemsize; }
static inline int dt_is_int(int dt) { return dtype_table[dt].kind == DK_INT || dtype_table[dt].kind == DK_UINT; }
static inline int dt_is_float(int dt) { return dtype_table[dt].kind == DK_FLOAT; }
static inline int dt_is_complex(int dt) { return dtype_table[dt].kind == DK_COMPLEX; }
static inline int dt_is_inexact(int dt) { return dt_is_float(dt) || dt_is_complex(dt); }

/* np.result_type of two dtypes (NumPy 2 promotion table). */
int dt_promote(int a, int b);
/* NEP 50: dtype of `array op python_scalar` where the Python scalar is
 * weak; pyclass is VT_BOOL, VT_INT, VT_FLOAT or VT_COMPLEX. */
int dt_promote_weak(int a, int pyclass);
/* np.can_cast(from, to, casting="safe"/"same_kind"/"unsafe"). */
int dt_can_cast(int from, int to, const char *casting);
/* Parses 'f4', 'float32', '<f8', 'int', 'complex' ...; -1 if unknown. */
int dt_from_string(const char *s);
/* For a NumPy dtype string outside Lumen's numeric dtypes ('U5', '<S3',
 * 'str', 'O', 'M8[s]' ...): what kind of array it names ("string",
 * "object", "datetime"); NULL for anything else. */
const char *dt_outside_kind(const char *s);

/* NumPy's scalar type hierarchy above the dtypes: the abstract types
 * (np.generic, np.number, np.integer ...) and the concrete types Lumen has
 * no dtype for (np.str_, np.bytes_, np.void, np.object_).  Each is a
 * VT_DTYPE value with is_type == DT_TYPE_ABSTRACT and dtype one of these;
 * they take part in isinstance/issubclass/issubdtype, never in an array. */
#define DT_TYPE_ABSTRACT 2
/* ORDER AB: dt_abstract_names and parents in dtype.c */
enum dt_abstract {
	AB_GENERIC, AB_NUMBER, AB_INTEGER, AB_SIGNEDINTEGER, AB_UNSIGNEDINTEGER,
	AB_INEXACT, AB_FLOATING, AB_COMPLEXFLOATING, AB_FLEXIBLE, AB_CHARACTER,
	AB_STR, AB_BYTES, AB_VOID, AB_OBJECT,
	AB_COUNT
};
extern const char *const dt_abstract_names[AB_COUNT];   /* "generic", "str_" ... */
/* issubclass(a, b) of two scalar types, each a concrete dtype (abs 0) or an
 * enum dt_abstract (abs 1) */
int dt_type_subclass(int a_abs, int a, int b_abs, int b);
/* the scalar type a dtype string of a kind Lumen has no arrays of names
 * ('S1' -> AB_BYTES, 'U' -> AB_STR, 'O' -> AB_OBJECT, 'V8' -> AB_VOID); -1 if none */
int dt_outside_type(const char *s);

#endif
