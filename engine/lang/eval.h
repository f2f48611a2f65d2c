/*
 * eval.h — the evaluator: runs a cell's AST statement by statement.
 *
 * struct eval is the state of one session: its globals, the pending error
 * with its traceback, the interrupt flag, the output sink and the call
 * depth.  Statements and expressions are evaluated by walking the tree;
 * arrays are reached only through value.h's protocol.
 */
#ifndef LUMEN_EVAL_H
#define LUMEN_EVAL_H

#include <signal.h>
#include "lang/value.h"
#include "lang/ast.h"
#include "engine.h"

/* A frame of the running program, for tracebacks. */
struct frame {
	struct arena *arena;   /* the cell the code comes from (borrowed while running) */
	const char *name;      /* "<module>" or the function's name */
	int line;
	const struct node *node; /* the expression being evaluated (carets), or NULL */
	const struct funcdef *fd; /* the function running, NULL at module level */
};

struct tb_entry {
	struct arena *arena;   /* referenced */
	char *name;            /* malloc'd */
	int line;
	const struct node *node; /* in arena; NULL: no carets */
	const struct funcdef *fd; /* in arena; NULL at module level */
};

struct eval {
	struct value *globals;    /* VT_DICT: the session's variables */
	struct value *builtins;   /* VT_DICT: print, len, ValueError ... */
	struct value *modules;    /* VT_DICT: imported modules by full name */
	struct value *err;        /* the pending exception (VT_EXCEPTION) or NULL */
	struct tb_entry *tb;      /* its traceback, outermost frame first */
	int ntb, captb;
	volatile sig_atomic_t interrupt;
	const struct engine_sink *sink;
	int depth, maxdepth;      /* Python call depth and its limit */
	char *stack_base;         /* C stack at the start of the cell */
	size_t stack_limit;       /* bytes of C stack the evaluator may use */
	struct frame *frames;
	int nframes, capframes;
	struct value *handling;   /* exception being handled (for bare raise) */
	const struct tb_entry *handling_tb; /* its traceback from the handler's frame down (traceback.format_exc) */
	int handling_ntb;
	struct value *retval;     /* `return` value in flight */
	int exec_count;           /* In[n] of the running cell */
	int allow_stdin;
	struct engine *engine;
	void *magic;              /* the scope a magic line runs in (eval.c's struct scope *) */
	struct value *last_result;/* the cell's last expression value (for `_`) */
	void *call_scope;         /* the caller's scope (struct scope *) while eval/exec/globals/locals run, else NULL */
	int future_annotations;  /* `from __future__ import annotations` ran: class annotations stay text (sticky, as IPython's compiler flags) */
};

struct eval *ev_new(void);
void ev_free(struct eval *ev);

/* A def/lambda at run time. */
struct function {
	struct funcdef *fd;       /* its arena is referenced */
	struct value **defaults;  /* one per parameter, NULL where none */
	struct value *closure;    /* VT_TUPLE of enclosing scopes' dicts, or NULL */
	struct value *globals;    /* the module dict */
	struct function *reg_prev, *reg_next; /* fncycle.c's list of live functions */
	int abstract;             /* abc.abstractmethod marked it: __isabstractmethod__ */
	struct value *self;       /* the VT_FUNCTION that holds it (borrowed) */
};
void ev_function_free(struct function *f);
/* fncycle.c: the live-function list, and the cycle breaker run when a session ends */
void fn_track(struct function *f);
void fn_untrack(struct function *f);
void fn_break_cycles(struct value *globals);
/* fncycle.c: the cycle collector over live functions and instances (what a
 * frame's end leaves: a returned recursive closure dropped later, an
 * instance holding its own bound method).  fn_gc_note: one more made (a
 * function, an instance); fn_gc_due: enough made since the last collection
 * (the caller is at a safe point: a call has ended); fn_collect: collects. */
void fn_gc_note(void);
int fn_gc_due(void);
int fn_collect(void); /* how many it freed */
/* gc.enable() / gc.disable(): on 1, off 0, -1 asks; returns the setting before */
int fn_gc_enable(int on);
/* framegc.c: 1 when v may hold references that lead back to it (a list,
 * tuple, dict, function, exception, bound builtin, an object that can be
 * walked); numbers, strings and arrays cannot be in a cycle */
int ev_gc_container(const struct value *v);
char *ev_function_repr(struct function *f);

