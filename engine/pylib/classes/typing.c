/*
 * typing.c — the typing module, for the annotations of cells' helper code:
 * the special forms and generic aliases (Any, Optional, Union, List, Dict,
 * Callable ...) are objects that subscript to aliases with typing's repr
 * ("typing.Optional[int]"), TypeVar makes a named variable, cast returns its
 * value, overload and final return the function.  Nothing is checked, as in
 * CPython at run time.  Owns the alias objects' names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"

/* a special form or an alias: its printed name ("typing.List[int]") */
struct tform { char *name; };

static void tform_free(void *p)
{
	struct tform *t = p;
	free(t->name);
	free(t);
}

static const struct objtype tform_type;

static struct value *tform_new(struct eval *ev, const char *name)
{
	struct tform *t = malloc(sizeof *t);
	if (!t || !(t->name = strdup(name))) {
		free(t);
		return err_nomem(ev);
	}
	return val_object_new(&tform_type, t);
}

/* an argument as typing prints it: int, numpy.ndarray, None, 'forward' refs */
static int arg_repr(struct eval *ev, struct sbuf *b, struct value *a)
{
	if (a->type == VT_TYPE) {
		sb_adds(b, typeid_qualname(a->u.ty));
	} else if (a->type == VT_NONE) {
		sb_adds(b, "NoneType");
	} else if (a->type == VT_ELLIPSIS) {
		sb_adds(b, "...");
	} else if (a->type == VT_OBJECT && a->u.obj.t == &tform_type) {
		sb_adds(b, ((struct tform *)a->u.obj.p)->name);
	} else if (a->type == VT_STR) {
		char *r = str_repr(a->u.str->s, a->u.str->len);
		sb_printf(b, "ForwardRef(%s)", r ? r : "");
		free(r);
	} else if (a->type == VT_LIST) {
		sb_addc(b, '[');
		for (size_t i = 0; i < a->u.seq.n; i++) {
			if (i)
				sb_adds(b, ", ");
			if (arg_repr(ev, b, a->u.seq.items[i]) < 0)
				return -1;
		}
		sb_addc(b, ']');
	} else {
		char *r = val_repr(ev, a);
		if (!r)
			return -1;
		sb_adds(b, r);
		free(r);
	}
	return 0;
}

static struct value *tform_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct tform *t = self->u.obj.p;
	struct sbuf b = {0};
	sb_printf(&b, "%s[", t->name);
	if (key->type == VT_TUPLE) {
		if (!key->u.seq.n)
			sb_adds(&b, "()");
		for (size_t i = 0; i < key->u.seq.n; i++) {
			if (i)
				sb_adds(&b, ", ");
			if (arg_repr(ev, &b, key->u.seq.items[i]) < 0) {
				free(b.s);
				return NULL;
			}
		}
	} else if (arg_repr(ev, &b, key) < 0) {
		free(b.s);
		return NULL;
	}
	sb_addc(&b, ']');
	char *s = sb_take(&b);
	if (!s)
		return err_nomem(ev);
	struct value *r = tform_new(ev, s);
	free(s);
	return r;
}

static char *tform_repr(struct eval *ev, struct value *self)
{
	return strdup(((struct tform *)self->u.obj.p)->name);
}

/* X | Y of forms (typing.Optional[int] | None ...): a Union */
static struct value *tform_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op != OP_OR)
		return NULL;
	struct sbuf b = {0};
	sb_adds(&b, "typing.Union[");
	if (arg_repr(ev, &b, l) < 0 || (sb_adds(&b, ", "), arg_repr(ev, &b, r)) < 0) {
		free(b.s);
		return NULL;
	}
	sb_addc(&b, ']');
	char *s = sb_take(&b);
	struct value *v = s ? tform_new(ev, s) : err_nomem(ev);
	free(s);
	return v;
}

static struct value *tform_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				const struct kwargs *kw)
{
	return err_set(ev, TY_TypeError, "Type %s cannot be instantiated", ((struct tform *)self->u.obj.p)->name);
}

static const struct objtype tform_type = {
	.name = "typing._SpecialForm", .free = tform_free, .getitem = tform_getitem, .repr = tform_repr,
	.binop = tform_binop, .call = tform_call,
};

PYFN(ty_TypeVar)
{
	if (argc < 1 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "TypeVar name must be a string");
	struct sbuf b = {0};
	sb_printf(&b, "~%s", argv[0]->u.str->s);
	char *s = sb_take(&b);
	struct value *v = s ? tform_new(ev, s) : err_nomem(ev);
	free(s);
	return v;
}

PYFN(ty_cast)
{
	struct value *t = NULL, *v = NULL;
	if (args_parse(ev, "cast", argc, argv, kw, "typ,val", &t, &v) < 0)
		return NULL;
	return val_incref(v);
}

PYFN(ty_identity)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "%s() takes exactly one argument (%d given)", bi->name, argc);
	return val_incref(argv[0]);
}

static const struct pyfn typing_fns[] = {
	{"TypeVar", ty_TypeVar}, {"cast", ty_cast}, {"overload", ty_identity}, {"final", ty_identity},
	{"no_type_check", ty_identity}, {"runtime_checkable", ty_identity},
};

/* the forms: typing's name for each */
static const char *const forms[] = {
	"Any", "Optional", "Union", "List", "Dict", "Tuple", "Set", "FrozenSet", "Callable", "Iterable",
	"Iterator", "Sequence", "Mapping", "MutableMapping", "MutableSequence", "Generator", "Type",
	"Literal", "Final", "ClassVar", "NoReturn", "DefaultDict", "Counter", "Deque", "OrderedDict",
	"Hashable", "Sized", "Collection", "Container", "Awaitable", "Annotated", "Generic", "Protocol",
	"AnyStr", "Text", "SupportsInt", "SupportsFloat", "Reversible", "ChainMap", "Never", "Self",
};

struct value *typing_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "typing", typing_fns, sizeof typing_fns / sizeof typing_fns[0]);
	for (size_t i = 0; m && i < sizeof forms / sizeof forms[0]; i++) {
		char full[64];
		snprintf(full, sizeof full, "typing.%s", forms[i]);
		if (pylib_add(ev, m, forms[i], tform_new(ev, full)) < 0) {
			val_decref(m);
			return NULL;
		}
	}
	if (m && pylib_add(ev, m, "TYPE_CHECKING", val_bool(0)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
