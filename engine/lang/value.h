/*
 * value.h — the evaluator's values: Python objects and the array handles.
 *
 * Every value starts with a refcount.  val_decref(NULL) is a no-op.  A
 * function returning `struct value *` returns a new reference unless its
 * name ends in _borrow; functions named *_new steal their value arguments,
 * even on failure.  Errors: NULL (or -1) with the first error recorded in the
 * evaluator (see error.h).
 *
 * This header is the contract between the language core (eval.c, value.c,
 * builtins.c) and the layers above it: the core calls the type slots at the
 * bottom (struct type_slots, filled at start-up) for every ndarray, NumPy
 * scalar or dtype operand, and the lang_hooks for imports of array modules.
 */
#ifndef LUMEN_VALUE_H
#define LUMEN_VALUE_H

#include <stddef.h>
#include <stdint.h>
#include <complex.h>

struct eval;
struct ndarray;
struct value;
struct bigint; /* bigint.c: a GMP integer */
struct dictkind;

/* ORDER VT */
enum vtype {
	VT_NONE,
	VT_BOOL,      /* Python bool: i is 0 or 1 */
	VT_INT,       /* Python int that fits int64 */
	VT_FLOAT,     /* Python float */
	VT_COMPLEX,   /* Python complex */
	VT_STR,       /* UTF-8, immutable */
	VT_TUPLE,
	VT_LIST,
	VT_DICT,      /* insertion ordered */
	VT_SLICE,
	VT_RANGE,
	VT_ELLIPSIS,
	VT_FUNCTION,  /* def / lambda */
	VT_BUILTIN,   /* C function, maybe bound to self */
	VT_MODULE,
	VT_TYPE,      /* int, float, list, ValueError, ...: see enum typeid */
	VT_EXCEPTION, /* an exception instance */
	VT_DTYPE,     /* np.dtype('f4') or np.float32 (is_type) */
	VT_SCALAR,    /* NumPy scalar: np.float32(1.5), np.True_ */
	VT_NDARRAY,   /* struct ndarray, host or device */
	VT_OBJECT,    /* anything else: described by struct objtype */
	VT_BIGINT,    /* Python int beyond int64 (bigint.h): never holds an int64 value */
	VT_BYTES,     /* Python bytes: u.str, any byte values (bytesobj.h) */
	VT_COUNT
};

/* Builtin types and exception classes, as values of VT_TYPE.
 * ORDER TY: typeid_parent[] in value.c gives the exception hierarchy. */
enum typeid {
	TY_OBJECT, TY_NONETYPE, TY_BOOL, TY_INT, TY_FLOAT, TY_COMPLEX, TY_STR,
	TY_BYTES, TY_TUPLE, TY_LIST, TY_DICT, TY_SLICE, TY_RANGE, TY_FUNCTION, TY_MODULE,
	TY_TYPE, TY_NDARRAY, TY_CUPY_NDARRAY,
	/* exceptions */
	TY_BaseException, TY_Exception, TY_KeyboardInterrupt, TY_ArithmeticError,
	TY_ZeroDivisionError, TY_OverflowError, TY_FloatingPointError,
	TY_AssertionError, TY_AttributeError, TY_LookupError, TY_IndexError,
	TY_KeyError, TY_NameError, TY_UnboundLocalError, TY_RuntimeError,
	TY_NotImplementedError, TY_RecursionError, TY_StopIteration,
	TY_SyntaxError, TY_IndentationError, TY_TypeError, TY_ValueError,
	TY_UnicodeError, TY_MemoryError, TY_ImportError, TY_ModuleNotFoundError,
	TY_OSError, TY_FileNotFoundError, TY_EOFError,
	TY_LinAlgError,           /* numpy.linalg.LinAlgError(ValueError) */
	TY_AxisError,             /* numpy.exceptions.AxisError(ValueError, IndexError) */
	TY_StdinNotImplementedError, /* IPython's (NotImplementedError) */
	TY_UsageError,            /* IPython's (Exception) */
	TY_CalledProcessError,    /* subprocess.CalledProcessError(Exception): %%bash's non-zero exit */
	TY_OutOfMemoryError,      /* cupy.cuda.memory.OutOfMemoryError(MemoryError) */
	TY_CUDARuntimeError,      /* cupy_backends.cuda.api.runtime.CUDARuntimeError(RuntimeError) */
	TY_NVRTCError,            /* cupy.cuda.compiler.CompileException(Exception) */
	TY_UnicodeDecodeError, TY_UnicodeEncodeError, /* (UnicodeError): bytes.decode, str.encode */
	TY_SystemExit,            /* sys.exit (BaseException) */
	TY_FileExistsError, TY_NotADirectoryError, TY_IsADirectoryError, TY_PermissionError, /* (OSError) */
	TY_Warning, TY_UserWarning, TY_DeprecationWarning, TY_PendingDeprecationWarning,
	TY_RuntimeWarning, TY_FutureWarning, /* the warnings module's categories */
	TY_JSONDecodeError,       /* json.decoder.JSONDecodeError(ValueError) */
	TY_GeneratorExit,         /* (BaseException): a generator closed */
	TY_RankWarning, TY_ComplexWarning, /* numpy.exceptions' (RuntimeWarning): polyfit, complex casts */
	TY_TooHardError,          /* numpy.exceptions.TooHardError(RuntimeError): shares_memory's max_work */
	TY_UFuncTypeError,        /* numpy._core._exceptions.UFuncTypeError(TypeError): a ufunc's casting */
	TY_COUNT
};

