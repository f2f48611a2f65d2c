/*
 * random_dist_more.c — (stub)
 */
#include "random/random_int.h"

const struct arr_func rnd_gen_more[] = {
	{NULL, NULL, NULL, NULL}
};
