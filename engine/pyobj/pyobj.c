/*
 * pyobj.c — fills the language core's pyobj_hooks (lang/core.h) with the
 * object model's entry points, once at start-up (engine_init_layers), so
 * that lang/ calls pyobj/ through them and never by name: the two rooms
 * call one way.  Owns nothing else; computes nothing.
 */
#include "lang/core.h"
#include "lang/eval.h"
#include "pyobj/pyobj.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"

void pyobj_register(void)
{
	struct pyobj_hooks *h = &pyobj_hooks;
	h->big_binop = big_binop;
	h->big_binop_i64 = big_binop_i64;
	h->big_neg_i64 = big_neg_i64;
	h->big_unop = big_unop;
	h->big_cmp = big_cmp;
	h->big_cmp_double = big_cmp_double;
	h->big_hash = big_hash;
	h->big_hash_double = big_hash_double;
	h->big_to_double = big_to_double;
	h->big_from_digits = big_from_digits;
	h->big_repr = big_repr;
	h->big_free = big_free;
	h->val_bytes = val_bytes;
	h->bytes_repr = bytes_repr;
	h->bytes_binop = bytes_binop;
	h->bytes_contains = bytes_contains;
	h->bytes_getitem = bytes_getitem;
	h->bytes_iter_list = bytes_iter_list;
	h->cls_is_class = cls_is_class;
	h->cls_is_instance = cls_is_instance;
	h->cls_class_of = cls_class_of;
	h->cls_name = cls_name;
	h->cls_build = cls_build;
	h->cls_exc_matches = cls_exc_matches;
	h->cls_is_exception_class = cls_is_exception_class;
	h->cls_super_zero = cls_super_zero;
	h->cls_is_super_builtin = cls_is_super_builtin;
	h->cls_exc_getattr = cls_exc_getattr;
	h->cls_exc_setattr = cls_exc_setattr;
	h->cls_exc_str = cls_exc_str;
	h->cls_delattr = cls_delattr;
	h->cls_break_cycles = cls_break_cycles;
	h->cls_instances = cls_instances;
	h->cls_clear = cls_clear;
	h->set_from = set_from;
	h->union_or = union_or;
	h->gen_new = gen_new;
	h->gen_yield = gen_yield;
	h->gen_yield_from = gen_yield_from;
	h->val_iter = val_iter;
	h->val_next = val_next;
	h->val_iter_drain = val_iter_drain;
	h->strfmt_spec = strfmt_spec;
	h->strfmt_percent = strfmt_percent;
	h->builtins_init = builtins_init;
	h->builtins_method = builtins_method;
	h->builtins_type_call = builtins_type_call;
	h->pymod_import = pymod_import;
}
