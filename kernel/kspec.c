/*
 * kspec.c — `lumen kernelspec install [--mpi N] [--launcher CMD] ...`:
 * writes a Jupyter kernelspec for the kernel programs next to `lumen`.
 *
 * Owns the kernel.json of the plain kernel (lumen) and of the MPI kernel
 * (lumen-mpi: the launcher, N ranks, lumen-mpi-kernel, interrupts as
 * messages, since mpiexec would end the job on SIGINT).  Never starts a
 * kernel; the logos are copied from the installed kernelspec when found.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>

#include "kernel/kspec.h"

static void usage(FILE *f)
{
	fputs("usage: lumen kernelspec install [--mpi N] [--launcher CMD] [--name NAME]\n"
	      "                                [--user | --prefix DIR]\n"
	      "  Writes the kernelspec of the kernel next to this `lumen` (default: the\n"
	      "  user's, ~/.local/share/jupyter/kernels/NAME).\n"
	      "  --mpi N        the MPI kernel on N ranks (name lumen-mpi): argv is\n"
	      "                 CMD -n N lumen-mpi-kernel -f {connection_file}\n"
	      "  --launcher CMD the launcher (default mpiexec; e.g. 'srun --mpi=pmix');\n"
	      "                 {n} in CMD stands for N (then no -n N is added)\n"
	      "  --prefix DIR   under DIR/share/jupyter/kernels (a virtualenv: sys.prefix)\n", f);
}

/* mkdir -p; 0 or -1 with errno */
static int mkdirs(const char *path)
{
	char buf[PATH_MAX];
	size_t i, n = strlen(path);

	if (n >= sizeof buf) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++)
		if (buf[i] == '/' || buf[i] == 0) {
			char c = buf[i];
			buf[i] = 0;
			if (mkdir(buf, 0755) && errno != EEXIST)
				return -1;
			buf[i] = c;
		}
	return 0;
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out;
	char buf[8192];
	size_t n;

	if (!in)
		return;
	out = fopen(to, "wb");
	if (out) {
		while ((n = fread(buf, 1, sizeof buf, in)) > 0)
			fwrite(buf, 1, n, out);
		fclose(out);
	}
	fclose(in);
}

/* The launcher's words, {n} replaced by the rank count; -n N appended
 * when CMD has no {n}. */
static int add_launcher(json_t *argv, const char *cmd, int nranks)
{
	char *copy = strdup(cmd), *save = NULL, *w, *p, num[16];
	int had_n = 0;

	if (!copy)
		return -1;
	snprintf(num, sizeof num, "%d", nranks);
	for (p = copy; (w = strtok_r(p, " \t", &save)); p = NULL) {
		char *at = strstr(w, "{n}");
		if (at) {
			char word[512];
			snprintf(word, sizeof word, "%.*s%s%s", (int)(at - w), w, num, at + 3);
			json_array_append_new(argv, json_string(word));
			had_n = 1;
		} else {
			json_array_append_new(argv, json_string(w));
		}
	}
	free(copy);
	if (!had_n) {
		json_array_append_new(argv, json_string("-n"));
		json_array_append_new(argv, json_string(num));
	}
	return 0;
}

