/* t-cuda-backend.c — placeholder while the backend tests are written. */
#include "config.h"
#include <stdio.h>
int main(void)
{
	puts("1..0 # SKIP no CUDA device");
	return 0;
}
