/*
 * mpi.h — the door of engine/mpi/: mpi4py's API for cells (`from mpi4py
 * import MPI`).  The session registers the module at start-up and calls
 * mpimod_finalize when the process ends; a build without MPI (mpi_none.c)
 * registers nothing, so the import is a ModuleNotFoundError.
 */
#ifndef LUMEN_MPI_H
#define LUMEN_MPI_H

/* Registers "mpi4py" and "mpi4py.MPI" with lang's module table (idempotent).
 * Returns 0, or -1 when the table is full. */
int mpimod_init(void);
/* Finalizes MPI if (and only if) the module initialized it, after
 * releasing what it holds (NCCL communicators, dup'ed communicators). */
void mpimod_finalize(void);
/* The MPI front end's world (engine_mpi_set_world): informational, and the
 * local rank picks the GPU (local_rank % device_count). */
void mpimod_set_world(int rank, int size, int local_rank);
/* The MPI kernel, on every rank before each cell, at the same point of its
 * requests: after_interrupt when an interrupt reached the cell before; if
 * any rank used MPI in that cell, the cells' MPI.COMM_WORLD is renewed
 * (collective).  1 renewed, 0 not, -1 when MPI failed. */
int mpimod_cell_begin(int after_interrupt);

#endif
