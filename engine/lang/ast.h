/*
 * ast.h — the syntax tree of a cell.  Every node, string and list lives in
 * the cell's arena (struct arena); constants are values the arena holds a
 * reference to.  The arena is refcounted because functions defined in a cell
 * keep pointing at its nodes after the cell has run.
 */
#ifndef LUMEN_AST_H
#define LUMEN_AST_H

#include <stddef.h>
#include <stdint.h>
#include "lang/value.h"
#include "lang/arena.h"

/* ORDER N */
enum nkind {
	/* expressions */
	N_NAME,      /* s */
	N_CONST,     /* v */
	N_FSTRING,   /* l: parts (N_CONST str or N_FORMAT) */
	N_FORMAT,    /* a: expr, op: conversion ('r','s','a' or 0), b: spec (N_FSTRING) or NULL, s: text of the expr for `{x=}` */
	N_TUPLE,     /* l */
	N_LIST,      /* l */
	N_DICT,      /* l: keys, l2: values (key NULL: **mapping) */
	N_SET,       /* l: items (N_STARRED for *x) */
	N_BINOP,     /* op (enum binop), a, b */
	N_UNOP,      /* op (enum unop), a */
	N_AND,       /* a, b */
	N_OR,        /* a, b */
	N_COMPARE,   /* l: operands (n), ops: n-1 cmp ops (enum cmpop) */
	N_IFEXP,     /* a: test, b: body, c: orelse */
	N_CALL,      /* a: func, l: args (N_STARRED for *x), l2: keywords (N_KEYWORD; s NULL for **x) */
	N_KEYWORD,   /* s, a */
	N_STARRED,   /* a */
	N_ATTR,      /* a, s */
	N_SUBSCRIPT, /* a, b */
	N_SLICE,     /* a, b, c (any NULL) */
	N_LAMBDA,    /* fn */
	N_LISTCOMP,  /* a: element, l: N_COMPFOR / N_COMPIF in order; op: 0 list, 1 generator, 2 set */
	N_DICTCOMP,  /* a: key, b: value, l: clauses */
	N_COMPFOR,   /* a: target, b: iter */
	N_COMPIF,    /* a: cond */
	N_MAGIC,     /* s: `%magic args` or `!cmd` after an `=` (its value: IPython's MagicAssign / SystemAssign) */
	/* statements */
	S_EXPR,      /* a */
	S_ASSIGN,    /* l: targets, a: value */
	S_AUGASSIGN, /* op, a: target, b: value */
	S_ANNASSIGN, /* a: target, b: value or NULL, c: the annotation */
	S_DEL,       /* l */
	S_IF,        /* a: test, l: body, l2: orelse */
	S_FOR,       /* a: target, b: iter, l: body, l2: orelse */
	S_WHILE,     /* a: test, l: body, l2: orelse */
	S_BREAK, S_CONTINUE, S_PASS,
	S_DEF,       /* s: name, fn, l3: decorators (outermost first) */
	S_RETURN,    /* a or NULL */
	S_ASSERT,    /* a, b: msg or NULL */
	S_RAISE,     /* a: exc or NULL, b: from or NULL */
	S_TRY,       /* l: body, l2: handlers (S_HANDLER), l3: orelse, l4: finalbody */
	S_HANDLER,   /* a: type or NULL, s: as-name or NULL, l: body */
	S_WITH,      /* l: items (N_WITHITEM), l2: body */
	N_WITHITEM,  /* a: context expr, b: target or NULL */
	S_GLOBAL,    /* names in l (N_NAME) */
	S_NONLOCAL,
	S_IMPORT,    /* l: N_ALIAS */
	S_FROM,      /* s: module, l: N_ALIAS (s "*" for import *) */
	N_ALIAS,     /* s: dotted name, s2: as-name or NULL */
	S_HELP,      /* s: the expression's text, op: 1 or 2 question marks */
	S_MAGIC,     /* s: the line, without its indentation */
	S_CLASS,     /* s: name, l: bases, l2: keywords (N_KEYWORD), fn: the body (is_class), l3: decorators */
	N_YIELD,     /* a: value or NULL; op 1: `yield from a` */
	N_COUNT
};

enum cmpop { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_IN,
	     CMP_NOTIN, CMP_IS, CMP_ISNOT };

