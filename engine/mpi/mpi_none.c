/*
 * mpi_none.c — engine/mpi/ in a build without MPI: no module is registered
 * (so `from mpi4py import MPI` is a ModuleNotFoundError, as without mpi4py),
 * and the world the MPI front end reports only picks the GPU.
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include "mpi/mpi.h"

int mpimod_init(void) { return 0; }
void mpimod_finalize(void) {}
int mpimod_cell_begin(int after_interrupt) { (void)after_interrupt; return 0; }

void mpimod_set_world(int rank, int size, int local_rank)
{
	(void)rank;
	(void)size;
	if (local_rank >= 0) {
		char buf[16];
		snprintf(buf, sizeof buf, "%d", local_rank);
		setenv("LUMEN_LOCAL_RANK", buf, 1);
	}
}
