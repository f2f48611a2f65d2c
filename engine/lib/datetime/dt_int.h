/*
 * dt_int.h — what the files of lib/datetime/ share: NumPy's datetime64 /
 * timedelta64 units and metadata, the calendar (proleptic Gregorian, days
 * from 1970-01-01), ISO 8601 parsing and printing, and the host-only value
 * objects (dt_value.c) that hold these arrays: int64 counts of a unit plus
 * the unit, NaT = INT64_MIN.
 *
 * The numeric dtypes (enum dtype) never see these: a datetime array is an
 * object of its own wrapping a host int64 ndarray, so every numeric path is
 * untouched and any function not written here refuses it by name.
 */
#ifndef LUMEN_DT_INT_H
#define LUMEN_DT_INT_H

#include <stdint.h>
#include "array/arrapi.h"

#define DT_NAT INT64_MIN

/* ORDER DU: coarse to fine; dt_unit_names in dt_core.c */
enum dt_unit { DU_Y, DU_M, DU_W, DU_D, DU_h, DU_m, DU_s, DU_ms, DU_us, DU_ns, DU_ps, DU_fs,
	       DU_as, DU_GENERIC, DU_COUNT };
extern const char *const dt_unit_names[DU_COUNT];

struct dt_meta {
	int unit;       /* enum dt_unit */
	int64_t num;    /* the multiplier: 25 in [25s]; >= 1 */
};

/* A moment broken down: days from 1970-01-01, seconds into the day
 * (0..86399) and attoseconds into the second (0..1e18-1). */
struct dt_moment {
	int64_t days;
	int64_t sod;
	int64_t as;
	int ovf;        /* the day count does not fit 64 bits (a year beyond 2.5e16) */
};

/* ---- dt_core.c ---- */
/* the storage of datetimes and the scratch of their functions: host
 * memory always (np's namespace; cp refuses datetimes by name) */
struct ndarray *dt_nd_new(struct eval *ev, int dtype, int ndim, const int64_t *shape);
struct ndarray *dt_asarray(struct eval *ev, struct value *v, int dtype);
/* "D", "25s", "generic": the unit text inside the brackets; -1 unknown */
int dt_parse_unit(const char *s, size_t n, struct dt_meta *m);
/* "datetime64[25s]", "M8[D]", "<m8", "timedelta64": kind 'M'/'m' and meta;
 * 0 not such a dtype string; -1 with the error set (a bad unit) */
int dt_parse_dtype_str(struct eval *ev, const char *s, char *kind, struct dt_meta *m);
/* the unit as NumPy writes it in metadata: "25s", "D", "generic" */
void dt_meta_str(const struct dt_meta *m, char *buf, size_t n);
void dt_civil(int64_t days, int64_t *y, int *mo, int *d);
int64_t dt_days_from_civil(int64_t y, int mo, int d);
/* datetime value v of meta m broken down (v not NaT) */
void dt_to_moment(int64_t v, const struct dt_meta *m, struct dt_moment *t);
/* a moment in meta m (floored); -1 with OverflowError set */
int dt_from_moment(struct eval *ev, const struct dt_moment *t, const struct dt_meta *m, int64_t *out);
/* datetime v from meta a to meta b (NaT stays NaT); -1 OverflowError */
int dt_cast_datetime(struct eval *ev, int64_t v, const struct dt_meta *a, const struct dt_meta *b,
		     int64_t *out);
/* timedelta v from a to b; Y/M <-> the linear units only when `average`
 * (astype: a year of 365.2425 days); -1 with the error set */
int dt_cast_timedelta(struct eval *ev, int64_t v, const struct dt_meta *a, const struct dt_meta *b,
		      int average, int64_t *out);
/* the common metadata of two of a kind ('M' or 'm'); -1 with NumPy's TypeError */
int dt_common_meta(struct eval *ev, char kind, const struct dt_meta *a, const struct dt_meta *b,
		   struct dt_meta *out);
/* parses an ISO 8601 string ('2005-02-25', 'NaT', 'today', 'now' ...):
 * the moment (or *nat = 1) and the unit it names; -1 with NumPy's ValueError */
int dt_parse_iso(struct eval *ev, const char *s, struct dt_moment *t, int *unit, int *nat);
/* ISO 8601 text of a moment at a unit (DU_W prints as DU_D); buf >= 64 */
void dt_format_iso(const struct dt_moment *t, int unit, char *buf, size_t n);
/* ISO text of datetime v of meta m at its own unit (NaT included); years
 * and months straight from the count, as NumPy prints them; buf >= 96 */
