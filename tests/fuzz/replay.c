/*
 * replay.c — main() for the fuzz targets in a build without libFuzzer (gcc,
 * the ASan build): runs LLVMFuzzerTestOneInput once on each file named, or
 * on each file of each directory named (the seed corpus, tests/fuzz/regress/),
 * and prints one TAP line per file.  A crash or a sanitizer report ends the
 * program, which the test harness counts as a failure.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int nrun;

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		printf("not ok %d - %s: cannot open\n", ++nrun, path);
		return 1;
	}
	size_t cap = 4096, n = 0, got;
	unsigned char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
		if ((n += got) == cap)
			buf = realloc(buf, cap *= 2);
	fclose(f);
	if (!buf) {
		printf("not ok %d - %s: out of memory\n", ++nrun, path);
		return 1;
	}
	/* a copy of exactly n bytes, so a read past the input is caught */
	unsigned char *in = malloc(n ? n : 1);
	memcpy(in, buf, n);
	free(buf);
	fflush(stdout);
	LLVMFuzzerTestOneInput(in, n);
	free(in);
	printf("ok %d - %s\n", ++nrun, path);
	fflush(stdout);
	return 0;
}

static int run_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		printf("not ok %d - %s: missing\n", ++nrun, path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	DIR *d = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t nn = 0;
	int bad = 0;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		names = realloc(names, (nn + 1) * sizeof *names);
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		names[nn] = malloc(l);
		snprintf(names[nn++], l, "%s/%s", path, e->d_name);
	}
	if (d)
		closedir(d);
	if (nn)
		qsort(names, nn, sizeof *names, cmp);
	for (size_t i = 0; i < nn; i++) {
		bad |= run_path(names[i]);
		free(names[i]);
	}
	free(names);
	return bad;
}

int main(int argc, char **argv)
{
	int bad = 0;
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		bad |= run_path(argv[i]);
	printf("1..%d\n", nrun);
	return bad;
}
