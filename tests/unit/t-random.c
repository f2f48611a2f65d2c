/*
 * t-random.c — numpy.random against NumPy: the bit generators bit for bit
 * (MT19937 legacy draws and PCG64 Generator draws for several seeds,
 * random_cases.h), then the random-* cells through the engine.
 */
#include <math.h>
#include "random/random.h"
#include "random_cases.h"
#include "numharness.h"

static int check_case(const struct rcase *c)
{
	int n = c->n, ntail = n > RCASE_N ? n - RCASE_N : 0, total = ntail ? RCASE_TAIL + ntail : n;
	double *got = calloc(total, sizeof(double));
	uint64_t *u = calloc(total, sizeof(uint64_t));
	struct mt19937 mt;
	struct pcg64 pcg;
	int bad = -1;
	if (!got || !u)
		return 0;
	mt_seed_legacy(&mt, c->seed);
	pcg_seed(&pcg, c->seed);
	const char *k = c->kind;
	if (!strcmp(k, "mt_double"))
		for (int i = 0; i < total; i++) got[i] = mt_double(&mt);
	else if (!strcmp(k, "mt_gauss"))
		for (int i = 0; i < total; i++) got[i] = mt_gauss(&mt);
	else if (!strcmp(k, "pcg_double"))
		for (int i = 0; i < total; i++) got[i] = pcg_double(&pcg);
	else if (!strcmp(k, "pcg_float"))
		for (int i = 0; i < total; i++) got[i] = pcg_float(&pcg);
	else if (!strcmp(k, "pcg_normal"))
		for (int i = 0; i < total; i++) got[i] = pcg_normal(&pcg);
	else if (!strcmp(k, "pcg_normal_f"))
		for (int i = 0; i < total; i++) got[i] = pcg_normal_f(&pcg);
	else if (!strcmp(k, "mt_perm") || !strcmp(k, "pcg_perm")) {
		for (int i = 0; i < total; i++) got[i] = i;
		for (int i = total - 1; i >= 1; i--) {
			uint64_t j = k[0] == 'm' ? mt_bounded(&mt, i) : pcg_interval(&pcg, i);
			double t = got[i];
			got[i] = got[j];
			got[j] = t;
		}
	} else {
		static const struct { const char *k; uint64_t rng; int bits; } ints[] = {
			{"mt_int64_99", 99, 64}, {"mt_int64_2e40", (1ULL << 40) - 1, 64},
			{"mt_int8_99", 99, 8}, {"mt_int16_999", 999, 16}, {"mt_bool", 1, 1},
			{"pcg_int64_99", 99, 64}, {"pcg_int64_1e10", 10000000000ULL, 64},
			{"pcg_uint8_199", 199, 8}, {"pcg_int16_999", 999, 16}, {"pcg_bool", 1, 1},
		};
		int found = 0;
		for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
			if (!strcmp(k, ints[i].k)) {
				if (k[0] == 'm')
					mt_bounded_fill(&mt, ints[i].rng, ints[i].bits, total, u);
				else
					pcg_bounded_fill(&pcg, ints[i].rng, ints[i].bits, total, u);
				for (int j = 0; j < total; j++)
					got[j] = (double)u[j];
				found = 1;
			}
		if (!found) {
			printf("# unknown kind %s\n", k);
			bad = 0;
		}
	}
	for (int i = 0; i < n && bad < 0; i++) {
		int at = i < RCASE_N ? i : RCASE_TAIL + (i - RCASE_N);
		if (got[at] != c->v[i]) {
			printf("# %s seed %llu: item %d: got %.17g want %.17g\n", k, c->seed, at, got[at], c->v[i]);
			bad = at;
		}
	}
	free(got);
	free(u);
	return bad < 0;
}

int main(void)
{
	int ncases = 0, num = 0, failed = 0;
	for (const struct rcase *c = rcases; c->kind; c++)
		ncases++;
	printf("1..%d\n", ncases + 2 + 5 + nh_count("random-"));
	for (const struct rcase *c = rcases; c->kind; c++) {
		int ok = check_case(c);
		failed += !ok;
		printf("%s %d - %s seed %llu\n", ok ? "ok" : "not ok", ++num, c->kind, c->seed);
	}
	/* init_by_array: RandomState([1, 2, 3]).random_sample() and a reseed */
	{
		struct mt19937 mt;
		uint32_t key[3] = {1, 2, 3};
		mt_seed_array(&mt, key, 3);
		double x = mt_double(&mt);
		int ok = x == 0x1.383fbc97230c2p-1;
		printf("%s %d - init_by_array([1, 2, 3]) first double (%.17g)\n", ok ? "ok" : "not ok", ++num, x);
		failed += !ok;
	}
	/* default_rng(2**40 + 3): a two-word SeedSequence entropy */
	{
		struct pcg64 p;
		pcg_seed(&p, (1ULL << 40) + 3);
		double x = pcg_double(&p);
		int ok = x == 0x1.8c1ca67f77610p-1;
		printf("%s %d - default_rng(2**40 + 3).random() (%.17g)\n", ok ? "ok" : "not ok", ++num, x);
		failed += !ok;
	}
	/* the other bit generators seeded by SeedSequence(5): NumPy's
	 * KIND(5).random_raw(3) (MT19937: 32-bit words) */
	{
		static const struct {
			int kind;
			const char *name;
			uint64_t raw[3];
		} bg[] = {
			{BG_PCG64, "PCG64", {14849682912918955432ULL, 14903876974979881461ULL, 9506078739185184192ULL}},
			{BG_PCG64DXSM, "PCG64DXSM", {18372055152263355045ULL, 8489134709661829815ULL, 1017695928387498294ULL}},
			{BG_PHILOX, "Philox", {15819541710926433573ULL, 17064937530545973451ULL, 7772935410947358787ULL}},
			{BG_SFC64, "SFC64", {12614612106463595544ULL, 746723346124915927ULL, 7914240138488306530ULL}},
			{BG_MT19937, "MT19937", {1463718072ULL, 2137291433ULL, 2035765579ULL}},
		};
		for (size_t k = 0; k < sizeof bg / sizeof bg[0]; k++) {
			uint32_t ent = 5, pool[4], w[624];
			struct pcg64 p;
			int ok = 1;
			ss_generate(&ent, 1, pool, 4, w, bg_seed_nwords(bg[k].kind));
			bg_seed(&p, bg[k].kind, w);
			for (int i = 0; i < 3; i++)
				ok &= (bg[k].kind == BG_MT19937 ? mt_next32(&p.o.mt) : pcg_next64(&p)) == bg[k].raw[i];
			printf("%s %d - %s(5).random_raw(3)\n", ok ? "ok" : "not ok", ++num, bg[k].name);
			failed += !ok;
		}
	}
	nh_chdir_scratch();
	nh_run_prefix("random-", &num, &failed);
	return 0;
}
