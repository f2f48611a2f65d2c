/*
 * logging.c — the logging module: the levels, getLogger (dotted names with
 * effective levels through their parents, the root logger), Logger.debug/
 * info/warning/error/critical/log/setLevel, the module-level functions (which
 * call basicConfig() first, as CPython's do), basicConfig(level, format,
 * datefmt, stream, filename, filemode, force) with %-style format fields, and
 * the last-resort output ("message" on stderr for WARNING and above) when
 * nothing is configured.  The state is process-wide, as CPython's is.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "pylib/pylib_int.h"
#include "lang/ast.h"

enum { L_NOTSET = 0, L_DEBUG = 10, L_INFO = 20, L_WARNING = 30, L_ERROR = 40, L_CRITICAL = 50 };

struct logger {
	char *name;
	int64_t level;
	int disabled;
};

static struct {
	int configured;       /* the root logger has a handler */
	char *fmt, *datefmt;
	struct value *stream; /* a file object (its write), or NULL: fd */
	int fd;               /* 1 or 2 when stream is NULL and file is NULL */
	FILE *file;           /* basicConfig(filename=) */
	int64_t handler_level;
	struct value *loggers; /* dict name -> Logger */
	struct value *root;
	struct timeval start;
	int64_t disable;      /* logging.disable(level): levels <= it are dropped */
} LS;

static const char *level_name(int64_t l, char *buf, size_t n)
{
	switch (l) {
	case L_CRITICAL: return "CRITICAL";
	case L_ERROR: return "ERROR";
	case L_WARNING: return "WARNING";
	case L_INFO: return "INFO";
	case L_DEBUG: return "DEBUG";
	case L_NOTSET: return "NOTSET";
	default: snprintf(buf, n, "Level %lld", (long long)l); return buf;
	}
}

static const struct objtype logger_type;

static void logger_free(void *p)
{
	struct logger *l = p;
	free(l->name);
	free(l);
}

static struct logger *LG(struct value *v) { return v->u.obj.p; }

static struct value *logger_new(struct eval *ev, const char *name, int64_t level)
{
	struct logger *l = calloc(1, sizeof *l);
	if (!l || !(l->name = strdup(name))) {
		free(l);
		return err_nomem(ev);
	}
	l->level = level;
	return val_object_new(&logger_type, l);
}

static int state_init(struct eval *ev)
{
	if (LS.loggers)
		return 0;
	LS.loggers = val_dict_new();
	LS.root = logger_new(ev, "root", L_WARNING);
	gettimeofday(&LS.start, NULL);
	LS.fd = 2;
	if (!LS.loggers || !LS.root) {
		val_decref(LS.loggers);
		val_decref(LS.root);
		LS.loggers = LS.root = NULL;
		if (!err_occurred(ev))
			err_nomem(ev);
		return -1;
	}
	return 0;
}

static int64_t effective_level(struct value *lv)
{
	struct logger *l = LG(lv);
	if (l->level != L_NOTSET || lv == LS.root)
		return l->level;
	char *name = strdup(l->name);
	int64_t r = LG(LS.root)->level;
	for (char *dot; name && (dot = strrchr(name, '.'));) {
		*dot = 0;
		struct value *p = dict_getstr_borrow(LS.loggers, name);
		if (p && LG(p)->level != L_NOTSET) {
			r = LG(p)->level;
			break;
		}
	}
	free(name);
	return r;
}

static int write_out(struct eval *ev, const char *s, size_t n)
{
	if (LS.configured && LS.file) {
		fwrite(s, 1, n, LS.file);
		fflush(LS.file);
		return 0;
	}
	if (LS.configured && LS.stream) {
		struct value *w = val_getattr(ev, LS.stream, "write");
		struct value *str = w ? val_str(s, n) : NULL;
		struct value *r = str ? val_call(ev, w, 1, &str, NULL) : NULL;
		val_decref(w);
		val_decref(str);
		if (!r)
			return -1;
		val_decref(r);
		return 0;
	}
	ev_write(ev, LS.configured ? LS.fd : 2, s, n);
	return 0;
}