struct str {
	size_t len; /* bytes */
	char s[];   /* NUL terminated */
};

/* A named tuple's class (NumPy's EighResult ...): its name and field names. */
struct seqtype {
	const char *name;               /* "EighResult" */
	const char *const *fields;      /* one per item */
	/* a list's class (IPython's SList, u.seq.named of a VT_LIST): its
	 * attributes beyond list's (new ref, or NULL, no error: none) */
	struct value *(*getattr)(struct eval *ev, struct value *self, const char *name);
};

struct seq { /* tuple and list */
	size_t n, cap;
	struct value **items;
	const struct seqtype *named;    /* a named tuple's class, NULL for plain tuples */
};

struct dict_entry {
	struct value *key, *val;
	uint64_t hash;
};
struct dict {
	size_t n, cap;          /* entries in insertion order; deleted = key NULL */
	size_t nused;
	struct dict_entry *entries;
	int64_t *index;         /* open addressing into entries, -1 empty */
	size_t index_cap;
	uint64_t version;       /* new on every change of the keys or their places
				 * (dict_version_bump): eval.c's name caches */
	const struct dictkind *kind; /* a dict subclass (Counter, defaultdict ...) or NULL */
	struct value *kdata;    /* owned: the kind's state (defaultdict's default_factory) */
};

struct slice { struct value *start, *stop, *step; /* VT_NONE when absent */ };
struct range { int64_t start, stop, step; };

struct kwargs {
	int n;
	const char **names;    /* borrowed */
	struct value **vals;   /* borrowed */
};

struct builtin;
/* A C function.  bi->self is the bound object (a.reshape: the array) or
 * NULL; bi->data is what the module builder gave (the namespace's backend
 * for np / cp functions).  Arguments are borrowed.  Returns a new reference
 * or NULL with the error set. */
typedef struct value *(*builtin_fn)(struct eval *ev, const struct builtin *bi,
				    int argc, struct value **argv,
				    const struct kwargs *kw);

struct builtin {
	const char *name;      /* "zeros", "reshape" */
	builtin_fn fn;
	struct value *self;    /* owned; NULL unless bound */
	const char *qualname;  /* "numpy.zeros" for repr; may be NULL */
	void *data;            /* per-builtin data (e.g. device of the namespace) */
};

struct module {
	char *name;            /* "numpy", "cupy", "cupy.linalg" */
	struct value *attrs;   /* VT_DICT str -> value */
};

struct exception {
	enum typeid type;
	struct value *args;    /* VT_TUPLE */
	char *msg;             /* str(e), malloc'd */
	int lineno;            /* cell line where raised, 0 unknown */
	int col;               /* SyntaxError column (1-based), 0 unknown */
	int end_col;           /* SyntaxError end column (1-based, exclusive), 0 unknown */
	char *text;            /* SyntaxError source line, may be NULL */
	struct value *cls;     /* a user class (pyobj/class.c) deriving from type, or NULL */
	struct value *attrs;   /* VT_DICT of attributes set on it, or NULL */
};

