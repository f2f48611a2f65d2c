/*
 * random_mvn.c — multivariate_normal for the legacy functions, RandomState
 * and Generator, composed as NumPy's Python/Cython composes it: standard
 * normal draws of the object's own stream, the SVD of cov (the Generator's
 * method= also eigh or cholesky; the PSD check and RuntimeWarning /
 * ValueError), then x @ factor + mean.  Owns no state;
 * written once for np and cp through namespace calls (array/nscall.h).
 */
#include <string.h>
#include "random/random_int.h"
#include "array/nscall.h"
#include "lang/error.h"
#include "ufunc/fpe.h"

/* np.random.multivariate_normal(mean, cov, size=None, check_valid='warn', tol=1e-8)
 * Generator: (..., *, method='svd') */
static struct value *mvn(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw, int gen)
{
	struct value *mv, *cv, *sv = NULL, *chk = NULL, *tolv = NULL, *methv = NULL;
	if (args_parse(ev, "multivariate_normal", argc, argv, kw,
		       gen ? "mean,cov|size,check_valid,tol,$method" : "mean,cov|size,check_valid,tol",
		       &mv, &cv, &sv, &chk, &tolv, &methv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	const char *method = methv ? val_as_cstr(methv) : "svd";
	const char *check = chk ? val_as_cstr(chk) : "warn";
	if (!method || (strcmp(method, "svd") && strcmp(method, "eigh") && strcmp(method, "cholesky")))
		return err_set(ev, TY_ValueError, "method must be one of {'eigh', 'svd', 'cholesky'}");
	int meth = !strcmp(method, "svd") ? 0 : !strcmp(method, "eigh") ? 1 : 2;
	if (meth != 2 && (!check || (strcmp(check, "warn") && strcmp(check, "raise") && strcmp(check, "ignore"))))
		return err_set(ev, TY_ValueError, "check_valid must equal 'warn', 'raise', or 'ignore'");
	struct ndarray *mean = arr_asarray(ev, be, mv, -1), *cov = mean ? arr_asarray(ev, be, cv, -1) : NULL;
	struct value *r = NULL;
	if (!cov)
		goto out;
	if (mean->ndim != 1) {
		err_set(ev, TY_ValueError, "mean must be 1 dimensional");
		goto out;
	}
	if (cov->ndim != 2 || cov->shape[0] != cov->shape[1]) {
		err_set(ev, TY_ValueError, "cov must be 2 dimensional and square");
		goto out;
	}
	if (mean->shape[0] != cov->shape[0]) {
		err_set(ev, TY_ValueError, "mean and cov must have same length");
		goto out;
	}
	/* final_shape = size + (n,) */
	int nd = 0;
	int64_t shape[ND_MAXDIM];
	if (sv && sv->type != VT_NONE && arr_parse_shape(ev, sv, &nd, shape) < 0)
		goto out;
	if (nd >= ND_MAXDIM) {
		err_set(ev, TY_ValueError, "size has too many dimensions");
		goto out;
	}
	int64_t n = mean->shape[0];
	shape[nd++] = n;
	struct value *fshape, *items[ND_MAXDIM];
	for (int i = 0; i < nd; i++)
		items[i] = val_int(shape[i]);
	fshape = val_list_new((size_t)nd, items);
	struct value *x = bi->self ? arr_method_call(ev, bi->self, "standard_normal", 1, &fshape, NULL)
				   : arr_ns_call(ev, be, "random.standard_normal", 1, &fshape, NULL);
	val_decref(fshape);
	if (!x)
		goto out;
	int64_t rs[2] = {-1, n};
	struct ndarray *x2 = arr_reshape(ev, x->u.arr, 2, rs);
	val_decref(x);
	x = arr_wrap(ev, x2);
	struct ndarray *cd = arr_astype(ev, cov, DT_FLOAT64);
	struct value *covd = arr_wrap(ev, cd);
	/* svd: (u, s, vh); eigh: (s, u); cholesky: l */
	struct value *usv = covd ? arr_ns_call(ev, be, meth == 0 ? "linalg.svd" : meth == 1 ? "linalg.eigh"
						  : "linalg.cholesky", 1, &covd, NULL) : NULL;
	if (!x || !usv) {
		val_decref(x);
		val_decref(covd);
		val_decref(usv);
		goto out;
	}
	struct value *u = NULL, *s = NULL, *vh = NULL;
	if (meth == 0) {
		u = usv->u.seq.items[0];
		s = usv->u.seq.items[1];
		vh = usv->u.seq.items[2];
	} else if (meth == 1) {
		s = usv->u.seq.items[0];
		u = usv->u.seq.items[1];
	}
	int ok = 1;
	if (meth == 1 && strcmp(check, "ignore")) {
		/* psd = not np.any(s < -tol) */
		double tol = 1e-8;
		struct ndarray *sh = (tolv && val_as_double(ev, tolv, &tol) < 0) ? NULL : arr_host_c(ev, arr_borrow(s), DT_FLOAT64);
		int psd = 1;
		if (!sh)
			ok = 0;
		for (int64_t i = 0; sh && i < nd_size(sh); i++)
			psd &= !(((const double *)nd_data(sh))[i] < -tol);
		nd_decref(sh);
		if (ok && !psd && !strcmp(check, "raise")) {
			err_set(ev, TY_ValueError, "covariance is not symmetric positive-semidefinite.");
			ok = 0;
		} else if (ok && !psd)
			ev_warn(ev, "RuntimeWarning", "covariance is not symmetric positive-semidefinite.");
	}
	if (meth == 0 && strcmp(check, "ignore")) {
		/* psd = allclose(dot(v.T * s, v), cov, rtol=tol, atol=tol) */
		struct value *vt = val_getattr(ev, vh, "T");
		struct value *d = ex_fn2(ev, be, "dot", ex_bin(ev, OP_MUL, vt, val_incref(s)), val_incref(vh));
		struct value *tol = tolv ? val_incref(tolv) : val_float(1e-8);
		const char *kn[2] = {"rtol", "atol"};
		struct value *kvv[2] = {tol, tol};
		struct kwargs k = {2, kn, kvv};
		struct value *cl = d ? arr_ns_call(ev, be, "allclose", 2, (struct value *[]){d, covd}, &k) : NULL;
		int psd = cl ? val_truth(ev, cl) : -1;
		val_decref(d);
		val_decref(tol);
		val_decref(cl);
		if (psd < 0)
			ok = 0;
		else if (!psd && !strcmp(check, "raise")) {
			err_set(ev, TY_ValueError, "covariance is not symmetric positive-semidefinite.");
			ok = 0;
		} else if (!psd) {
			ev_warn(ev, "RuntimeWarning", "covariance is not symmetric positive-semidefinite.");
		}
	}
	struct value *res = NULL;
	if (ok && gen) {
		/* x = mean + x @ factor.T: l, u * sqrt(abs(s)) (eigh) or u * sqrt(s) */
		struct value *f = meth == 2 ? val_incref(usv)
			: ex_bin(ev, OP_MUL, val_incref(u), ex_fn1(ev, be, "sqrt", meth == 1 ? ex_fn1(ev, be, "absolute",
				 val_incref(s)) : val_incref(s)));
		struct value *ft = f ? val_getattr(ev, f, "T") : NULL;
		val_decref(f);
		struct value *mvv = arr_wrap(ev, nd_incref(mean));
		res = ex_bin(ev, OP_ADD, mvv, ex_bin(ev, OP_MATMUL, val_incref(x), ft));
	} else if (ok) {
		/* x = dot(x, sqrt(s)[:, None] * v); x += mean */
		struct value *sq = ex_fn1(ev, be, "sqrt", val_incref(s));
		struct value *key = val_tuple_new(2, (struct value *[]){ex_slice(NS_NONE, NS_NONE), val_none()});
		struct value *col = ex_item(ev, sq, key);
		struct value *f = ex_bin(ev, OP_MUL, col, val_incref(vh));
		struct value *mvv = arr_wrap(ev, nd_incref(mean));
		res = ex_bin(ev, OP_ADD, ex_fn2(ev, be, "dot", val_incref(x), f), mvv);
	}
	val_decref(x);
	val_decref(covd);
	val_decref(usv);
	if (res) {
		struct value *its[ND_MAXDIM];
		for (int i = 0; i < nd; i++)
			its[i] = val_int(shape[i]);
		struct value *sh = val_tuple_new((size_t)nd, its);
		r = sh ? arr_ns_call(ev, be, "reshape", 2, (struct value *[]){res, sh}, NULL) : NULL;
		val_decref(sh);
		val_decref(res);
	}
out:
	nd_decref(mean);
	nd_decref(cov);
	return r;
}

struct value *rnd_f_multivariate_normal(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	return mvn(ev, bi, argc, argv, kw, 0);
}

struct value *rnd_g_multivariate_normal(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	return mvn(ev, bi, argc, argv, kw, 1);
}
