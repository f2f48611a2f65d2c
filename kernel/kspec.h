/*
 * kspec.h — `lumen kernelspec install` (kspec.c), for engine/cli.c.
 *
 * The one kernel/ function the command line calls; it needs no engine.
 */
#ifndef LUMEN_KSPEC_H
#define LUMEN_KSPEC_H

/* argv[0] is "kernelspec"; installed_spec is where `make install` put the
 * plain kernelspec (its logos are copied).  Returns the exit status. */
int kspec_main(int argc, char **argv, const char *installed_spec);

#endif
