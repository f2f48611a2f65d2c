/*
 * hashlib.c — the hashlib module over OpenSSL's EVP digests: md5, sha1,
 * sha224/256/384/512, sha3_*, shake_128/256, blake2b/s (their default
 * sizes), new(name, data), the hash object's update / digest / hexdigest /
 * copy and name / digest_size / block_size, algorithms_guaranteed and
 * algorithms_available, with CPython's messages.  blake2's keyword
 * parameters (key, salt, person, digest_size other than the default) are a
 * NotImplementedError.  Each hash object owns one EVP_MD_CTX.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "pylib/pylib_int.h"
#include "pyobj/pyobj.h"
#include "pyobj/bytesobj.h"

/* CPython's names and OpenSSL's for them (algorithms_guaranteed) */
static const struct { const char *name, *ossl; } algos[] = {
	{"md5", "MD5"}, {"sha1", "SHA1"}, {"sha224", "SHA224"}, {"sha256", "SHA256"},
	{"sha384", "SHA384"}, {"sha512", "SHA512"}, {"sha3_224", "SHA3-224"},
	{"sha3_256", "SHA3-256"}, {"sha3_384", "SHA3-384"}, {"sha3_512", "SHA3-512"},
	{"shake_128", "SHAKE128"}, {"shake_256", "SHAKE256"},
	{"blake2b", "BLAKE2B-512"}, {"blake2s", "BLAKE2S-256"},
};
#define NALGOS (sizeof algos / sizeof algos[0])

struct hash {
	EVP_MD_CTX *ctx;
	int algo;   /* index into algos */
};

static void hash_free(void *p)
{
	struct hash *h = p;
	EVP_MD_CTX_free(h->ctx);
	free(h);
}

static int is_xof(int algo)
{
	return !strncmp(algos[algo].name, "shake", 5);
}

/* the bytes of a data argument (borrowed), or -1 with CPython's TypeError */
static int data_arg(struct eval *ev, struct value *v, const char **s, size_t *n)
{
	if (v && v->type == VT_BYTES) {
		*s = v->u.str->s;
		*n = v->u.str->len;
		return 0;
	}
	if (v && v->type == VT_STR)
		err_set(ev, TY_TypeError, "Strings must be encoded before hashing");
	else
		err_set(ev, TY_TypeError, "object supporting the buffer API required");
	return -1;
}

static const struct objtype hash_type;

static struct hash *self_hash(struct value *self)
{
	return self->u.obj.p;
}

PYFN(h_update)
{
	struct value *data;
	const char *s;
	size_t n;
	if (args_parse(ev, "update", argc, argv, kw, "obj", &data) < 0 || data_arg(ev, data, &s, &n) < 0)
		return NULL;
	if (EVP_DigestUpdate(self_hash(bi->self)->ctx, s, n) != 1)
		return err_set(ev, TY_ValueError, "hashlib: digest update failed");
	return val_none();
}