/* A NumPy scalar: dtype number (enum dtype in dtype.h) and its value. */
union scalar_data {
	uint8_t b;
	int64_t i;
	uint64_t u;
	double f;            /* float16/32/64 held as double, rounded */
	double _Complex c;   /* complex64/128 */
};
struct npscalar {
	int dtype;
	union scalar_data v;
};

struct dtypeval {
	int dtype;          /* enum dtype */
	int is_type;        /* np.float32 (a scalar type) vs np.dtype('float32') */
};

/* ORDER OP: the operators of val_binop (and objtype.binop) */
enum binop {
	OP_ADD, OP_SUB, OP_MUL, OP_TRUEDIV, OP_FLOORDIV, OP_MOD, OP_POW,
	OP_MATMUL, OP_LSHIFT, OP_RSHIFT, OP_AND, OP_OR, OP_XOR,
	/* comparisons */
	OP_LT, OP_LE, OP_EQ, OP_NE, OP_GT, OP_GE,
	OP_COUNT
};
enum unop { UOP_NEG, UOP_POS, UOP_INVERT, UOP_NOT };

/* framegc.c's visitor of one owned reference */
typedef void (*val_visit_fn)(struct value *child, void *arg);

/* Objects that are none of the above: a type descriptor with hooks. */
struct objtype {
	const char *name;   /* "MemoryPool", "Generator", "TimeitResult" */
	void (*free)(void *p);
	/* new ref, or NULL; NULL with no error set means "no such attribute" */
	struct value *(*getattr)(struct eval *ev, struct value *self, const char *name);
	int (*setattr)(struct eval *ev, struct value *self, const char *name, struct value *v);
	struct value *(*call)(struct eval *ev, struct value *self, int argc,
			      struct value **argv, const struct kwargs *kw);
	char *(*repr)(struct eval *ev, struct value *self); /* malloc'd */
	/* optional: `with obj:` */
	int (*enter)(struct eval *ev, struct value *self);
	int (*exit)(struct eval *ev, struct value *self);
	const char *const *attrs; /* NULL-terminated names for completion */
	/* optional: str(obj) when it differs from the repr (malloc'd) */
	char *(*str)(struct eval *ev, struct value *self);
	/* optional: obj[key] (new ref, or NULL with the error set) */
	struct value *(*getitem)(struct eval *ev, struct value *self, struct value *key);
	/* optional slots of the object model (pyobj/: classes, sets, generators,
	 * files), CPython's tp_* slots.  binop: l or r is self, called before any
	 * other rule for arithmetic and the comparisons OP_LT..OP_GE, with
	 * OP_COUNT + op for the in-place form (l is self); NULL with no error
	 * set means NotImplemented.  next: NULL with no error set when
	 * exhausted.  setitem: x NULL deletes.  truth: when absent, len != 0. */
	struct value *(*binop)(struct eval *ev, enum binop op, struct value *l, struct value *r);
	struct value *(*unop)(struct eval *ev, enum unop op, struct value *self);
	int64_t (*len)(struct eval *ev, struct value *self);
	int (*truth)(struct eval *ev, struct value *self);
	int (*hash)(struct eval *ev, struct value *self, uint64_t *out);
	int (*contains)(struct eval *ev, struct value *self, struct value *x);
	struct value *(*iter)(struct eval *ev, struct value *self);
	struct value *(*next)(struct eval *ev, struct value *self);
	int (*setitem)(struct eval *ev, struct value *self, struct value *key, struct value *x);
	/* optional: `with obj:` that passes the exception (the pending error's
	 * value, or NULL) to __exit__ and may suppress it (returns 1); takes
	 * precedence over exit; 0 / 1, or -1 with the error set */
	int (*exit_exc)(struct eval *ev, struct value *self, struct value *exc);
	/* optional: the value `with obj as x` binds (default: obj) */
	struct value *(*enter_value)(struct eval *ev, struct value *self);
	/* optional: an object that stands for a class (numbers.Real,
	 * collections.abc.Iterable): isinstance(v, self); 0/1, or -1 with
	 * the error set */
	int (*instancecheck)(struct eval *ev, struct value *self, struct value *v);
	/* optional, with instancecheck: issubclass(c, self); 0/1, or -1 */
	int (*subclasscheck)(struct eval *ev, struct value *self, struct value *c);
	/* optional: the builtin type the object is an instance of, for
	 * isinstance (TY_NDARRAY for lib/datetime's arrays); default TY_OBJECT */
	enum typeid (*type_id)(struct value *self);
	/* optional: calls visit once for each reference the object owns that
	 * can lead back to a frame (lang/framegc.c, CPython's tp_traverse).  A
	 * reference left out only keeps more alive; one visited that is not
	 * owned would free what is in use. */
	void (*traverse)(struct value *self, val_visit_fn visit, void *arg);
};

