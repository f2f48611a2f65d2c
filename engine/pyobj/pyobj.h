/*
 * pyobj.h — the object model above the core values: user classes and their
 * instances (class.c), sets (set.c), generators (gen.c), file objects
 * (file.c) and contextlib (ctxlib.c).  They are VT_OBJECT values whose
 * objtype fills value.h's slots, so value.c reaches them through hooks; the
 * evaluator calls the few entry points below for the statements (`class`,
 * `yield`, zero-argument `super()`) through lang's pyobj_hooks, which
 * pyobj_register fills.  Same layer as lang/, above it: lang names no
 * pyobj/ function.
 */
#ifndef LUMEN_PYOBJ_H
#define LUMEN_PYOBJ_H

#include "lang/value.h"
#include "lang/ast.h"

/* ---- pyobj.c: fills lang's pyobj_hooks (lang/core.h); engine_init_layers
 * calls it first (a program that parses or evaluates without it calls it
 * before) ---- */
void pyobj_register(void);

/* ---- class.c ---- */
int cls_is_class(const struct value *v);      /* a user class */
int cls_is_instance(const struct value *v);   /* an instance of one */
/* the user class of an instance or of a user exception (borrowed), or NULL */
struct value *cls_class_of(struct value *v);
const char *cls_name(const struct value *cls);
/* The class statement: name, bases, the namespace its body filled (all
 * borrowed).  New reference, or NULL with the error set. */
struct value *cls_build(struct eval *ev, const char *name, int nbases, struct value **bases,
			struct value *ns, struct value *globals);
/* isinstance(v, cls) / issubclass(c, of) where cls / of is a user class */
int cls_isinstance(struct value *v, struct value *cls);
int cls_subclass(struct value *c, struct value *of);
/* except clause: does exception value exc match the user class t */
int cls_exc_matches(struct value *exc, struct value *t);
int cls_is_exception_class(const struct value *cls); /* derives from BaseException */
/* zero-argument super() inside function fd whose first argument is first */
struct value *cls_super_zero(struct eval *ev, const struct funcdef *fd, struct value *first);
int cls_is_super_builtin(const struct value *f);
/* attributes of exception values (user classes' methods, attributes set) */
struct value *cls_exc_getattr(struct eval *ev, struct value *exc, const char *name);
int cls_exc_setattr(struct eval *ev, struct value *exc, const char *name, struct value *x);
char *cls_exc_str(struct eval *ev, struct value *exc);   /* NULL, no error: no __str__ */
/* format(obj, spec) by its __format__: malloc'd, or NULL with no error: none */
char *cls_format(struct eval *ev, struct value *obj, const char *spec);
/* del obj.name: 0, or -1 with the error set */
int cls_delattr(struct eval *ev, struct value *obj, const char *name);
/* callable(v) for a VT_OBJECT with a call slot: instances only with __call__ */
int cls_callable(struct value *v);
/* fn (any callable) as a class attribute that binds to instances like a def */
struct value *cls_method_wrap(struct eval *ev, struct value *fn);
/* inst.name = x into the instance dict, past any __setattr__ (0, or -1 with the error set) */
int cls_inst_set_raw(struct eval *ev, struct value *inst, const char *name, struct value *x);
/* builtins: object model names (super, property, staticmethod, classmethod,
 * issubclass, NotImplemented, set, frozenset, open ...): 0 or -1 */
int pyobj_init(struct eval *ev);
/* pymods.c: the strings sys.argv holds (borrowed; argc 0: [""]) */
void pyobj_set_argv(int argc, char **argv);
/* the _repr_html_ / _repr_markdown_ / _repr_latex_ / _repr_svg_ of instance
 * v added to bundle b (text/plain already in it): 0, or -1 with the error set */
struct engine_bundle;
int cls_rich_bundle(struct eval *ev, struct value *v, struct engine_bundle *b);
/* object(): a new bare object */
struct value *cls_plain_object(struct eval *ev, int argc, const struct kwargs *kw);
/* the NotImplemented singleton */
struct value *cls_notimpl(void);
/* when a session ends: drops class namespaces and instance dicts of classes
 * defined in globals, so that cycles through them fall apart */
void cls_break_cycles(struct value *globals);
size_t cls_instances(struct value **out, size_t cap, size_t *total);
void cls_clear(struct value *inst);

/* ---- union.c: PEP 604's `int | None` (types.UnionType) ---- */
int union_is_union(const struct value *v);
struct value *union_args(const struct value *u);   /* the members' tuple, borrowed */
/* np.dtype / cp.dtype (a function in Lumen, a class in NumPy): isinstance
 * and unions take it as the class of the dtype objects */
int union_is_dtype_class(const struct value *v);
/* l | r of classes (types, None, user classes, unions): a union; NULL with
 * no error set when either is not a class */
struct value *union_or(struct eval *ev, struct value *l, struct value *r);
/* any member m of u with each(v, m) (0/1, -1 with the error set) */
int union_any(struct eval *ev, struct value *v, struct value *u,
	      int (*each)(struct eval *ev, struct value *v, struct value *t));

/* ---- set.c ---- */
int set_is_set(const struct value *v);          /* set or frozenset */
/* a new set (frozen: frozenset) of the items of iterable it (NULL: empty) */
struct value *set_from(struct eval *ev, struct value *it, int frozen);
int set_add(struct eval *ev, struct value *set, struct value *x);  /* x borrowed */
int set_init(struct eval *ev);
struct value *set_type_of(struct value *v);   /* type(v) of a set, or NULL */
/* isinstance(v, t) for t set / frozenset: 1 or 0; -1 when t is neither */
int set_isinstance(struct value *v, struct value *t);

/* ---- gen.c ---- */
/* a generator running fn (a function whose body yields) with its bound scope:
 * gen.c calls back run(ev, ctx) on the generator's own stack */
typedef struct value *(*gen_body_fn)(struct eval *ev, void *ctx);
/* ctx_traverse (optional): visits the references ctx owns (objtype.traverse) */
struct value *gen_new(struct eval *ev, const char *name, gen_body_fn run, void *ctx,
		      void (*ctx_free)(void *ctx),
		      void (*ctx_traverse)(void *ctx, val_visit_fn visit, void *arg));
/* `yield v` (v borrowed) in the running generator: the value sent in, or
 * NULL with the error set (thrown in, or closed) */
struct value *gen_yield(struct eval *ev, struct value *v);
int gen_is_generator(const struct value *v);
/* g.throw(exc) / next(g): new reference, NULL with the error set (StopIteration
 * when it ends) */
struct value *gen_send(struct eval *ev, struct value *g, struct value *sent);
struct value *gen_throw(struct eval *ev, struct value *g, struct value *exc);
/* `yield from it` in the running generator: its value, or NULL with the error set */
struct value *gen_yield_from(struct eval *ev, struct value *it);

/* ---- file.c ---- */
struct value *file_open(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw);

/* ---- ctxlib.c ---- */
struct value *ctxlib_module(struct eval *ev);

#endif
