/*
 * memmap.c — np.memmap: a host array whose buffer maps a file (mmap(2)), as
 * NumPy's numpy/_core/memmap.py makes it: modes 'r' (read-only), 'r+'
 * (read-write, shared), 'w+' (created or truncated, then as 'r+') and 'c'
 * (copy-on-write: writable, the file never changes), offset, shape (None:
 * the rest of the file), order; the attributes filename, offset and mode, and
 * flush().  Its views are memmaps too (ND_MEMMAP); what a ufunc computes from
 * one is a new array, as NumPy's __array_wrap__ gives it.
 *
 * Owns the mappings: each buffer's cookie is a struct mapping, unmapped with
 * the buffer's last reference (struct buffer's release).  Host only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/strbuf.h"

struct mapping {
	void *map;          /* what mmap gave */
	size_t maplen;
	char *filename;     /* os.path.abspath of the name */
	char mode[3];       /* "r", "r+", "w+", "c" */
	int64_t offset;     /* as given */
};

static void mm_release(struct buffer *b)
{
	struct mapping *m = b->cookie;
	munmap(m->map, m->maplen);
	free(m->filename);
	free(m);
	free(b);
}

/* The mapping of a memmap, or NULL for any other array. */
static struct mapping *mapping_of(const struct ndarray *a)
{
	if (a->sub != ND_MEMMAP || a->buf->release != mm_release)
		return NULL;
	return a->buf->cookie;
}

/* os.path.abspath: joined with the working directory, '.', '..' and
 * repeated '/' folded away.  malloc'd, or NULL. */