struct function; /* eval.c: def/lambda with its AST and defaults */

struct value {
	int refcnt;
	enum vtype type;
	union {
		int64_t i;                /* VT_BOOL, VT_INT */
		double f;                 /* VT_FLOAT */
		double _Complex c;        /* VT_COMPLEX */
		struct str *str;          /* VT_STR, VT_BYTES */
		struct seq seq;           /* VT_TUPLE, VT_LIST */
		struct dict *dict;        /* VT_DICT */
		struct slice slice;       /* VT_SLICE */
		struct range range;       /* VT_RANGE */
		struct function *func;    /* VT_FUNCTION */
		struct builtin bi;        /* VT_BUILTIN */
		struct module mod;        /* VT_MODULE */
		enum typeid ty;           /* VT_TYPE */
		struct exception exc;     /* VT_EXCEPTION */
		struct dtypeval dt;       /* VT_DTYPE */
		struct npscalar sc;       /* VT_SCALAR */
		struct ndarray *arr;      /* VT_NDARRAY (owned reference) */
		struct { const struct objtype *t; void *p; } obj; /* VT_OBJECT */
		struct bigint *big;       /* VT_BIGINT (owned) */
	} u;
};

/* ---- refcounts ---- */
static inline struct value *val_incref(struct value *v) { if (v) v->refcnt++; return v; }
void val_decref(struct value *v);

/* ---- constructors (new references; NULL on out-of-memory, error set) ---- */
struct value *val_none(void);     /* shared singletons, still refcounted */
struct value *val_bool(int b);
struct value *val_ellipsis(void);
struct value *val_int(int64_t i);
struct value *val_float(double f);
struct value *val_complex(double _Complex c);
struct value *val_str(const char *s, size_t len);
struct value *val_cstr(const char *s);
struct value *val_str_take(char *malloced, size_t len); /* takes the buffer */
struct value *val_str_alloc(size_t len, char **buf); /* a str of len bytes to fill in at *buf */
struct value *val_tuple_new(size_t n, struct value **items); /* steals items */
struct value *val_list_new(size_t n, struct value **items);  /* steals items */
/* A named tuple of class t (t->fields gives n names); steals items. */
struct value *val_named_tuple_new(const struct seqtype *t, size_t n, struct value **items);
struct value *val_dict_new(void);
struct value *val_type(enum typeid t);
struct value *val_dtype(int dtype, int is_type);
struct value *val_scalar(int dtype, union scalar_data v);
struct value *val_ndarray_new(struct ndarray *a);    /* steals a */
struct value *val_builtin(const char *name, builtin_fn fn, struct value *self,
			  void *data);               /* self: incref'd */
struct value *val_module_new(const char *name);
struct value *val_object_new(const struct objtype *t, void *p); /* steals p */
struct value *val_exception_new(enum typeid t, const char *msg);

/* ---- containers ---- */
int list_append(struct value *list, struct value *item);   /* steals item */
struct value *dict_get_borrow(struct value *d, struct value *key); /* NULL: absent */
struct value *dict_getstr_borrow(struct value *d, const char *key);
int dict_set(struct eval *ev, struct value *d, struct value *key, struct value *val); /* increfs */
int dict_setstr(struct value *d, const char *key, struct value *val); /* steals val */
int dict_del(struct eval *ev, struct value *d, struct value *key); /* 1 deleted, 0 absent */
int module_add(struct value *mod, const char *name, struct value *val); /* steals val */

/* ---- protocol of the language (all in value.c) ---- */

/* A dict subclass written in C (collections.Counter, os.environ ...): a
 * VT_DICT whose struct dict names its kind.  Every hook is optional; the
 * dict's own behaviour applies where a hook is absent or declines. */