/* the digest of a copy of the context (n bytes for XOFs) into a new bytes */
static struct value *finish(struct eval *ev, struct hash *h, int64_t xoflen, char **out, size_t *outn)
{
	unsigned char buf[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	if (!c || EVP_MD_CTX_copy_ex(c, h->ctx) != 1) {
		EVP_MD_CTX_free(c);
		return err_nomem(ev);
	}
	struct value *r;
	char *p;
	if (is_xof(h->algo)) {
		r = val_bytes_alloc((size_t)xoflen, &p);
		if (r && xoflen > 0 && EVP_DigestFinalXOF(c, (unsigned char *)p, (size_t)xoflen) != 1) {
			val_decref(r);
			r = err_set(ev, TY_ValueError, "hashlib: digest failed");
		}
	} else {
		if (EVP_DigestFinal_ex(c, buf, &len) != 1) {
			EVP_MD_CTX_free(c);
			return err_set(ev, TY_ValueError, "hashlib: digest failed");
		}
		r = val_bytes_alloc(len, &p);
		if (r)
			memcpy(p, buf, len);
	}
	EVP_MD_CTX_free(c);
	if (!r)
		return err_occurred(ev) ? NULL : err_nomem(ev);
	*out = p;
	*outn = r->u.str->len;
	return r;
}

static struct value *digest_common(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw, int hex)
{
	struct hash *h = self_hash(bi->self);
	const char *fname = hex ? "hexdigest" : "digest";
	int64_t xoflen = 0;
	if (is_xof(h->algo)) {
		struct value *len;
		if (args_parse(ev, fname, argc, argv, kw, "length", &len) < 0)
			return NULL;
		if (len->type != VT_INT && len->type != VT_BOOL)
			return err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer",
				       val_type_name(len));
		xoflen = len->u.i;
		if (xoflen < 0)
			return err_set(ev, TY_ValueError, "length must be non-negative");
		if (xoflen > (1 << 29))
			return err_set(ev, TY_ValueError, "digest length is too large");
	} else if (argc || (kw && kw->n)) {
		if (kw && kw->n)
			return err_set(ev, TY_TypeError, "HASH.%s() takes no keyword arguments", fname);
		return err_set(ev, TY_TypeError, "HASH.%s() takes no arguments (%d given)", fname, argc);
	}
	char *p = NULL;
	size_t n = 0;
	struct value *r = finish(ev, h, xoflen, &p, &n);
	if (!r || !hex)
		return r;
	char *t = malloc(2 * n + 1);
	if (!t) {
		val_decref(r);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < n; i++)
		snprintf(t + 2 * i, 3, "%02x", (unsigned char)p[i]);
	val_decref(r);
	r = val_str(t, 2 * n);
	free(t);
	return r ? r : err_nomem(ev);
}

PYFN(h_digest)
{
	return digest_common(ev, bi, argc, argv, kw, 0);
}

PYFN(h_hexdigest)
{
	return digest_common(ev, bi, argc, argv, kw, 1);
}

static struct value *hash_wrap(struct eval *ev, EVP_MD_CTX *ctx, int algo)
{
	struct hash *h = malloc(sizeof *h);
	if (!h) {
		EVP_MD_CTX_free(ctx);
		return err_nomem(ev);
	}
	h->ctx = ctx;
	h->algo = algo;
	struct value *v = val_object_new(&hash_type, h);
	return v ? v : err_nomem(ev);
}

PYFN(h_copy)
{
	if (args_parse(ev, "copy", argc, argv, kw, "") < 0)
		return NULL;
	struct hash *h = self_hash(bi->self);
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	if (!c || EVP_MD_CTX_copy_ex(c, h->ctx) != 1) {
		EVP_MD_CTX_free(c);
		return err_nomem(ev);
	}
	return hash_wrap(ev, c, h->algo);
}

static struct value *hash_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct hash *h = self_hash(self);
	const EVP_MD *md = EVP_MD_CTX_get0_md(h->ctx);
	if (!strcmp(name, "name"))
		return val_cstr(algos[h->algo].name);
	if (!strcmp(name, "digest_size"))
		return val_int(is_xof(h->algo) ? 0 : EVP_MD_get_size(md));
	if (!strcmp(name, "block_size"))
		return val_int(EVP_MD_get_block_size(md));
	static const struct pyfn meths[] = {
		{"update", h_update}, {"digest", h_digest}, {"hexdigest", h_hexdigest}, {"copy", h_copy},
	};
	for (size_t i = 0; i < sizeof meths / sizeof meths[0]; i++)
		if (!strcmp(name, meths[i].name))
			return val_builtin(meths[i].name, meths[i].fn, self, NULL);
	return NULL;
}

static char *hash_repr(struct eval *ev, struct value *self)
{
	struct hash *h = self_hash(self);
	char *s = malloc(96);
	if (s)
		snprintf(s, 96, "<%s _hashlib.HASH object @ %p>", algos[h->algo].name, (void *)self);
	return s;
}

static const char *const hash_attrs[] = {
	"block_size", "copy", "digest", "digest_size", "hexdigest", "name", "update", NULL,
};

static const struct objtype hash_type = {
	.name = "HASH", .free = hash_free, .getattr = hash_getattr, .repr = hash_repr,
	.attrs = hash_attrs,
};