/* one %(field)spec of the format: the field's value (new ref) */
static struct value *field_value(struct eval *ev, const char *field, size_t flen, struct value *lv, int64_t level,
				 const char *message, const struct timeval *tv)
{
	char buf[64];
	const char *file = "<stdin>";
	int line = 0;
	if (ev->nframes > 0) {
		const struct frame *f = &ev->frames[ev->nframes - 1];
		line = f->line;
		if (f->arena && f->arena->name)
			file = f->arena->name;
	}
#define IS(s) (flen == strlen(s) && !memcmp(field, s, flen))
	if (IS("name")) return val_cstr(LG(lv)->name);
	if (IS("levelname")) return val_cstr(level_name(level, buf, sizeof buf));
	if (IS("levelno")) return val_int(level);
	if (IS("message")) return val_cstr(message);
	if (IS("lineno")) return val_int(line);
	if (IS("pathname")) return val_cstr(file);
	if (IS("filename")) {
		const char *s = strrchr(file, '/');
		return val_cstr(s ? s + 1 : file);
	}
	if (IS("module")) {
		const char *s = strrchr(file, '/');
		s = s ? s + 1 : file;
		const char *dot = strrchr(s, '.');
		return val_str(s, dot ? (size_t)(dot - s) : strlen(s));
	}
	if (IS("funcName")) {
		const char *fn = ev->nframes > 0 ? ev->frames[ev->nframes - 1].name : "<module>";
		return val_cstr(fn ? fn : "<module>");
	}
	if (IS("process")) return val_int((int64_t)getpid());
	if (IS("thread")) return val_int(1);
	if (IS("threadName")) return val_cstr("MainThread");
	if (IS("processName")) return val_cstr("MainProcess");
	if (IS("created")) return val_float((double)tv->tv_sec + (double)tv->tv_usec * 1e-6);
	if (IS("msecs")) return val_float((double)(tv->tv_usec / 1000));
	if (IS("relativeCreated"))
		return val_float(((double)(tv->tv_sec - LS.start.tv_sec) + (double)(tv->tv_usec - LS.start.tv_usec) * 1e-6) * 1e3);
	if (IS("asctime")) {
		struct tm tm;
		time_t t = tv->tv_sec;
		localtime_r(&t, &tm);
		char out[128];
		if (LS.datefmt) {
			strftime(out, sizeof out, LS.datefmt, &tm);
		} else {
			size_t k = strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S", &tm);
			snprintf(out + k, sizeof out - k, ",%03d", (int)(tv->tv_usec / 1000));
		}
		return val_cstr(out);
	}
#undef IS
	return err_set(ev, TY_KeyError, "'%.*s'", (int)flen, field);
}

/* the record formatted by fmt ("%(levelname)s:%(name)s:%(message)s") */
static char *format_record(struct eval *ev, const char *fmt, struct value *lv, int64_t level, const char *message)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	struct sbuf b = {0};
	for (const char *p = fmt; *p;) {
		if (p[0] == '%' && p[1] == '%') {
			sb_addc(&b, '%');
			p += 2;
			continue;
		}
		if (p[0] != '%' || p[1] != '(') {
			sb_addc(&b, *p++);
			continue;
		}
		const char *name = p + 2, *close = strchr(name, ')');
		if (!close) {
			free(b.s);
			return err_set(ev, TY_ValueError, "incomplete format key");
		}
		const char *spec = close + 1, *conv = spec;
		while (*conv && strchr("#0- +.123456789", *conv))
			conv++;
		if (!*conv) {
			free(b.s);
			return err_set(ev, TY_ValueError, "incomplete format");
		}
		struct value *v = field_value(ev, name, (size_t)(close - name), lv, level, message, &tv);
		if (!v) {
			free(b.s);
			return NULL;
		}
		struct value *f = val_str_concat("%", 1, spec, (size_t)(conv - spec) + 1);
		struct value *t = f ? val_tuple_new(1, &v) : NULL;
		struct value *r = t ? strfmt_percent(ev, f, t) : NULL;
		if (!t)
			val_decref(v);
		val_decref(f);
		val_decref(t);
		if (!r) {
			free(b.s);
			return NULL;
		}
		sb_add(&b, r->u.str->s, r->u.str->len);
		val_decref(r);
		p = conv + 1;
	}
	sb_addc(&b, '\n');
	return sb_take(&b);
}