struct dictkind {
	const char *name;   /* type(d).__name__: "Counter" */
	/* d[key] for an absent key: new ref, or NULL with the error set */
	struct value *(*missing)(struct eval *ev, struct value *d, struct value *key);
	char *(*repr)(struct eval *ev, struct value *d); /* malloc'd */
	/* new ref; NULL with no error set: the dict's own attribute */
	struct value *(*getattr)(struct eval *ev, struct value *d, const char *name);
	/* l op r where either is of this kind; NULL with no error: unsupported */
	struct value *(*binop)(struct eval *ev, enum binop op, struct value *l, struct value *r);
	/* after d[key] = val (val NULL: del d[key]); -1 with the error set */
	int (*onset)(struct eval *ev, struct value *d, struct value *key, struct value *val);
};

struct value *val_binop(struct eval *ev, enum binop op, struct value *l, struct value *r);
/* In place (`a += b`): arrays are updated in place, others rebind. */
struct value *val_inplace(struct eval *ev, enum binop op, struct value *l, struct value *r);
struct value *val_unop(struct eval *ev, enum unop op, struct value *v);
int val_truth(struct eval *ev, struct value *v);   /* 0/1, -1 error */
int val_equal(struct eval *ev, struct value *a, struct value *b); /* Python ==, as bool */
/* l <cmp> r as a value (enum cmpop in ast.h; arrays compare elementwise) */
struct value *val_compare_value(struct eval *ev, int cmp, struct value *l, struct value *r);
int val_hash(struct eval *ev, struct value *v, uint64_t *out); /* TypeError if unhashable */
char *val_repr(struct eval *ev, struct value *v); /* malloc'd, NULL on error */
char *val_str_of(struct eval *ev, struct value *v); /* str(v), malloc'd */
struct value *val_getattr(struct eval *ev, struct value *v, const char *name);
int val_setattr(struct eval *ev, struct value *v, const char *name, struct value *x);
struct value *val_getitem(struct eval *ev, struct value *v, struct value *key);
int val_setitem(struct eval *ev, struct value *v, struct value *key, struct value *x);
int val_delitem(struct eval *ev, struct value *v, struct value *key);
/* the qualified name of the outermost builtin running, or NULL */
const char *val_call_site(void);
struct value *val_call(struct eval *ev, struct value *f, int argc,
		       struct value **argv, const struct kwargs *kw);
int64_t val_len(struct eval *ev, struct value *v); /* -1 on error */
/* Iteration: a list of the items (arrays iterate along axis 0). */
struct value *val_iter_list(struct eval *ev, struct value *v);
const char *val_type_name(struct value *v); /* "int", "numpy.ndarray", ... */
int val_isinstance(struct value *v, enum typeid t);
/* Lazy iteration (pyobj/gen.c): iter(v), a new reference; val_next gives
 * the next item, or NULL with no error set when exhausted.  val_iter_drain:
 * the rest of iter(v) as a new list. */
struct value *val_iter(struct eval *ev, struct value *v);
struct value *val_next(struct eval *ev, struct value *it);
struct value *val_iter_drain(struct eval *ev, struct value *v);

/* Conversions with Python's rules (TypeError / OverflowError set on failure). */
int val_as_int64(struct eval *ev, struct value *v, int64_t *out);  /* __index__ */
int val_as_double(struct eval *ev, struct value *v, double *out);  /* __float__ */
int val_as_complex(struct eval *ev, struct value *v, double _Complex *out);
const char *val_as_cstr(struct value *v); /* VT_STR contents or NULL */

/* Python float repr (shortest round trip: 0.1, 1e+16, inf, nan). */
void fmt_pyfloat(double d, char *buf, size_t n);

/* ---- type slots: how the language core reaches the layers above it ----
 * CPython's tp_* idea.  The core never names the array runtime: for the
 * value kinds an upper layer owns (VT_NDARRAY, VT_SCALAR, VT_DTYPE: the
 * array layer; VT_BUILTIN: the ufunc methods) it calls the slots those
 * layers register at start-up (engine_init_layers in engine.h).
 * Ownership and errors as the val_* functions they serve.  A slot the core
 * needs for a kind it owns no value of is never called; VT_BUILTIN's slots
 * are optional and answer NULL with no error for a builtin they don't own. */
