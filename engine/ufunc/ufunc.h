/*
 * ufunc.h — the ufunc table, the single source for both backends (DESIGN.md
 * "Elementwise work is an expression tree"): per ufunc its arity, identity
 * and loops in NumPy's order; per loop its type signature ("ff->f"), a host
 * inner loop and the CUDA C expression the NVRTC code generator prints.
 *
 * The table and the loops are generated (tools/gen/uloops.py -> uloops.c);
 * type resolution (NumPy's, with NEP 50 weak Python scalars), building
 * expression trees and calling the backend live in ufunc.c.  Owns no memory.
 */
#ifndef LUMEN_UFUNC_H
#define LUMEN_UFUNC_H

#include <stdint.h>
#include "array/dtype.h"
#include "backend/backend.h"

/* NumPy's inner loop: args[0..nin-1] inputs, args[nin] the output; steps in
 * bytes (0 = the same element every time); n elements. */
typedef void (*uf_loopfn)(char **args, const int64_t *steps, int64_t n);
/* dst[i] = (to)src[i], n elements, strides in bytes. */
typedef void (*uf_castfn)(const char *src, int64_t ss, char *dst, int64_t ds, int64_t n);

/* A loop.  cexpr is the CUDA C expression of one element: inputs are named
 * in0, in1, in2 and have the C type of their type character (dtype_table's
 * ctype; float16 inputs are given as float and the result is rounded to
 * __half by the generator).  Complex expressions use C99 names (csinf, cexp,
 * cabs ...) and uf_helpers.h functions, which the CUDA side provides for its
 * complex type.  Results of '?' loops are converted with (x != 0). */
struct uf_loop {
	const char *sig;        /* "ff->f": input chars, "->", output chars */
	uf_loopfn fn;
	const char *cexpr;      /* "in0 + in1", "sinf(in0)", "uf_floordiv_l(in0, in1)" */
};

/* NumPy's ufunc.identity; UI_REORDER: none, but a reduction over several
 * axes may reorder (maximum, minimum, fmax, fmin) */
enum uf_identity { UI_NONE, UI_ZERO, UI_ONE, UI_MINUSONE, UI_NEGINF, UI_TRUE, UI_FALSE, UI_REORDER };

struct ufunc {
	const char *name;       /* "add" */
	int nin, nout;
	int identity;           /* enum uf_identity: reductions start from it */
	const struct uf_loop *loops;
	int nloops;
};

extern const struct ufunc ufunc_table[];
extern const int ufunc_count;
extern const uf_castfn uf_cast[DT_COUNT][DT_COUNT];

/* Index of ufunc `name` in ufunc_table ("divide" and "true_divide" are
 * distinct rows with the same loops), or -1. */
int uf_lookup(const char *name);
/* dtype of a loop type character ('f' -> DT_FLOAT32), -1 if unknown. */
int uf_char_dtype(char c);
/* The dtype of input i / output 0 of a loop. */
int uf_loop_in(const struct uf_loop *l, int i);
int uf_loop_out(const struct uf_loop *l);

/* One operand for type resolution: its dtype and whether it is a weak
 * Python scalar (pyclass VT_BOOL/VT_INT/VT_FLOAT/VT_COMPLEX; 0 = strong:
 * an array or a NumPy scalar).  ival/fval: the Python scalar's value, to
 * check `int8 array + 300` (OverflowError). */
struct uf_operand {
	int dtype;
	int pyclass;
	int64_t ival;
};

/* NumPy's type resolution: the index of the loop of ufunc uf that serves
 * these operands (first loop all inputs cast to safely, after NEP 50 turned
 * weak scalars into the strong operands' dtypes).  Fills dts[i] with the
 * dtype each input is cast to.  -1 with TypeError/OverflowError set. */
int uf_resolve(struct eval *ev, int uf, int nin, const struct uf_operand *ops, int *dts);

/* What one ufunc application computes, as apply and the statement fuser
 * (fuse.c) both decide it: the loop, the dtype each input is cast to, the
 * output dtype; power with a float scalar exponent of 2, 0.5 or -1 becomes
 * square / sqrt / reciprocal with nin 1 (NumPy's fast paths). */
struct uf_plan { int uf, nin, loop, odt, dts[EW_MAXARGS]; };
/* uo: the operands; sc[i]: the value of scalar operand i (NULL for arrays
 * and anything not known yet); arr[i]: array operand i when it exists
 * (host integer exponents are checked for negative values).  0, or -1 with
 * TypeError / OverflowError / ValueError set. */
int uf_plan(struct eval *ev, int uf, int nin, const struct uf_operand *uo,
	    const struct npscalar *const *sc, const struct ndarray *const *arr,
	    struct uf_plan *p);

/* Evaluates ufunc uf on values in[0..nin-1] (arrays, NumPy or Python
 * scalars, nested lists) on backend be, broadcasting; out (may be NULL) is
 * an array to write into with casting='same_kind'.  Returns the result as
 * arr_result would (a NumPy scalar for 0-d host results), or out itself
 * (new reference) when given.  NULL with the error set. */
struct value *uf_apply(struct eval *ev, const struct backend *be, int uf, int nin,
		       struct value **in, struct value *out);
/* The same, array in, array out (never a scalar). */
/* NumPy's order='K' for operands ops[0..nops) of one shape (the nditer's
 * insertion sort by |stride|; a size-1 or broadcast axis has no say, and
 * where operands disagree C order wins): perm[k] is the axis at memory
 * position k, outermost first.  Returns 1 when that is not C order. */
int uf_k_order(struct ndarray *const *ops, int nops, int ndim, const int64_t *shape, int *perm);

/* A new array for the result of an elementwise tree over ops (each of the
 * result's shape, broadcast views allowed): on the host laid out as the
 * operands are (NumPy's order='K': A.T + 1 is F-ordered and runs as one
 * contiguous loop); C order on devices, for size-1 or empty shapes, and
 * where the operands disagree.  New reference, or NULL with the error set. */
struct ndarray *uf_new_result(struct eval *ev, const struct backend *be, int dtype, int ndim,
			      const int64_t *shape, struct ndarray *const *ops, int nops);
struct ndarray *uf_apply_arrays(struct eval *ev, const struct backend *be, int uf,
				int nin, struct value **in, struct ndarray *out);

/* Host evaluation of a tree into out (backend_host's elementwise). */
int uf_host_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out);
/* Host copy with cast between any layouts (backend_host's copy). */
int uf_host_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src);

/* Fills the operator slots of ndarrays and NumPy scalars and the ufunc
 * objects' repr and attributes (lang/value.h); idempotent. */
void uf_register_slots(void);
/* The @ operator on arrays: numerics' linalg_matmul, registered at start-up
 * (engine_init_layers); without it @ raises NotImplementedError. */
void uf_set_matmul(struct value *(*fn)(struct eval *ev, struct value *l, struct value *r));

#endif