static int basic_config(struct eval *ev, struct value *level, struct value *fmt, struct value *datefmt,
			struct value *stream, struct value *filename, struct value *filemode, int force)
{
	if (state_init(ev) < 0)
		return -1;
	if (LS.configured && !force)
		return 0;
	if (level && level->type != VT_NONE) {
		int64_t l;
		if (level->type == VT_STR) {
			static const char *const n[] = {"CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "NOTSET"};
			static const int v[] = {50, 40, 30, 20, 10, 0};
			size_t i = 0;
			while (i < 6 && strcmp(n[i], level->u.str->s))
				i++;
			if (i == 6) {
				err_set(ev, TY_ValueError, "Unknown level: '%s'", level->u.str->s);
				return -1;
			}
			l = v[i];
		} else if (val_as_int64(ev, level, &l) < 0) {
			return -1;
		}
		LG(LS.root)->level = l;
	}
	if (fmt && fmt->type != VT_NONE && fmt->type != VT_STR) {
		err_set(ev, TY_TypeError, "format must be a str");
		return -1;
	}
	if (stream && stream->type != VT_NONE && filename && filename->type != VT_NONE) {
		err_set(ev, TY_ValueError, "'stream' and 'filename' should not be specified together");
		return -1;
	}
	free(LS.fmt);
	free(LS.datefmt);
	LS.fmt = strdup(fmt && fmt->type == VT_STR ? fmt->u.str->s : "%(levelname)s:%(name)s:%(message)s");
	LS.datefmt = datefmt && datefmt->type == VT_STR ? strdup(datefmt->u.str->s) : NULL;
	val_decref(LS.stream);
	LS.stream = NULL;
	if (LS.file)
		fclose(LS.file);
	LS.file = NULL;
	LS.fd = 2;
	if (filename && filename->type != VT_NONE) {
		const char *p = pylib_path_arg(ev, filename);
		if (!p)
			return -1;
		const char *mode = filemode && filemode->type == VT_STR ? filemode->u.str->s : "a";
		LS.file = fopen(p, mode);
		if (!LS.file) {
			pylib_oserror(ev, errno, p, NULL);
			return -1;
		}
	} else if (stream && stream->type != VT_NONE) {
		int fd = pymod_stream_fd(stream);
		if (fd > 0)
			LS.fd = fd;
		else
			LS.stream = val_incref(stream);
	}
	LS.configured = 1;
	return 0;
}

/* logs message (msg % args) at level through logger lv; 0 or -1 */
static int log_emit(struct eval *ev, struct value *lv, int64_t level, struct value *msg, int argc, struct value **argv)
{
	if (LG(lv)->disabled || level <= LS.disable || level < effective_level(lv))
		return 0;
	if (!LS.configured && level < L_WARNING)
		return 0; /* the last resort handler's level */
	char *text;
	if (argc > 0) {
		struct value *args = argc == 1 && argv[0]->type == VT_DICT ? val_incref(argv[0]) : NULL;
		if (!args) {
			struct value **it = malloc(sizeof *it * (size_t)argc);
			if (!it) {
				err_nomem(ev);
				return -1;
			}
			for (int i = 0; i < argc; i++)
				it[i] = val_incref(argv[i]);
			args = val_tuple_new((size_t)argc, it);
			free(it);
		}
		struct value *s = msg->type == VT_STR ? val_incref(msg) : NULL;
		if (!s) {
			char *m = val_str_of(ev, msg);
			s = m ? val_str_take(m, strlen(m)) : NULL;
		}
		struct value *r = s && args ? strfmt_percent(ev, s, args) : NULL;
		val_decref(s);
		val_decref(args);
		if (!r)
			return -1;
		text = strdup(r->u.str->s);
		val_decref(r);
	} else {
		text = val_str_of(ev, msg);
	}
	if (!text) {
		if (!err_occurred(ev))
			err_nomem(ev);
		return -1;
	}
	char *line;
	if (LS.configured) {
		line = format_record(ev, LS.fmt, lv, level, text);
	} else {
		struct sbuf b = {0};
		sb_printf(&b, "%s\n", text);
		line = sb_take(&b);
	}
	free(text);
	if (!line)
		return err_occurred(ev) ? -1 : (err_nomem(ev), -1);
	int r = write_out(ev, line, strlen(line));
	free(line);
	return r;
}

static int check_log_kw(struct eval *ev, const struct kwargs *kw)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], "stacklevel") && strcmp(kw->names[i], "extra") &&
		    strcmp(kw->names[i], "stack_info") && strcmp(kw->names[i], "exc_info")) {
			err_set(ev, TY_TypeError, "Logger._log() got an unexpected keyword argument '%s'", kw->names[i]);
			return -1;
		}
	return 0;
}

