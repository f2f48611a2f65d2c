/*
 * t-index.c — TAP tests of index.c / indexfn.c: NumPy indexing read and
 * write through the engine (expected output generated from NumPy by
 * tools/gen/shape_cases.py), and direct checks of arr_getitem/arr_setitem
 * on arrays built with nd_new: views share the buffer, fancy results don't,
 * full integer keys give NumPy scalars, errors are IndexError.
 */
#include "shape_harness.h"
#include "array/arrapi.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "engine.h"
#include "lang/core.h"

static const struct shape_case cases[] = {
#include "index_cases.h"
};

static struct ndarray *arange34(struct eval *ev)
{
	int64_t shape[2] = {3, 4};
	struct ndarray *a = nd_new(ev, &backend_host, DT_INT64, 2, shape);
	for (int i = 0; a && i < 12; i++)
		((int64_t *)nd_data(a))[i] = i;
	return a;
}

static void direct_checks(void)
{
	engine_init_layers();
	struct eval *ev = ev_new();
	struct ndarray *a = ev ? arange34(ev) : NULL;
	struct value *av = a ? val_ndarray_new(a) : NULL, *key, *r;
	if (!av) {
		sh_ok(0, "direct: setup");
		return;
	}
	/* a[1:] is a view of the same buffer */
	key = val_slice_new(val_int(1), val_none(), val_none());
	r = arr_getitem(ev, av, key);
	sh_ok(r && r->type == VT_NDARRAY && r->u.arr->buf == a->buf && r->u.arr->offset == 32
	      && r->u.arr->shape[0] == 2 && r->u.arr->shape[1] == 4, "direct: a[1:] is a view");
	val_decref(r);
	val_decref(key);
	/* a[1, 2] is np.int64(6) */
	{
		struct value *items[2] = {val_int(1), val_int(2)};
		key = val_tuple_new(2, items);
	}
	r = arr_getitem(ev, av, key);
	sh_ok(r && r->type == VT_SCALAR && r->u.sc.dtype == DT_INT64 && r->u.sc.v.i == 6,
	      "direct: a[1, 2] is a NumPy scalar");
	val_decref(r);
	val_decref(key);
	/* a[[2, 0]] is a copy with rows 2 and 0 */
	{
		struct value *items[2] = {val_int(2), val_int(0)};
		key = val_list_new(2, items);
	}
	r = arr_getitem(ev, av, key);
	{
		struct ndarray *o = r ? arr_borrow(r) : NULL;
		int good = o && o->buf != a->buf && o->ndim == 2 && o->shape[0] == 2;
		for (int i = 0; good && i < 4; i++)
			good = ((int64_t *)nd_data(o))[i] == 8 + i && ((int64_t *)nd_data(o))[4 + i] == i;
		sh_ok(good, "direct: a[[2, 0]] gathers rows into a new buffer");
	}
	val_decref(r);
	val_decref(key);
	/* a[::-1] = 7 writes every element through a negative stride */
	key = val_slice_new(val_none(), val_none(), val_int(-1));
	{
		struct value *seven = val_int(7);
		int rc = arr_setitem(ev, av, key, seven);
		int good = rc == 0;
		for (int i = 0; good && i < 12; i++)
			good = ((int64_t *)nd_data(a))[i] == 7;
		sh_ok(good, "direct: a[::-1] = 7");
		val_decref(seven);
	}
	val_decref(key);
	/* a[3] raises IndexError and returns NULL */
	key = val_int(3);
	r = arr_getitem(ev, av, key);
	{
		struct value *exc = err_fetch(ev);
		sh_ok(!r && exc && exc->type == VT_EXCEPTION && exc->u.exc.type == TY_IndexError
		      && exc->u.exc.msg && strstr(exc->u.exc.msg, "index 3 is out of bounds for axis 0 with size 3"),
		      "direct: a[3] is an IndexError");
		val_decref(exc);
	}
	val_decref(r);
	val_decref(key);
	val_decref(av);
	ev_free(ev);
}

int main(void)
{
	int n = (int)(sizeof cases / sizeof cases[0]);
	printf("1..%d\n", n + 5);
	direct_checks();
	sh_run_cases("index", cases, n);
	return 0;
}
