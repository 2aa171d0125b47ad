#define _GNU_SOURCE
#include "lbx_thread.h"
#include <errno.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int lbx_thread_lower_priority(int increment) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)tid);
    if (current == -1 && errno != 0) return -1;
    return setpriority(PRIO_PROCESS, (id_t)tid, current + increment);
}

int lbx_thread_nice(void) {
    return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

int lbx_release_free_heap(void) {
    return malloc_trim(0);
}

int lbx_fix_large_block_size(size_t bytes) {
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

int lbx_keep_freed_heap(void) {
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
