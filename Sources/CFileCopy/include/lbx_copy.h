#pragma once
#include <stdint.h>

/* Copying a file that is then compared with its source: the copy made in the kernel where it
   can (copy_file_range), read back once flushed. */

/* Copies up to `limit` bytes from `source`'s offset to `destination`'s: in the kernel where
   the file systems allow it (*buffered 0), else, from then on, through a buffer (*buffered set
   to 1), which is also how an error is told from the side it came from. Returns the bytes
   copied (0 at the source's end) or -errno; on an error *destination_failed says whether
   writing (1) or reading (0) failed. */
long long lbx_copy_some(int source, int destination, long long limit, int *buffered, int *destination_failed);

/* Whether the files open as `a` and `b` hold the same bytes from their offsets to their ends:
   1 or 0, or -errno with *b_failed saying whether reading `b` (1) or `a` (0) failed. */
int lbx_same_contents(int a, int b, int *b_failed);

/* Renames `from` to `to` unless `to` exists (renameat2's RENAME_NOREPLACE; where the file
   system lacks it, a check just before rename(2)). 0, or -1 with errno set (EEXIST). */
int lbx_rename_noreplace(const char *from, const char *to);

/* Starts writing the file open as `fd` to its disk and returns (sync_file_range): a copy's bytes
   stream out while the next file is copied, instead of all at a flush. */
void lbx_start_writeback(int fd);

/* Writes the file open as `fd` to its disk and waits until it is there (sync_file_range; the
   disk's own cache is flushed by the file system's next commit, before it records a name that
   points at these bytes). 0 or -1 with errno set. */
int lbx_wait_written(int fd);

/* Flushes the file system holding the file open as `fd` (syncfs): 0 or -1 with errno set. */
int lbx_sync_file_system(int fd);