static int64_t method_level(const char *name)
{
	switch (name[0]) {
	case 'd': return L_DEBUG;
	case 'i': return L_INFO;
	case 'w': return L_WARNING;
	case 'e': return L_ERROR;
	default: return L_CRITICAL; /* critical, fatal */
	}
}

PYFN(logger_log_m)
{
	if (check_log_kw(ev, kw) < 0)
		return NULL;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "Logger.%s() missing 1 required positional argument: 'msg'", bi->name);
	return log_emit(ev, bi->self, method_level(bi->name), argv[0], argc - 1, argv + 1) < 0 ? NULL : val_none();
}

PYFN(logger_log)
{
	int64_t level;
	if (check_log_kw(ev, kw) < 0)
		return NULL;
	if (argc < 2)
		return err_set(ev, TY_TypeError, "Logger.log() missing %d required positional argument%s", 2 - argc,
			       argc ? ": 'msg'" : "s: 'level' and 'msg'");
	if (argv[0]->type != VT_INT)
		return err_set(ev, TY_TypeError, "level must be an integer");
	level = argv[0]->u.i;
	return log_emit(ev, bi->self, level, argv[1], argc - 2, argv + 2) < 0 ? NULL : val_none();
}

static int level_arg(struct eval *ev, struct value *v, int64_t *out)
{
	if (v->type == VT_STR) {
		static const char *const n[] = {"CRITICAL", "FATAL", "ERROR", "WARN", "WARNING", "INFO", "DEBUG", "NOTSET"};
		static const int lv[] = {50, 50, 40, 30, 30, 20, 10, 0};
		for (size_t i = 0; i < 8; i++)
			if (!strcmp(n[i], v->u.str->s)) {
				*out = lv[i];
				return 0;
			}
		err_set(ev, TY_ValueError, "Unknown level: '%s'", v->u.str->s);
		return -1;
	}
	if (v->type != VT_INT && v->type != VT_BOOL) {
		char *r = val_repr(ev, v);
		err_set(ev, TY_TypeError, "Level not an integer or a valid string: %s", r ? r : "?");
		free(r);
		return -1;
	}
	*out = v->u.i;
	return 0;
}

PYFN(logger_setLevel)
{
	struct value *l = NULL;
	int64_t level;
	if (args_parse(ev, "setLevel", argc, argv, kw, "level", &l) < 0 || level_arg(ev, l, &level) < 0)
		return NULL;
	LG(bi->self)->level = level;
	return val_none();
}