static char *abspath(const char *name)
{
	char cwd[4096];
	struct sbuf in = {0};
	if (name[0] != '/') {
		if (!getcwd(cwd, sizeof cwd))
			return NULL;
		sb_adds(&in, cwd);
		sb_adds(&in, "/");
	}
	sb_adds(&in, name);
	char *path = sb_take(&in);
	if (!path)
		return NULL;
	char *out = malloc(strlen(path) + 2);
	size_t n = 0;
	if (!out) {
		free(path);
		return NULL;
	}
	for (char *p = path; *p;) {
		while (*p == '/')
			p++;
		char *e = p;
		while (*e && *e != '/')
			e++;
		size_t len = (size_t)(e - p);
		if (len == 1 && p[0] == '.') {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (n > 0 && out[n - 1] != '/')
				n--;
			if (n > 0)
				n--;
		} else if (len) {
			out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p = e;
	}
	if (n == 0)
		out[n++] = '/';
	out[n] = 0;
	free(path);
	return out;
}

static void *os_err(struct eval *ev, int e, const char *name)
{
	return err_set(ev, e == ENOENT ? TY_FileNotFoundError : e == EACCES ? TY_PermissionError :
		       e == EISDIR ? TY_IsADirectoryError : TY_OSError,
		       "[Errno %d] %s: '%s'", e, strerror(e), name);
}

static int parse_mode(struct eval *ev, struct value *v, char *mode)
{
	static const char *const names[][2] = {
		{"r", "r"}, {"c", "c"}, {"r+", "r+"}, {"w+", "w+"},
		{"readonly", "r"}, {"copyonwrite", "c"}, {"readwrite", "r+"}, {"write", "w+"},
	};
	const char *s = v ? val_as_cstr(v) : "r+";
	for (size_t i = 0; s && i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(s, names[i][0])) {
			strcpy(mode, names[i][1]);
			return 0;
		}
	char *r = v ? val_repr(ev, v) : NULL;
	if (r)
		err_set(ev, TY_ValueError, "mode must be one of ['r', 'c', 'r+', 'w+', 'readonly', 'copyonwrite', 'readwrite', 'write'] (got %s)", r);
	free(r);
	return -1;
}

/* the element count of shape, or -1 past int64 */
static int64_t count_of(int nd, const int64_t *shape)
{
	int64_t n = 1;
	for (int i = 0; i < nd; i++) {
		if (shape[i] < 0)
			return -2;
		if (shape[i] && n > INT64_MAX / shape[i])
			return -1;
		n *= shape[i];
	}
	return n;
}

/* The array over the file: a buffer of mapping m (stolen) seen as shape */
static struct ndarray *mapped_array(struct eval *ev, const struct backend *be, struct mapping *m, size_t start,
				    int dtype, int nd, const int64_t *shape, char order, int writeable)
{
	struct buffer *b = malloc(sizeof *b);
	struct ndarray *a;
	int64_t st[ND_MAXDIM], s = dt_size(dtype);
	if (!b) {
		munmap(m->map, m->maplen);
		free(m->filename);
		free(m);
		return err_nomem(ev);
	}
	*b = (struct buffer){.refcnt = 1, .data = m->map, .nbytes = m->maplen, .be = be,
			     .cookie = m, .release = mm_release};
	for (int k = 0; k < nd; k++) {
		int i = order == 'F' ? k : nd - 1 - k;
		st[i] = s;
		s *= shape[i] ? shape[i] : 1;
	}
	a = nd_view(ev, &(struct ndarray){.buf = b, .flags = writeable ? ND_WRITEABLE : ND_LOCKED, .sub = ND_MEMMAP},
		    dtype, nd, shape, st, (int64_t)(m->offset - (int64_t)start));
	if (a)
		a->base = NULL;   /* the header above is no array (NumPy's base is the mmap) */
	buf_decref(b);
	return a;
}

/* np.memmap(filename, dtype=uint8, mode='r+', offset=0, shape=None, order='C') */
static struct value *f_memmap(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *fv, *dtv = NULL, *modev = NULL, *offv = NULL, *shapev = NULL, *orderv = NULL;
	int dtype = DT_UINT8, nd = 1, fd;
	int64_t shape[ND_MAXDIM], offset = 0, n;
	char mode[3], order;
	const char *name;
	struct stat st;

	if (args_parse(ev, "memmap", argc, argv, kw, "filename|dtype,mode,offset,shape,order",
		       &fv, &dtv, &modev, &offv, &shapev, &orderv) < 0)
		return NULL;
	if (arr_be(bi)->cupy)
		return err_set(ev, TY_NotImplementedError, "cupy has no memmap (np.memmap is host memory)");
	if (parse_mode(ev, modev, mode) < 0 || (dtv && arr_parse_dtype(ev, dtv, &dtype) < 0) ||
	    args_int(ev, offv, 0, &offset) < 0 || arr_parse_order(ev, orderv, 'C', &order) < 0)
		return NULL;
	if (order != 'F')   /* 'A' and 'K' lay a new array out as 'C' */
		order = 'C';
	if (!(name = val_as_cstr(fv)))
		return err_set(ev, TY_TypeError, "np.memmap: filename must be a str (Lumen has no file objects here), not %s",
			       val_type_name(fv));
	if (!strcmp(mode, "w+") && (!shapev || shapev->type == VT_NONE))
		return err_set(ev, TY_ValueError, "shape must be given if mode == 'w+'");
	if (offset < 0)
		return err_set(ev, TY_ValueError, "mmap offset must be non-negative");
	fd = open(name, !strcmp(mode, "w+") ? O_RDWR | O_CREAT | O_TRUNC : !strcmp(mode, "r+") ? O_RDWR : O_RDONLY,
		  0666);
	if (fd < 0)
		return os_err(ev, errno, name);
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
		close(fd);
		return os_err(ev, e, name);
	}
	int64_t flen = st.st_size, isz = dt_size(dtype), bytes;
	if (!shapev || shapev->type == VT_NONE) {
		bytes = flen - offset;
		if (bytes % isz) {
			close(fd);
			return err_set(ev, TY_ValueError, "Size of available data is not a multiple of the data-type size.");
		}
		shape[0] = bytes / isz;
		if (shape[0] < 0) {
			close(fd);
			return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
		}
	} else if (arr_parse_shape(ev, shapev, &nd, shape) < 0) {
		close(fd);
		return NULL;
	}
	n = count_of(nd, shape);
	if (n == -2 || n == -1 || n > (INT64_MAX - offset) / isz) {
		close(fd);
		return err_set(ev, TY_ValueError, n == -2 ? "negative dimensions are not allowed"
						    : "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
	}
	bytes = offset + n * isz;
	if (!strcmp(mode, "w+") || !strcmp(mode, "r+")) {
		if (bytes < 1)
			bytes = 1;
		if (flen < bytes && ftruncate(fd, bytes) < 0) {
			int e = errno;
			close(fd);
			return os_err(ev, e, name);
		}
		flen = flen < bytes ? bytes : flen;
	}
	long gran = sysconf(_SC_PAGESIZE);
	int64_t start = offset - offset % gran;
	bytes -= start;
	if (bytes == 0 && start > 0) {
		bytes += gran;
		start -= gran;
	}
	if (bytes == 0 && flen == 0) {
		close(fd);
		return err_set(ev, TY_ValueError, "cannot mmap an empty file");
	}
	if (start + bytes > flen) {
		close(fd);
		return err_set(ev, TY_ValueError, start > flen ? "mmap offset is greater than file size"
							    : "mmap length is greater than file size");
	}
	int prot = !strcmp(mode, "r") ? PROT_READ : PROT_READ | PROT_WRITE;
	void *map = mmap(NULL, (size_t)bytes, prot, !strcmp(mode, "c") ? MAP_PRIVATE : MAP_SHARED, fd, (off_t)start);
	int e = errno;
	close(fd);
	if (map == MAP_FAILED)
		return os_err(ev, e, name);
	struct mapping *m = calloc(1, sizeof *m);
	if (!m || !(m->filename = abspath(name))) {
		free(m);
		munmap(map, (size_t)bytes);
		return err_nomem(ev);
	}
	m->map = map;
	m->maplen = (size_t)bytes;
	strcpy(m->mode, mode);
	m->offset = offset;
	return arr_wrap(ev, mapped_array(ev, arr_be(bi), m, (size_t)start, dtype, nd, shape, order, mode[0] != 'r' || mode[1]));
}

/* a memmap's own attributes (filename, offset, mode, _mmap); NULL with no
 * error for another name or array */
struct value *arr_memmap_getattr(struct eval *ev, const struct ndarray *a, const char *name)
{
	struct mapping *m = mapping_of(a);
	(void)ev;
	if (!m)
		return NULL;
	if (!strcmp(name, "filename"))
		return val_cstr(m->filename);
	if (!strcmp(name, "offset"))
		return val_int(m->offset);
	if (!strcmp(name, "mode"))
		return val_cstr(m->mode);
	return NULL;
}

/* fp.flush(): the mapped pages written back to the file (msync) */
static struct value *m_flush(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct mapping *m = mapping_of(bi->self->u.arr);
	if (args_parse(ev, "flush", argc, argv, kw, "") < 0)
		return NULL;
	if (!m)
		return err_set(ev, TY_AttributeError, "'numpy.ndarray' object has no attribute 'flush'");
	if (strcmp(m->mode, "c") && strcmp(m->mode, "r") && msync(m->map, m->maplen, MS_SYNC) < 0)
		return os_err(ev, errno, m->filename);
	return val_none();
}

/* 1 when name is one of memmap's own methods or attributes */
int arr_memmap_name(const char *name)
{
	return !strcmp(name, "flush") || !strcmp(name, "filename") || !strcmp(name, "offset") ||
	       !strcmp(name, "mode");
}

const struct arr_func arr_memmap_funcs[] = {
	{"memmap", f_memmap, "memmap(filename, dtype=uint8, mode='r+', offset=0, shape=None, order='C')",
	 "Create a memory-map to an array stored in a *binary* file on disk."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_memmap_methods[] = {
	{"flush", m_flush, "flush()", "Write any changes in the array to the file on disk."},
	{NULL, NULL, NULL, NULL}
};
