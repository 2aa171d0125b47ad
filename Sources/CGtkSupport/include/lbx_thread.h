#pragma once

#include <stddef.h>

/* Makes the calling thread nicer by `increment` (Linux: per-thread nice through its
   thread id). Returns 0, or -1 with errno set. */
int lbx_thread_lower_priority(int increment);

/* The calling thread's nice value. */
int lbx_thread_nice(void);

/* Gives heap memory freed by every thread's malloc arena back to the system
   (glibc keeps it otherwise); returns whether any was released. */
int lbx_release_free_heap(void);

/* Blocks of `bytes` or more are mapped on their own and unmapped when freed. Fixing the
   size turns off glibc's rule that raises it after each large free (up to 32 MB), after
   which large temporary arrays are carved from the arenas and stay resident. Returns 1 on
   success. */
int lbx_fix_large_block_size(size_t bytes);

/* Keeps freed heap memory for reuse: blocks up to 32 MB (glibc's largest fixed size) come
   from the heap rather than being mapped on their own, and the heap's top is not given back
   after each free. Give it back with lbx_release_free_heap. Returns 1 on success. */
int lbx_keep_freed_heap(void);