PYFN(logger_getEffectiveLevel) { return val_int(effective_level(bi->self)); }

PYFN(logger_isEnabledFor)
{
	int64_t l;
	if (argc != 1 || val_as_int64(ev, argv[0], &l) < 0)
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "isEnabledFor() takes exactly one argument");
	return val_bool(!LG(bi->self)->disabled && l > LS.disable && l >= effective_level(bi->self));
}

static struct value *logger_getattr(struct eval *ev, struct value *self, const char *name)
{
	static const struct pyfn m[] = {
		{"debug", logger_log_m}, {"info", logger_log_m}, {"warning", logger_log_m}, {"warn", logger_log_m},
		{"error", logger_log_m}, {"critical", logger_log_m}, {"fatal", logger_log_m}, {"log", logger_log},
		{"setLevel", logger_setLevel}, {"getEffectiveLevel", logger_getEffectiveLevel},
		{"isEnabledFor", logger_isEnabledFor},
	};
	struct logger *l = LG(self);
	if (!strcmp(name, "name"))
		return val_cstr(l->name);
	if (!strcmp(name, "level"))
		return val_int(l->level);
	if (!strcmp(name, "disabled"))
		return val_bool(l->disabled);
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (!strcmp(name, m[i].name))
			return val_builtin(m[i].name, m[i].fn, self, NULL);
	return NULL;
}

static int logger_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	if (!strcmp(name, "disabled")) {
		int t = val_truth(ev, v);
		if (t < 0)
			return -1;
		LG(self)->disabled = t;
		return 0;
	}
	if (!strcmp(name, "level"))
		return level_arg(ev, v, &LG(self)->level);
	err_set(ev, TY_AttributeError, "Lumen's Logger has no settable attribute '%s'", name);
	return -1;
}

static char *logger_repr(struct eval *ev, struct value *self)
{
	char buf[64];
	struct sbuf b = {0};
	sb_printf(&b, "<%s %s (%s)>", self == LS.root ? "RootLogger" : "Logger", LG(self)->name,
		  level_name(effective_level(self), buf, sizeof buf));
	return sb_take(&b);
}

static const char *const logger_attrs[] = {"debug", "info", "warning", "error", "critical", "log", "setLevel",
	"getEffectiveLevel", "isEnabledFor", "name", "level", NULL};
static const struct objtype logger_type = {
	.name = "logging.Logger", .free = logger_free, .getattr = logger_getattr, .setattr = logger_setattr,
	.repr = logger_repr, .attrs = logger_attrs,
};

PYFN(lg_getLogger)
{
	struct value *nv = NULL;
	if (args_parse(ev, "getLogger", argc, argv, kw, "|name", &nv) < 0 || state_init(ev) < 0)
		return NULL;
	if (!nv || nv->type == VT_NONE || (nv->type == VT_STR && (!strcmp(nv->u.str->s, "root") || !nv->u.str->len)))
		return val_incref(LS.root);
	if (nv->type != VT_STR)
		return err_set(ev, TY_TypeError, "A logger name must be a string");
	struct value *l = dict_getstr_borrow(LS.loggers, nv->u.str->s);
	if (l)
		return val_incref(l);
	l = logger_new(ev, nv->u.str->s, L_NOTSET);
	if (!l || dict_setstr(LS.loggers, nv->u.str->s, val_incref(l)) < 0) {
		val_decref(l);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	return l;
}

PYFN(lg_basicConfig)
{
	struct value *o[10] = {0};
	int force;
	if (args_parse(ev, "basicConfig", argc, argv, kw, "$level,format,datefmt,stream,filename,filemode,force,style,handlers,encoding",
		       &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8], &o[9]) < 0 ||
	    args_bool(ev, o[6], 0, &force) < 0)
		return NULL;
	if ((o[7] && !(o[7]->type == VT_STR && !strcmp(o[7]->u.str->s, "%"))) || (o[8] && o[8]->type != VT_NONE))
		return err_set(ev, TY_NotImplementedError, "logging.basicConfig: only %%-style formats, without handlers=");
	return basic_config(ev, o[0], o[1], o[2], o[3], o[4], o[5], force) < 0 ? NULL : val_none();
}