struct node;
struct slottab;
struct nlist {
	struct node **v;
	int n;
};

/* A def or lambda: its parameters and what the parser found of its scope. */
struct param {
	const char *name;
	struct node *def;   /* default value expression, or NULL */
	int kind;           /* 0 normal, 1 *args, 2 **kwargs, 3 keyword-only */
};
struct funcdef {
	const char *name;   /* "<lambda>" for lambdas */
	const char *qualname; /* "Point.norm" for a def in a class body, else name */
	struct param *params;
	int nparams;
	struct nlist body;  /* lambda: one S_RETURN */
	const char **locals; /* names assigned in the body, not global/nonlocal */
	int nlocals;
	const char **globals; /* declared global */
	int nglobals;
	const char **nonlocals;
	int nnonlocals;
	const char *doc;    /* docstring or NULL */
	int line;
	struct arena *arena; /* the cell that defined it */
	struct slottab *tab; /* resolve.c: its local slots, or NULL (locals in a dict) */
	int is_generator;   /* a def or lambda whose body yields */
	int is_class;       /* a class body: names by name in a dict, invisible to inner defs */
};

struct node {
	enum nkind kind;
	int line, col;        /* start (1-based line, 0-based byte column) */
	int end_line, end_col;
	int op;
	const char *s, *s2;
	struct value *v;      /* N_CONST: borrowed from the arena */
	struct node *a, *b, *c;
	struct nlist l, l2, l3, l4;
	int *ops;             /* N_COMPARE */
	struct funcdef *fn;   /* N_LAMBDA, S_DEF */
	uint64_t hash;        /* N_NAME, N_ATTR: hash of s (0: not computed yet) */
	size_t slen;          /* N_NAME, N_ATTR: strlen(s) */
	/* resolve.c: N_NAME: where the name lives (enum nscope) and, for
	 * NS_LOCAL, its slot + 1 in the running scope's frame;
	 * N_LISTCOMP / N_DICTCOMP: the comprehension's slots (or NULL) */
	int nscope, slot;
	int leafop;           /* eval.c: N_BINOP / N_COMPARE over leaves: 0 unknown, 1 yes, 2 no */
	struct slottab *tab;
	/* eval.c: N_NAME read or written in the module dict: where it was
	 * last found (entry gidx of the globals, or with gin_builtins of the
	 * builtins), valid while those dicts keep the versions seen */
	const struct dict *gdict, *bdict;
	uint64_t gver, bver;
	size_t gidx;
	int gin_builtins;
};

/* Where a name of a def, lambda or comprehension is found (resolve.c).
 * Resolution only ever picks a faster road to the same place: a name left
 * NS_UNRESOLVED takes the general lookup by name, which is the definition. */
enum nscope {
	NS_UNRESOLVED,  /* module level, or not analysed: look it up by name */
	NS_LOCAL,       /* a slot of the running scope's frame */
	NS_GLOBAL,      /* declared `global`: the module dict, then builtins */
	NS_FREE         /* not bound here: enclosing scopes, then globals, builtins */
};

/* The local names of one def, lambda or comprehension, in slot order.
 * Lives in the cell's arena. */
struct slottab {
	int n;
	const char **names;
	size_t *lens;
	uint64_t *hashes;
	int *param_slot;      /* functions: the slot of each parameter */
	/* functions: how many parameters are positional (kind 0), how many of
	 * those have a default; the index of *args and **kwargs or -1 */
	int npos, nposdef, star, dstar;
	/* the slots an inner scope (def, lambda, class body, comprehension)
	 * names: what its closure may read after the call; the others die with
	 * the call (eval.c's frame_end).  all_captured: an inner scope kept its
	 * names unresolved, any slot may be read */
	unsigned char *captured;
	int all_captured;
};

/* Resolves the names of the scopes in a parsed cell (or expression):
 * every def, lambda and comprehension gets its slottab and its N_NAME
 * nodes their nscope/slot.  Module-level names stay unresolved.
 * Returns 0, or -1 on out-of-memory (scopes left without a table keep
 * their locals in a dict, which is still correct). */
int resolve_cell(struct arena *a, const struct nlist *body);
int resolve_expr(struct arena *a, struct node *n);
/* the slot of name in t, or -1 */
int slottab_find(const struct slottab *t, const char *name, size_t n, uint64_t h);

#endif