void dt_iso_of(int64_t v, const struct dt_meta *m, char *buf, size_t n);
/* a 128-bit integer's decimal text */
void dt_i128_str(__int128 x, char *buf, size_t n);
/* the unit 'auto' prints t at: the date alone at midnight, else minutes or
 * the finest unit that shows it without loss */
int dt_lossless_unit(const struct dt_moment *t);

/* ---- dt_value.c: the objects ---- */
/* np.dtype('M8[D]') (is_type 0) or the scalar types np.datetime64 /
 * np.timedelta64 (is_type 1, generic unit) */
struct dt_desc {
	char kind;          /* 'M' datetime64, 'm' timedelta64 */
	struct dt_meta m;
	int is_type;
};
/* a datetime64 / timedelta64 scalar or array; kind 'U' is the '<U n' string
 * array np.datetime_as_string returns (a holds indices into strs) */
struct dt_val {
	char kind;
	struct dt_meta m;
	int scalar;          /* a NumPy scalar (a is 0-d), not an array */
	struct ndarray *a;   /* host, int64, owned */
	char **strs;         /* kind 'U': one per item of a, malloc'd */
	int64_t nstrs;
	int width;           /* kind 'U': the n of '<U n' */
};

struct dt_desc *dt_desc_of(struct value *v);   /* borrowed, or NULL */
/* "datetime64[25s]" (str_form) or "<M8[25s]"; "<U n" for kind 'U' */
void dt_dtype_name(char kind, const struct dt_meta *m, char *buf, size_t n, int str_form);
struct dt_val *dt_val_of(struct value *v);     /* borrowed, or NULL */
struct value *dt_desc_new(struct eval *ev, char kind, const struct dt_meta *m, int is_type);
/* np.datetime64 ('M') / np.timedelta64 ('m'): one object each (new ref) */
struct value *dt_scalar_type(struct eval *ev, char kind);
/* steals a (NULL in, NULL out) */
struct value *dt_val_new(struct eval *ev, char kind, const struct dt_meta *m, int scalar,
			 struct ndarray *a);
/* a string array of shape (ndim, shape) taking strs (n of them) */
struct value *dt_strarr_new(struct eval *ev, int ndim, const int64_t *shape, char **strs,
			    int64_t n, int width);
/* kind and meta a dtype argument names (a dt_desc, np.datetime64, a
 * string such as 'M8[D]'): 1 yes, 0 not a datetime dtype, -1 error */
int dt_dtype_arg(struct eval *ev, struct value *v, char *kind, struct dt_meta *m);
/* np.array(obj, dtype) for a datetime/timedelta dtype (meta generic: the
 * finest unit the items name); new ref or NULL */
struct value *dt_from_obj(struct eval *ev, struct value *obj, char kind, const struct dt_meta *m,
			  int scalar);
/* one Python item (str, int, datetime scalar ...) converted; *unit gets the
 * unit it names (DU_GENERIC for ints); 0 / -1 */
int dt_item(struct eval *ev, struct value *x, char kind, const struct dt_meta *m, int64_t *out,
	    struct dt_meta *named);
/* v (a dt_val) as kind/meta; astype's rules; new ref */
struct value *dt_astype(struct eval *ev, struct value *v, char kind, const struct dt_meta *m);
/* items of a dt_val as a C-contiguous host int64 array (new ref) */
struct ndarray *dt_items(struct eval *ev, struct dt_val *d);

/* np.mean / np.min / np.max / np.sum of a datetime value (what: "mean" ...),
 * over all items; the arguments after the array */
struct value *dt_reduce(struct eval *ev, struct value *self, const char *what, int argc,
			struct value **argv, const struct kwargs *kw);

/* ---- dt_arith.c: the objects' operators (objtype binop / unop) ---- */
struct value *dt_binop(struct eval *ev, enum binop op, struct value *l, struct value *r);
struct value *dt_unop(struct eval *ev, enum unop op, struct value *self);

/* ---- dt_busday.c ---- */
/* a NumPy datetime64[D] array (or scalar) of v: int64 day counts, new ref */
struct ndarray *dt_days_of(struct eval *ev, struct value *v, int *scalar);

#endif
