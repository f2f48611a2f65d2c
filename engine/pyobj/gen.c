/*
 * gen.c — generators, and the lazy iteration protocol (val_iter, val_next).
 *
 * Design: the evaluator walks the tree recursively, so a suspended generator
 * is a suspended C call chain.  Each generator runs its body on a C stack of
 * its own (mmap'd, with a guard page): next()/send()/throw() switch onto that
 * stack, `yield` switches back.  On x86-64 the switch is six pushes and pops
 * of the callee-saved registers (gen_switch below, no system call); elsewhere
 * it is ucontext's swapcontext.  Nothing is evaluated ahead of
 * time, so infinite generators work.  What the evaluator keeps per session
 * and a generator must not leak into its caller is moved at each switch: the
 * traceback frames the body pushed, its share of the call depth, the
 * exception being handled, and the C stack bounds ev_enter_call checks.
 * A generator freed while suspended is closed: GeneratorExit is raised at
 * its yield so that its finally blocks run (CPython's close()).
 * Under AddressSanitizer the switches are announced as fiber switches.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/pyobj.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/common_interface_defs.h>
#define ASAN_START(save, bottom, size) __sanitizer_start_switch_fiber(save, bottom, size)
#define ASAN_FINISH(save, bottom, size) __sanitizer_finish_switch_fiber(save, bottom, size)
enum { GEN_STACK = 16 << 20 };
#else
#define ASAN_START(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define ASAN_FINISH(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
enum { GEN_STACK = 8 << 20 }; /* virtual: pages are committed as they are touched */
#endif
enum { GEN_MARGIN = 512 << 10, GEN_PAGE = 4096, STACKS_KEEP = 8 };

enum gstate { G_CREATED, G_RUNNING, G_SUSPENDED, G_DONE };

#if defined(__x86_64__) && !defined(LUMEN_GEN_UCONTEXT)
#define GEN_ASM 1
/* gen_switch(&save, to): pushes the callee-saved registers, stores the stack
 * pointer in save, loads to and pops the registers saved there.  A new stack
 * starts in gen_trampoline with the generator in rbx. */
void lumen_gen_switch(void **save, void *to);
void lumen_gen_trampoline(void);
__asm__(".text\n"
	".globl lumen_gen_switch\n.type lumen_gen_switch,@function\n"
	"lumen_gen_switch:\n"
	"\tpushq %rbp\n\tpushq %rbx\n\tpushq %r12\n\tpushq %r13\n\tpushq %r14\n\tpushq %r15\n"
	"\tmovq %rsp, (%rdi)\n"
	"\tmovq %rsi, %rsp\n"
	"\tpopq %r15\n\tpopq %r14\n\tpopq %r13\n\tpopq %r12\n\tpopq %rbx\n\tpopq %rbp\n"
	"\tret\n"
	".size lumen_gen_switch, .-lumen_gen_switch\n"
	".globl lumen_gen_trampoline\n.type lumen_gen_trampoline,@function\n"
	"lumen_gen_trampoline:\n"
	"\tmovq %rbx, %rdi\n"
	"\tcall lumen_gen_start\n"
	"\tud2\n"
	".size lumen_gen_trampoline, .-lumen_gen_trampoline\n");
#else
#define GEN_ASM 0
#endif

struct gen {
	struct eval *ev;
	char *name;
	enum gstate state;
	gen_body_fn run;
	void *ctx;
	void (*ctx_free)(void *);
	void (*ctx_traverse)(void *ctx, val_visit_fn visit, void *arg);
#if GEN_ASM
	void *sp, *caller_sp;     /* the saved stack pointers */
#else
	ucontext_t uc, caller;
#endif
	char *stack;              /* mmap'd, guard page first; NULL when done */
	struct value *transfer;   /* the value yielded out / sent in */
	struct value *thrown;     /* raised at the yield on resume */
	struct value *result;     /* the body's return value */
	int closing;
	/* the evaluator's state of the body while suspended */
	struct frame *frames;
	int nframes, capframes;
	int depth;
	struct value *handling;
	/* the caller's, while the body runs */
	int base_frames, base_depth;
	char *caller_stack_base;
	size_t caller_stack_limit;
	struct value *caller_handling;
	struct gen *caller_gen;
	void *asan_caller_fake, *asan_gen_fake;
	const void *asan_caller_bottom;
	size_t asan_caller_size;
};