struct type_slots {
	void (*release)(void *payload);                      /* VT_NDARRAY: drops u.arr */
	const char *(*type_name)(struct value *v);           /* val_type_name */
	enum typeid (*type_id)(struct value *v);             /* val_typeid */
	struct value *(*binop)(struct eval *ev, enum binop op, struct value *l, struct value *r,
			       int inplace);                /* either operand of the kind */
	struct value *(*unop)(struct eval *ev, enum unop op, struct value *v);
	int (*truth)(struct eval *ev, struct value *v);
	char *(*repr)(struct eval *ev, struct value *v);
	char *(*str)(struct eval *ev, struct value *v);
	struct value *(*getattr)(struct eval *ev, struct value *v, const char *name);
	int (*setattr)(struct eval *ev, struct value *v, const char *name, struct value *x);
	struct value *(*getitem)(struct eval *ev, struct value *v, struct value *key);
	int (*setitem)(struct eval *ev, struct value *v, struct value *key, struct value *x);
	struct value *(*call)(struct eval *ev, struct value *f, int argc, struct value **argv,
			      const struct kwargs *kw);
	int64_t (*len)(struct eval *ev, struct value *v);
	struct value *(*iter_list)(struct eval *ev, struct value *v);
	int (*hash)(struct eval *ev, struct value *v, uint64_t *out);
	/* int(x), float(x), complex(x); to_pyint: a Python int of any size */
	int (*as_int64)(struct eval *ev, struct value *v, int64_t *out);
	struct value *(*to_pyint)(struct eval *ev, struct value *v);
	int (*as_double)(struct eval *ev, struct value *v, double *out);
	int (*as_complex)(struct eval *ev, struct value *v, double _Complex *out);
	struct value *(*abs)(struct eval *ev, struct value *v);  /* abs(x) */
	/* a == b where either is of the kind and neither is an array (dtypes) */
	int (*equal)(struct value *a, struct value *b);
	/* issubclass(a, b) of a scalar type a (VT_DTYPE) and a scalar type or
	 * builtin type b (np.float64 derives from np.floating and float): 0/1 */
	int (*subtype)(struct value *a, struct value *b);
	int (*has_index)(struct value *v);   /* __index__: NumPy integer and bool scalars */
	int (*isinstance)(struct value *v, enum typeid t);  /* isinstance(v, t) of a scalar */
	/* NumPy's dtype.kind of a scalar or an array: 'b' 'i' 'u' 'f' 'c' */
	char (*kind)(struct value *v);
	int (*ndim)(struct value *v);                        /* 0 for scalars */
	/* the NumPy scalar a 0-d array holds (its formatting is the scalar's) */
	struct value *(*item)(struct eval *ev, struct value *v);
	/* the buffer protocol: bytes(x), C order */
	struct value *(*tobytes)(struct eval *ev, struct value *v);
};
/* the slots of each kind, filled field by field by the layer that owns
 * each operation (array: most; ufunc: operators; lib: indexing) */
extern struct type_slots val_slots[VT_COUNT];
#define VAL_SLOT(v, name) (val_slots[(v)->type].name)

/* What the core asks of the layers above it beyond one value's slots,
 * registered at start-up by the layer that provides each (NULL: none). */
struct lang_hooks {
	/* array layer: `import numpy` / `import cupy` / submodules ("numpy.linalg");
	 * NULL with no error set: not an array module */
	struct value *(*import_array)(struct eval *ev, const char *fullname);
	/* session: `import IPython` / `IPython.display`; NULL with no error: none */
	struct value *(*import_display)(struct eval *ev, const char *name);
	/* session: one IPython line of a cell (`%timeit x`, `!cmd`, `!!cmd`;
	 * assigned: the value of an assignment): 0 (*result, if result is not
	 * NULL: the line's value or NULL) or -1 with the error set */
	int (*magic)(struct eval *ev, const char *text, int assigned, struct value **result);
	/* session: the text `name?` shows (malloc'd), or NULL (no error: not found) */
	char *(*inspect_text)(struct eval *ev, const char *expr, int detail);
	/* session: IPython's display() and clear_output() */
	struct value *(*display)(struct eval *ev, int argc, struct value **argv,
				 const struct kwargs *kw);
	struct value *(*clear_output)(struct eval *ev, int argc, struct value **argv,
				      const struct kwargs *kw);
	/* session: text/html of an ndarray for rich display (malloc'd), or NULL */
	char *(*html)(struct eval *ev, struct value *v);
	/* session: end the process now (exit() in a script); returns only in
	 * sanitizer builds, with the status to exit with */
	int (*exit_process)(int status);
};
extern struct lang_hooks lang_hooks;

#endif
