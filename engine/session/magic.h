/*
 * magic.h — IPython-style magics (%lsmagic, %time, %timeit, ...).
 *
 * The evaluator calls magic_run for a line that starts with '%' (line is
 * the text after the '%', cell NULL) and engine.c for a cell that starts
 * with '%%' (line: the first line after "%%", cell: the rest).
 */
#ifndef LUMEN_MAGIC_H
#define LUMEN_MAGIC_H

struct eval;
struct value;

/* Runs a magic.  Returns 0 (and *result, if result is not NULL, gets the
 * magic's value or NULL: a new reference), or -1 with the error set
 * (UsageError for an unknown magic). */
int magic_run(struct eval *ev, const char *line, const char *cell,
	      struct value **result);
/* Runs one IPython line of a cell: text is `%name args`, `!cmd` or `!!cmd`
 * (indentation stripped).  assigned: the line is the value of an assignment
 * (`x = %magic`: the magic's value; `x = !cmd`: the output as an SList);
 * else `!cmd` streams its output and has no value, `!!cmd` has the SList.
 * Returns 0 (*result, if result is not NULL: a new reference or NULL) or -1
 * with the error set. */
int magic_line(struct eval *ev, const char *text, int assigned, struct value **result);
/* Names of the line magics, NULL-terminated (completion). */
extern const char *const magic_names[];

#endif