int kspec_main(int argc, char **argv, const char *installed_spec)
{
	const char *launcher = "mpiexec", *name = NULL, *prefix = NULL;
	char self[PATH_MAX], bindir[PATH_MAX], dir[PATH_MAX], path[PATH_MAX + 32];
	char prog[PATH_MAX + 32], disp[128];
	int i, nranks = 0;
	ssize_t n;
	json_t *spec, *av;

	if (argc < 2 || strcmp(argv[1], "install")) {
		usage(argc >= 2 && !strcmp(argv[1], "--help") ? stdout : stderr);
		return argc >= 2 && !strcmp(argv[1], "--help") ? 0 : 2;
	}
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--mpi") && i + 1 < argc) {
			char *end;
			long v = strtol(argv[++i], &end, 10);
			if (*end || v < 1 || v > 1 << 20) {
				fprintf(stderr, "lumen kernelspec: --mpi needs a rank count >= 1\n");
				return 2;
			}
			nranks = (int)v;
		} else if (!strcmp(argv[i], "--launcher") && i + 1 < argc) {
			launcher = argv[++i];
		} else if (!strcmp(argv[i], "--name") && i + 1 < argc) {
			name = argv[++i];
		} else if (!strcmp(argv[i], "--prefix") && i + 1 < argc) {
			prefix = argv[++i];
		} else if (!strcmp(argv[i], "--user")) {
			prefix = NULL;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "lumen kernelspec: unknown argument: %s\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (!name)
		name = nranks ? "lumen-mpi" : "lumen";
	if (!*name || strchr(name, '/')) {
		fprintf(stderr, "lumen kernelspec: bad kernelspec name: %s\n", name);
		return 2;
	}
	/* the kernel programs sit next to this lumen (installed or built) */
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0) {
		fprintf(stderr, "lumen kernelspec: cannot find this program: %s\n", strerror(errno));
		return 1;
	}
	self[n] = 0;
	snprintf(bindir, sizeof bindir, "%s", self);
	*strrchr(bindir, '/') = 0;
	snprintf(prog, sizeof prog, "%s/%s", bindir, nranks ? "lumen-mpi-kernel" : "lumen-kernel");
	if (access(prog, X_OK)) {
		fprintf(stderr, "lumen kernelspec: %s is not there%s\n", prog,
			nranks ? " (configure found no MPI: install libopenmpi-dev openmpi-bin)" : "");
		return 1;
	}
	if (prefix) {
		snprintf(dir, sizeof dir, "%s/share/jupyter/kernels/%s", prefix, name);
	} else if (getenv("JUPYTER_DATA_DIR") && *getenv("JUPYTER_DATA_DIR")) {
		snprintf(dir, sizeof dir, "%s/kernels/%s", getenv("JUPYTER_DATA_DIR"), name);
	} else if (getenv("XDG_DATA_HOME") && *getenv("XDG_DATA_HOME")) {
		snprintf(dir, sizeof dir, "%s/jupyter/kernels/%s", getenv("XDG_DATA_HOME"), name);
	} else if (getenv("HOME")) {
		snprintf(dir, sizeof dir, "%s/.local/share/jupyter/kernels/%s", getenv("HOME"), name);
	} else {
		fprintf(stderr, "lumen kernelspec: no HOME: give --prefix\n");
		return 2;
	}
	av = json_array();
	if (nranks && add_launcher(av, launcher, nranks)) {
		json_decref(av);
		return 1;
	}
	json_array_append_new(av, json_string(prog));
	json_array_append_new(av, json_string("-f"));
	json_array_append_new(av, json_string("{connection_file}"));
	if (nranks)
		snprintf(disp, sizeof disp, "Lumen MPI (%d rank%s)", nranks, nranks == 1 ? "" : "s");
	else
		snprintf(disp, sizeof disp, "Lumen (GPU arrays)");
	spec = json_pack("{s:o, s:s, s:s, s:s, s:{}, s:{s:b, s:s, s:[s], s:s}}",
			 "argv", av, "display_name", disp, "language", "python",
			 /* mpiexec ends the whole job on SIGINT: interrupt as a message */
			 "interrupt_mode", nranks ? "message" : "signal", "env",
			 "metadata", "debugger", 0, "implementation", "lumen",
			 "supported_encryption", "curve",
			 "description", nranks ? "NumPy/CuPy-style Python cells on MPI ranks (SPMD)"
					       : "NumPy/CuPy-style Python cells on the GPU");
	if (spec && nranks)
		json_object_set_new(json_object_get(spec, "metadata"), "mpi_ranks",
				    json_integer(nranks));
	snprintf(path, sizeof path, "%s/kernel.json", dir);
	if (!spec || mkdirs(dir) || json_dump_file(spec, path, JSON_INDENT(1))) {
		fprintf(stderr, "lumen kernelspec: cannot write %s: %s\n", path, strerror(errno));
		json_decref(spec);
		return 1;
	}
	json_decref(spec);
	for (i = 32; i <= 64; i += 32) {
		char from[PATH_MAX + 32];
		snprintf(from, sizeof from, "%s/logo-%dx%d.png", installed_spec, i, i);
		snprintf(path, sizeof path, "%s/logo-%dx%d.png", dir, i, i);
		copy_file(from, path);
	}
	printf("Installed kernelspec %s in %s\n", name, dir);
	return 0;
}