static _Thread_local struct gen *running; /* the generator whose body runs now */
static char *stacks[STACKS_KEEP];
static int nstacks;

static const struct objtype gen_type;

int gen_is_generator(const struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &gen_type;
}

static char *stack_get(void)
{
	if (nstacks)
		return stacks[--nstacks];
	char *p = mmap(NULL, GEN_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	mprotect(p, GEN_PAGE, PROT_NONE); /* the guard below the stack */
	return p;
}

static void stack_put(char *p)
{
	if (!p)
		return;
	if (nstacks < STACKS_KEEP)
		stacks[nstacks++] = p;
	else
		munmap(p, GEN_STACK);
}

static void entry_run(struct gen *g);

#if GEN_ASM
void lumen_gen_start(struct gen *g);
void lumen_gen_start(struct gen *g)
{
	entry_run(g);
	lumen_gen_switch(&g->sp, g->caller_sp); /* never resumed */
	abort();
}
#else
static void entry(unsigned lo, unsigned hi)
{
	entry_run((struct gen *)(((uintptr_t)hi << 32) | (uintptr_t)lo));
	/* returns to uc_link: the caller's swapcontext */
}
#endif

static void entry_run(struct gen *g)
{
	ASAN_FINISH(NULL, &g->asan_caller_bottom, &g->asan_caller_size);
	struct value *r = NULL;
	if (g->thrown) {
		/* thrown in before it started: raised at its first line */
		err_set_value(g->ev, g->thrown);
		g->thrown = NULL;
	} else if (!g->closing) {
		r = g->run(g->ev, g->ctx);
	}
	g->result = r;
	g->state = G_DONE;
	ASAN_START(NULL, g->asan_caller_bottom, g->asan_caller_size);
}

/* moves the frames from index base on into the generator's store */
static int frames_save(struct eval *ev, struct gen *g)
{
	int n = ev->nframes - g->base_frames;
	if (n < 0)
		n = 0;
	if (n > g->capframes) {
		struct frame *f = realloc(g->frames, sizeof *f * (size_t)n);
		if (!f)
			return -1;
		g->frames = f;
		g->capframes = n;
	}
	if (n)
		memcpy(g->frames, ev->frames + g->base_frames, sizeof *g->frames * (size_t)n);
	g->nframes = n;
	ev->nframes = g->base_frames;
	return 0;
}

static int frames_restore(struct eval *ev, struct gen *g)
{
	g->base_frames = ev->nframes;
	for (int i = 0; i < g->nframes; i++) {
		if (ev_push_frame(ev, g->frames[i].arena, g->frames[i].name, g->frames[i].line) < 0) {
			ev->nframes = g->base_frames;
			return -1;
		}
		ev->frames[ev->nframes - 1] = g->frames[i];
	}
	g->nframes = 0;
	return 0;
}

/* Runs the body until its next yield or its end.  sent / thrown: what the
 * yield gives (thrown is stolen).  The yielded value (new ref), or NULL:
 * the error set, or none set and *done when the body returned. */
static struct value *resume(struct eval *ev, struct gen *g, struct value *sent, struct value *thrown)
{
	if (g->state == G_RUNNING) {
		val_decref(thrown);
		return err_set(ev, TY_ValueError, "generator already executing");
	}
	if (g->state == G_DONE) {
		if (thrown) {
			err_set_value(ev, thrown);
			return NULL;
		}
		return NULL;
	}
	if (ev_enter_call(ev) < 0) {
		val_decref(thrown);
		return NULL;
	}
	if (g->state == G_CREATED) {
		if (!(g->stack = stack_get())) {
			ev_leave_call(ev);
			val_decref(thrown);
			return err_nomem(ev);
		}
#if GEN_ASM
		/* what gen_switch pops: r15 r14 r13 r12 rbx(g) rbp, then the
		 * trampoline as return address; 16-byte aligned after the ret */
		void **top = (void **)(g->stack + GEN_STACK);
		void **sp = top - 7;
		memset(sp, 0, 7 * sizeof *sp);
		sp[4] = g;
		sp[6] = (void *)lumen_gen_trampoline;
		g->sp = sp;
#else
		getcontext(&g->uc);
		g->uc.uc_stack.ss_sp = g->stack + GEN_PAGE;
		g->uc.uc_stack.ss_size = GEN_STACK - GEN_PAGE;
		g->uc.uc_link = &g->caller;
		uintptr_t p = (uintptr_t)g;
		makecontext(&g->uc, (void (*)(void))entry, 2, (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
#endif
	}
	if (frames_restore(ev, g) < 0) {
		ev_leave_call(ev);
		val_decref(thrown);
		return NULL;
	}
	g->transfer = sent ? val_incref(sent) : val_none();
	g->thrown = thrown;
	g->base_depth = ev->depth;
	ev->depth += g->depth;
	g->caller_stack_base = ev->stack_base;
	g->caller_stack_limit = ev->stack_limit;
	ev->stack_base = g->stack + GEN_STACK;
	ev->stack_limit = GEN_STACK - GEN_PAGE - GEN_MARGIN;
	g->caller_handling = ev->handling;
	ev->handling = g->handling;
	g->caller_gen = running;
	running = g;
	g->state = G_RUNNING;

	ASAN_START(&g->asan_caller_fake, g->stack + GEN_PAGE, GEN_STACK - GEN_PAGE);
#if GEN_ASM
	lumen_gen_switch(&g->caller_sp, g->sp);
#else
	swapcontext(&g->caller, &g->uc);
#endif
	ASAN_FINISH(g->asan_caller_fake, NULL, NULL);

	running = g->caller_gen;
	g->handling = ev->handling;
	ev->handling = g->caller_handling;
	ev->stack_base = g->caller_stack_base;
	ev->stack_limit = g->caller_stack_limit;
	g->depth = ev->depth - g->base_depth;
	ev->depth = g->base_depth;
	if (frames_save(ev, g) < 0)
		ev->nframes = g->base_frames;
	ev_leave_call(ev);
	struct value *out = g->transfer;
	g->transfer = NULL;
	if (g->state == G_DONE) {
		val_decref(out);
		stack_put(g->stack);
		g->stack = NULL;
		g->depth = 0;
		g->nframes = 0;
		return NULL;
	}
	g->state = G_SUSPENDED;
	return out;
}

struct value *gen_yield(struct eval *ev, struct value *v)
{
	struct gen *g = running;
	if (!g)
		return err_set(ev, TY_RuntimeError, "yield outside a running generator");
	g->transfer = val_incref(v);
	ASAN_START(&g->asan_gen_fake, g->asan_caller_bottom, g->asan_caller_size);
#if GEN_ASM
	lumen_gen_switch(&g->sp, g->caller_sp);
#else
	swapcontext(&g->uc, &g->caller);
#endif
	ASAN_FINISH(g->asan_gen_fake, &g->asan_caller_bottom, &g->asan_caller_size);
	if (g->thrown) {
		struct value *t = g->thrown;
		g->thrown = NULL;
		val_decref(g->transfer);
		g->transfer = NULL;
		err_set_value(ev, t);
		return NULL;
	}
	if (g->closing) {
		val_decref(g->transfer);
		g->transfer = NULL;
		return err_set(ev, TY_GeneratorExit, "%s", "");
	}
	struct value *r = g->transfer;
	g->transfer = NULL;
	return r;
}

/* StopIteration carrying the generator's return value */
static void *stop_iteration(struct eval *ev, struct value *result)
{
	struct value *e = val_exception_new(TY_StopIteration, NULL);
	if (!e)
		return err_nomem(ev);
	if (result && result->type != VT_NONE) {
		struct value *one[1] = { val_incref(result) };
		val_decref(e->u.exc.args);
		e->u.exc.args = val_tuple_new(1, one);
	}
	err_set_value(ev, e);
	return NULL;
}

/* after resume returned NULL: StopIteration from a finished body becomes
 * RuntimeError (PEP 479); *ended tells whether the body returned */
static int finished(struct eval *ev, struct gen *g)
{
	if (err_occurred(ev)) {
		if (g->state == G_DONE && ev->err->u.exc.type == TY_StopIteration && !ev->err->u.exc.cls) {
			err_clear(ev);
			err_set(ev, TY_RuntimeError, "generator raised StopIteration");
		}
		return -1;
	}
	return 1;
}

/* the next value, or NULL with no error when the body returned (its value
 * kept in g->result) */
static struct value *gen_next_raw(struct eval *ev, struct gen *g, struct value *sent, struct value *thrown)
{
	struct value *r = resume(ev, g, sent, thrown);
	if (r)
		return r;
	finished(ev, g);
	return NULL;
}

struct value *gen_send(struct eval *ev, struct value *gv, struct value *sent)
{
	struct gen *g = gv->u.obj.p;
	if (g->state == G_CREATED && sent && sent->type != VT_NONE)
		return err_set(ev, TY_TypeError, "can't send non-None value to a just-started generator");
	struct value *r = gen_next_raw(ev, g, sent, NULL);
	if (!r && !err_occurred(ev)) {
		stop_iteration(ev, g->result);
		val_decref(g->result);
		g->result = NULL;
	}
	return r;
}

struct value *gen_throw(struct eval *ev, struct value *gv, struct value *exc)
{
	struct gen *g = gv->u.obj.p;
	struct value *r = gen_next_raw(ev, g, NULL, val_incref(exc));
	if (!r && !err_occurred(ev)) {
		stop_iteration(ev, g->result);
		val_decref(g->result);
		g->result = NULL;
	}
	return r;
}

/* g.close(): GeneratorExit at the yield; 0, or -1 with the error set */
static int gen_close(struct eval *ev, struct gen *g)
{
	if (g->state == G_CREATED) {
		g->state = G_DONE;
		return 0;
	}
	if (g->state != G_SUSPENDED)
		return 0;
	g->closing = 1;
	struct value *r = resume(ev, g, NULL, NULL);
	if (r) {
		val_decref(r);
		err_set(ev, TY_RuntimeError, "generator ignored GeneratorExit");
		return -1;
	}
	if (err_occurred(ev)) {
		enum typeid t = ev->err->u.exc.type;
		if (t == TY_GeneratorExit || t == TY_StopIteration) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			return 0;
		}
		return -1;
	}
	return 0;
}

/* yield from it: every item of it out, what is sent in passed on to a
 * generator; the value of the expression is the generator's return value */
struct value *gen_yield_from(struct eval *ev, struct value *itv)
{
	struct value *it = val_iter(ev, itv);
	if (!it)
		return NULL;
	if (gen_is_generator(it)) {
		struct gen *sub = it->u.obj.p;
		struct value *sent = NULL, *res = NULL;
		for (;;) {
			struct value *x = gen_next_raw(ev, sub, sent, NULL);
			val_decref(sent);
			sent = NULL;
			if (!x) {
				if (!err_occurred(ev)) {
					res = sub->result ? sub->result : val_none();
					sub->result = NULL;
				}
				break;
			}
			sent = gen_yield(ev, x);
			val_decref(x);
			if (!sent) {
				/* thrown in or closed: passed to the inner generator */
				struct value *e = err_fetch(ev);
				err_tb_clear(ev);
				if (e->u.exc.type == TY_GeneratorExit) {
					gen_close(ev, sub);
					err_clear(ev);
					err_set_value(ev, e);
					break;
				}
				x = gen_next_raw(ev, sub, NULL, e);
				if (!x) {
					if (!err_occurred(ev)) {
						res = sub->result ? sub->result : val_none();
						sub->result = NULL;
					}
					break;
				}
				sent = gen_yield(ev, x);
				val_decref(x);
				if (!sent)
					break;
			}
		}
		val_decref(it);
		return res;
	}
	for (;;) {
		struct value *x = val_next(ev, it);
		if (!x)
			break;
		struct value *s = gen_yield(ev, x);
		val_decref(x);
		if (!s) {
			val_decref(it);
			return NULL;
		}
		val_decref(s);
	}
	val_decref(it);
	return err_occurred(ev) ? NULL : val_none();
}

static void gen_free(void *p)
{
	struct gen *g = p;
	if (g->state == G_SUSPENDED) {
		/* close it with the caller's pending error put aside */
		struct eval *ev = g->ev;
		struct value *err = ev->err, *rv = ev->retval;
		struct tb_entry *tb = ev->tb;
		int ntb = ev->ntb, captb = ev->captb;
		ev->err = NULL;
		ev->tb = NULL;
		ev->ntb = ev->captb = 0;
		ev->retval = NULL;
		gen_close(ev, g);
		err_clear(ev);
		err_tb_clear(ev);
		free(ev->tb);
		val_decref(ev->retval);
		ev->err = err;
		ev->tb = tb;
		ev->ntb = ntb;
		ev->captb = captb;
		ev->retval = rv;
	}
	if (g->state != G_DONE && g->stack) {
		/* ignored GeneratorExit: its C frames are abandoned */
		g->stack = NULL;
	}
	stack_put(g->stack);
	val_decref(g->transfer);
	val_decref(g->thrown);
	val_decref(g->result);
	if (g->ctx_free)
		g->ctx_free(g->ctx);
	free(g->frames);
	free(g->name);
	free(g);
}

static char *gen_repr(struct eval *ev, struct value *self)
{
	struct gen *g = self->u.obj.p;
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<generator object %s at %p>", g->name, (void *)self);
	return sb_take(&b);
}

static struct value *gen_iter(struct eval *ev, struct value *self)
{
	(void)ev;
	return val_incref(self);
}

static struct value *gen_next(struct eval *ev, struct value *self)
{
	struct gen *g = self->u.obj.p;
	struct value *r = gen_next_raw(ev, g, NULL, NULL);
	if (!r) {
		val_decref(g->result);
		g->result = NULL;
	}
	return r;
}

static struct value *m_send(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *x = NULL;
	if (args_parse(ev, "send", argc, argv, kw, "value", &x) < 0)
		return NULL;
	return gen_send(ev, bi->self, x);
}

static struct value *m_throw(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *x = NULL, *v = NULL, *tb = NULL;
	if (args_parse(ev, "throw", argc, argv, kw, "typ|val,tb", &x, &v, &tb) < 0)
		return NULL;
	struct value *e;
	if (x->type == VT_EXCEPTION) {
		e = val_incref(x);
	} else {
		e = v && v->type != VT_NONE ? val_call(ev, x, 1, &v, NULL) : val_call(ev, x, 0, NULL, NULL);
		if (!e)
			return NULL;
		if (e->type != VT_EXCEPTION) {
			val_decref(e);
			return err_set(ev, TY_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
				       val_type_name(x));
		}
	}
	struct value *r = gen_throw(ev, bi->self, e);
	val_decref(e);
	return r;
}

static struct value *m_close(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	if (args_parse(ev, "close", argc, argv, kw, "") < 0)
		return NULL;
	return gen_close(ev, bi->self->u.obj.p) < 0 ? NULL : val_none();
}

static struct value *gen_getattr(struct eval *ev, struct value *self, const char *name)
{
	builtin_fn fn = !strcmp(name, "send") ? m_send : !strcmp(name, "throw") ? m_throw :
			!strcmp(name, "close") ? m_close : NULL;
	if (fn) {
		struct value *b = val_builtin(name, fn, self, NULL);
		return b ? b : err_nomem(ev);
	}
	if (!strcmp(name, "__name__"))
		return val_cstr(((struct gen *)self->u.obj.p)->name);
	return NULL;
}

static const char *const gen_attrs[] = { "close", "send", "throw", NULL };

/* what the body's context owns (its frame, its function); the values on a
 * suspended body's own stack are not visited: they only keep more alive */
static void gen_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct gen *g = self->u.obj.p;
	if (g->ctx_traverse && g->ctx)
		g->ctx_traverse(g->ctx, visit, arg);
}

static const struct objtype gen_type = {
	.name = "generator", .free = gen_free, .repr = gen_repr, .getattr = gen_getattr,
	.iter = gen_iter, .next = gen_next, .attrs = gen_attrs, .traverse = gen_traverse,
};

struct value *gen_new(struct eval *ev, const char *name, gen_body_fn run, void *ctx,
		      void (*ctx_free)(void *ctx),
		      void (*ctx_traverse)(void *ctx, val_visit_fn visit, void *arg))
{
	struct gen *g = calloc(1, sizeof *g);
	if (!g || !(g->name = strdup(name))) {
		free(g);
		if (ctx_free)
			ctx_free(ctx);
		return err_nomem(ev);
	}
	g->ev = ev;
	g->run = run;
	g->ctx = ctx;
	g->ctx_free = ctx_free;
	g->ctx_traverse = ctx_traverse;
	g->state = G_CREATED;
	struct value *v = val_object_new(&gen_type, g);
	return v ? v : err_nomem(ev);
}

/* ---- the lazy iteration protocol ---- */

struct value *val_iter(struct eval *ev, struct value *v)
{
	if (v->type == VT_OBJECT) {
		const struct objtype *t = v->u.obj.t;
		if (val_iterobj_list_borrow(v))
			return val_incref(v);
		if (t->iter) {
			struct value *r = t->iter(ev, v);
			if (r && !(r->type == VT_OBJECT && (r->u.obj.t->next || val_iterobj_list_borrow(r)))) {
				err_set(ev, TY_TypeError, "iter() returned non-iterator of type '%s'", val_type_name(r));
				val_decref(r);
				return NULL;
			}
			return r;
		}
		if (t->next)
			return val_incref(v);
	}
	struct value *l = val_iter_list(ev, v);
	return l ? val_iterobj_new("iterator", l) : NULL;
}

struct value *val_next(struct eval *ev, struct value *it)
{
	struct value *l = val_iterobj_list_borrow(it);
	if (l) {
		if (!l->u.seq.n)
			return NULL;
		struct value *x = l->u.seq.items[0];
		memmove(l->u.seq.items, l->u.seq.items + 1, sizeof *l->u.seq.items * (l->u.seq.n - 1));
		l->u.seq.n--;
		return x;
	}
	if (it->type == VT_OBJECT && it->u.obj.t->next)
		return it->u.obj.t->next(ev, it);
	return err_set(ev, TY_TypeError, "'%s' object is not an iterator", val_type_name(it));
}

struct value *val_iter_drain(struct eval *ev, struct value *v)
{
	struct value *it = val_iter(ev, v);
	if (!it)
		return NULL;
	if (val_iterobj_list_borrow(it)) {
		/* a snapshot: its list, and the iterator consumed */
		struct value *out = val_iter_list(ev, it);
		val_decref(it);
		return out;
	}
	struct value *out = val_list_new(0, NULL);
	if (!out) {
		val_decref(it);
		return err_nomem(ev);
	}
	for (;;) {
		if (ev->interrupt && ev_check_interrupt(ev))
			goto fail;
		struct value *x = val_next(ev, it);
		if (!x) {
			if (err_occurred(ev))
				goto fail;
			break;
		}
		if (list_append(out, x) < 0) {
			err_nomem(ev);
			goto fail;
		}
	}
	val_decref(it);
	return out;
fail:
	val_decref(it);
	val_decref(out);
	return NULL;
}