/* logging.info(...) and friends: basicConfig() first when unconfigured */
PYFN(lg_log_m)
{
	if (state_init(ev) < 0 || (!LS.configured && basic_config(ev, NULL, NULL, NULL, NULL, NULL, NULL, 0) < 0))
		return NULL;
	if (check_log_kw(ev, kw) < 0)
		return NULL;
	if (!strcmp(bi->name, "log")) {
		if (argc < 2 || argv[0]->type != VT_INT)
			return err_set(ev, TY_TypeError, argc < 2 ? "log() missing required arguments 'level' and 'msg'"
							     : "level must be an integer");
		return log_emit(ev, LS.root, argv[0]->u.i, argv[1], argc - 2, argv + 2) < 0 ? NULL : val_none();
	}
	if (argc < 1)
		return err_set(ev, TY_TypeError, "%s() missing 1 required positional argument: 'msg'", bi->name);
	return log_emit(ev, LS.root, method_level(bi->name), argv[0], argc - 1, argv + 1) < 0 ? NULL : val_none();
}

PYFN(lg_getLevelName)
{
	char buf[64];
	if (argc != 1)
		return err_set(ev, TY_TypeError, "getLevelName() takes exactly one argument (%d given)", argc);
	if (argv[0]->type == VT_STR) {
		int64_t l;
		if (level_arg(ev, argv[0], &l) < 0) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			struct sbuf b = {0};
			sb_printf(&b, "Level %s", argv[0]->u.str->s);
			char *s = sb_take(&b);
			return s ? val_str_take(s, strlen(s)) : err_nomem(ev);
		}
		return val_int(l);
	}
	int64_t l;
	if (val_as_int64(ev, argv[0], &l) < 0)
		return NULL;
	return val_cstr(level_name(l, buf, sizeof buf));
}

/* logging.disable(level=CRITICAL): every message at level or below dropped,
 * on every logger; disable(NOTSET) lifts it */
PYFN(lg_disable)
{
	struct value *lv = NULL;
	int64_t l = L_CRITICAL;
	if (args_parse(ev, "disable", argc, argv, kw, "|level", &lv) < 0 || (lv && val_as_int64(ev, lv, &l) < 0))
		return NULL;
	LS.disable = l;
	return val_none();
}

static const struct pyfn logging_fns[] = {
	{"getLogger", lg_getLogger}, {"basicConfig", lg_basicConfig}, {"debug", lg_log_m}, {"info", lg_log_m},
	{"warning", lg_log_m}, {"warn", lg_log_m}, {"error", lg_log_m}, {"critical", lg_log_m},
	{"fatal", lg_log_m}, {"log", lg_log_m}, {"getLevelName", lg_getLevelName}, {"disable", lg_disable},
};

struct value *logging_build(struct eval *ev, const char *name)
{
	(void)name;
	if (state_init(ev) < 0)
		return NULL;
	struct value *m = pylib_module(ev, "logging", logging_fns, sizeof logging_fns / sizeof logging_fns[0]);
	static const struct { const char *n; int v; } lv[] = {
		{"CRITICAL", 50}, {"FATAL", 50}, {"ERROR", 40}, {"WARNING", 30}, {"WARN", 30}, {"INFO", 20},
		{"DEBUG", 10}, {"NOTSET", 0},
	};
	for (size_t i = 0; m && i < sizeof lv / sizeof lv[0]; i++)
		if (pylib_add(ev, m, lv[i].n, val_int(lv[i].v)) < 0) {
			val_decref(m);
			return NULL;
		}
	if (m && pylib_add(ev, m, "root", val_incref(LS.root)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