/* a new hash object of algorithm algo fed with data (NULL: none) */
static struct value *hash_new(struct eval *ev, int algo, struct value *data)
{
	const char *s = NULL;
	size_t n = 0;
	if (data && data_arg(ev, data, &s, &n) < 0)
		return NULL;
	EVP_MD *md = EVP_MD_fetch(NULL, algos[algo].ossl, NULL);
	EVP_MD_CTX *ctx = md ? EVP_MD_CTX_new() : NULL;
	if (!ctx || EVP_DigestInit_ex(ctx, md, NULL) != 1 || EVP_DigestUpdate(ctx, s, n) != 1) {
		EVP_MD_CTX_free(ctx);
		EVP_MD_free(md);
		return err_set(ev, TY_ValueError, "unsupported hash type %s", algos[algo].name);
	}
	EVP_MD_free(md);
	return hash_wrap(ev, ctx, algo);
}

/* md5(string=b'', *, usedforsecurity=True) and the others: bi->data is the algorithm */
PYFN(hl_named)
{
	int algo = (int)(intptr_t)bi->data;
	struct value *data = NULL, *sec = NULL;
	if (!strncmp(algos[algo].name, "blake2", 6)) {
		/* blake2's parameters beyond the data: only their defaults */
		static const char *const extra[] = {"digest_size", "key", "salt", "person", "fanout",
			"depth", "leaf_size", "node_offset", "node_depth", "inner_size", "last_node", NULL};
		for (size_t i = 0; kw && i < kw->n; i++)
			for (size_t j = 0; extra[j]; j++)
				if (!strcmp(kw->names[i], extra[j]))
					return err_set(ev, TY_NotImplementedError,
						       "hashlib.%s(%s=...) is not supported in Lumen",
						       algos[algo].name, extra[j]);
	}
	if (args_parse(ev, algos[algo].name, argc, argv, kw, "|string$usedforsecurity", &data, &sec) < 0)
		return NULL;
	return hash_new(ev, algo, data);
}

static int find_algo(const char *name)
{
	char low[32];
	size_t n = strlen(name);
	if (n >= sizeof low)
		return -1;
	for (size_t i = 0; i <= n; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	for (size_t i = 0; i < NALGOS; i++)
		if (!strcmp(low, algos[i].name))
			return (int)i;
	return -1;
}

PYFN(hl_new)
{
	struct value *name, *data = NULL, *sec = NULL;
	if (args_parse(ev, "new", argc, argv, kw, "name|string$usedforsecurity", &name, &data, &sec) < 0)
		return NULL;
	if (name->type != VT_STR)
		return err_set(ev, TY_TypeError, "name must be a string");
	int algo = find_algo(name->u.str->s);
	if (algo < 0)
		return err_set(ev, TY_ValueError, "unsupported hash type %s", name->u.str->s);
	return hash_new(ev, algo, data);
}

static struct value *name_set(struct eval *ev)
{
	struct value *s = set_from(ev, NULL, 0);
	for (size_t i = 0; s && i < NALGOS; i++) {
		struct value *n = val_cstr(algos[i].name);
		if (!n || set_add(ev, s, n) < 0) {
			val_decref(n);
			val_decref(s);
			return err_occurred(ev) ? NULL : err_nomem(ev);
		}
		val_decref(n);
	}
	return s;
}

PYFN(hl_file_digest)
{
	return err_set(ev, TY_NotImplementedError, "hashlib.file_digest is not supported in Lumen");
}

PYFN(hl_pbkdf2)
{
	return err_set(ev, TY_NotImplementedError, "hashlib.%s is not supported in Lumen", bi->name);
}

struct value *hashlib_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {
		{"new", hl_new}, {"file_digest", hl_file_digest}, {"pbkdf2_hmac", hl_pbkdf2}, {"scrypt", hl_pbkdf2},
	};
	struct value *m = pylib_module(ev, name, fns, sizeof fns / sizeof fns[0]);
	if (!m)
		return NULL;
	for (size_t i = 0; i < NALGOS; i++)
		if (pylib_add(ev, m, algos[i].name,
			      val_builtin(algos[i].name, hl_named, NULL, (void *)(intptr_t)i)) < 0)
			goto fail;
	if (pylib_add(ev, m, "algorithms_guaranteed", name_set(ev)) < 0 ||
	    pylib_add(ev, m, "algorithms_available", name_set(ev)) < 0)
		goto fail;
	return m;
fail:
	val_decref(m);
	return NULL;
}