/* Parses and runs source in the session's globals (used by magics such as
 * %timeit and by engine.c).  name names the source in tracebacks.
 * With want_result, the value of a final expression statement (no trailing
 * ';') is stored in *result (new reference, or NULL if none).
 * Returns 0, or -1 with the error set. */
int ev_exec_source(struct eval *ev, const char *src, size_t len, const char *name,
		   int cellno, int want_result, struct value **result);
/* Runs src (len bytes) as the body of module name in the globals g (a dict,
 * borrowed, that the caller filled: __name__, builtins the source calls) and
 * returns the module of its public names: those not starting with '_', nor
 * equal to hide (NULL: none; "np" for a source's own `import numpy as np`).
 * NULL with the error set. */
struct value *ev_source_module(struct eval *ev, const char *name, struct value *g, const char *src, size_t len,
			       const char *hide);
/* Parses src as an AST and runs it: the parsed form for repeated runs. */
struct code;
struct code *ev_compile(struct eval *ev, const char *src, size_t len, const char *name,
			int want_result);
int ev_run(struct eval *ev, struct code *c, struct value **result);
void ev_code_free(struct code *c);

/* Evaluates one expression in the globals (user_expressions, %time expr). */
struct value *ev_eval_string(struct eval *ev, const char *src, size_t len);
/* The same in a running scope (ev->magic while a magic line runs; NULL: the
 * globals): `!echo {k}` inside a def sees its locals. */
struct value *ev_eval_string_in(struct eval *ev, const char *src, size_t len, const void *scope);

/* evalsrc.c: the builtins eval, exec, globals, locals and vars (registered by
 * pyobj's builtins table); they see the caller's scope (ev->call_scope,
 * set by the call site when ev_scope_builtin(f) says f is one of them). */
struct value *ev_bi_eval(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw);
struct value *ev_bi_exec(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw);
struct value *ev_bi_globals(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw);
struct value *ev_bi_locals(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw);
struct value *ev_bi_vars(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw);
static inline int ev_scope_builtin(const struct value *f)
{
	return f->type == VT_BUILTIN && !f->u.bi.self &&
	       (f->u.bi.fn == ev_bi_eval || f->u.bi.fn == ev_bi_exec ||
		f->u.bi.fn == ev_bi_globals || f->u.bi.fn == ev_bi_locals || f->u.bi.fn == ev_bi_vars);
}
/* Runs src in the dicts globals and locals (the same dict at module level):
 * expr = 1 evaluates one expression into *result (new ref), else runs the
 * statements ("<string>" in tracebacks and SyntaxErrors).  0, or -1 with
 * the error set. */
int ev_exec_in(struct eval *ev, const char *src, size_t len, int expr,
	       struct value *globals, struct value *locals, struct value **result);

/* traceback.c, for the traceback module: the exception being handled
 * with its traceback from the handler's frame down, as CPython prints it
 * ("Traceback (most recent call last):" ... "ValueError: x"), one line per
 * item (malloc'd, *n of them); NULL with *n 0 when none is handled. */
char **ev_format_handling(struct eval *ev, int *n);
/* "ValueError: x" for exc (numpy.linalg.LinAlgError qualified), malloc'd */
char *ev_format_exc_only(struct eval *ev, struct value *exc);

/* For the CLI and engine: the pending error's traceback as text.
 * ipython = 1: IPython's layout ("Cell In[3], line 2"), else CPython's. */
char **ev_format_traceback(struct eval *ev, struct value *exc, int ipython, int *n);

/* Checks the C stack and the call depth; RecursionError when exceeded. */
int ev_enter_call(struct eval *ev);
void ev_leave_call(struct eval *ev);

/* Pushes / pops a frame for tracebacks (builtins calling back into Python
 * need not). */
int ev_push_frame(struct eval *ev, struct arena *a, const char *name, int line);
void ev_pop_frame(struct eval *ev);

/* Setting up the builtins dict (builtins.c) and the small modules (pymods.c). */
int builtins_init(struct eval *ev);
struct value *pymod_import(struct eval *ev, const char *name); /* NULL, no error: unknown */
/* Modules built by rooms above lang/ (engine/pylib/: os, json ...): each is
 * registered once at start-up by its full name ("os.path"); build returns a
 * new module value, or NULL with the error set.  Returns -1 when the table
 * is full.  pymod_import looks here before its own modules. */
typedef struct value *(*pymod_build_fn)(struct eval *ev, const char *fullname);
int pymod_register(const char *fullname, pymod_build_fn build);
/* Module import used by `import` statements: array modules, small modules. */
struct value *ev_import(struct eval *ev, const char *fullname);

#endif
