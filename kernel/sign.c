/*
 * sign.c — HMAC-SHA256 message signatures and replay protection.
 *
 * Owns the key and the history of recently seen signatures (like
 * jupyter_client's Session.digest_history, but a fixed ring).  Compares in
 * constant time.  Never sees JSON: it signs and verifies raw frames.
 * Thread-safe: the shell and control threads verify concurrently.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "kernel.h"

#define NBUCKET (SIGN_HISTORY * 2)

struct sign {
	unsigned char *key;
	size_t keylen;
	EVP_MAC *mac;
	EVP_MAC_CTX *tmpl;   /* initialised with the key; duplicated per use */
	pthread_mutex_t lock;
	/* the ring of recent signatures; chained hash over it */
	char (*ring)[SIGN_HEXLEN];
	int *next;           /* chain link per ring slot, -1 ends */
	int *bucket;         /* first ring slot per bucket, -1 empty */
	int head, count;
};

struct sign *sign_new(const char *key, size_t keylen)
{
	struct sign *s = calloc(1, sizeof *s);
	OSSL_PARAM params[2];
	int i;

	if (!s)
		return NULL;
	pthread_mutex_init(&s->lock, NULL);
	s->keylen = keylen;
	if (keylen == 0)
		return s;
	s->key = malloc(keylen);
	s->ring = malloc(sizeof *s->ring * SIGN_HISTORY);
	s->next = malloc(sizeof *s->next * SIGN_HISTORY);
	s->bucket = malloc(sizeof *s->bucket * NBUCKET);
	if (!s->key || !s->ring || !s->next || !s->bucket)
		goto fail;
	memcpy(s->key, key, keylen);
	for (i = 0; i < NBUCKET; i++)
		s->bucket[i] = -1;
	s->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (!s->mac)
		goto fail;
	s->tmpl = EVP_MAC_CTX_new(s->mac);
	if (!s->tmpl)
		goto fail;
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
						     (char *)"SHA256", 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(s->tmpl, s->key, s->keylen, params))
		goto fail;
	return s;
fail:
	sign_free(s);
	return NULL;
}

void sign_free(struct sign *s)
{
	if (!s)
		return;
	if (s->key) {
		OPENSSL_cleanse(s->key, s->keylen);
		free(s->key);
	}
	EVP_MAC_CTX_free(s->tmpl);
	EVP_MAC_free(s->mac);
	free(s->ring);
	free(s->next);
	free(s->bucket);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

int sign_enabled(const struct sign *s)
{
	return s && s->keylen > 0;
}

int sign_compute(struct sign *s, const void *const *parts, const size_t *lens,
		 int nparts, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[64];
	size_t mdlen = 0;
	EVP_MAC_CTX *c;
	int i, ok;

	hex[0] = 0;
	if (!sign_enabled(s))
		return 0;
	c = EVP_MAC_CTX_dup(s->tmpl);
	if (!c)
		return -1;
	ok = 1;
	for (i = 0; i < nparts && ok; i++)
		ok = EVP_MAC_update(c, parts[i], lens[i]);
	ok = ok && EVP_MAC_final(c, md, &mdlen, sizeof md) && mdlen == 32;
	EVP_MAC_CTX_free(c);
	if (!ok)
		return -1;
	for (i = 0; i < 32; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[SIGN_HEXLEN] = 0;
	return 0;
}

static unsigned hash_sig(const char *sig)
{
	/* the signature is already uniformly random hex */
	unsigned h = 2166136261u;
	int i;
	for (i = 0; i < SIGN_HEXLEN; i++)
		h = (h ^ (unsigned char)sig[i]) * 16777619u;
	return h % NBUCKET;
}

/* 1 if seen before; otherwise remembers it (evicting the oldest) */
static int seen_or_add(struct sign *s, const char *sig)
{
	unsigned b = hash_sig(sig);
	int i, slot, *pp;

	for (i = s->bucket[b]; i >= 0; i = s->next[i])
		if (!memcmp(s->ring[i], sig, SIGN_HEXLEN))
			return 1;
	slot = (s->head + s->count) % SIGN_HISTORY;
	if (s->count == SIGN_HISTORY) {
		/* evict the oldest, which sits in `slot` == head */
		unsigned ob = hash_sig(s->ring[slot]);
		for (pp = &s->bucket[ob]; *pp >= 0; pp = &s->next[*pp])
			if (*pp == slot) {
				*pp = s->next[slot];
				break;
			}
		s->head = (s->head + 1) % SIGN_HISTORY;
		s->count--;
	}
	memcpy(s->ring[slot], sig, SIGN_HEXLEN);
	s->next[slot] = s->bucket[b];
	s->bucket[b] = slot;
	s->count++;
	return 0;
}

int sign_verify(struct sign *s, const void *sig, size_t siglen,
		const void *const *parts, const size_t *lens, int nparts)
{
	char hex[SIGN_HEXLEN + 1];
	int rc;

	if (!sign_enabled(s))
		return 0;
	if (siglen != SIGN_HEXLEN)
		return -1;
	if (sign_compute(s, parts, lens, nparts, hex))
		return -1;
	if (CRYPTO_memcmp(hex, sig, SIGN_HEXLEN))
		return -1;
	pthread_mutex_lock(&s->lock);
	rc = seen_or_add(s, hex) ? -2 : 0;
	pthread_mutex_unlock(&s->lock);
	return rc;
}
