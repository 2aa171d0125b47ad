#pragma once
#include <stdint.h>

/* Copying a file with a check of what was written: the bytes read from the source go into a
   CRC-32 (zlib's) as they are copied, and the copy is read back into another once flushed. */

/* Copies up to `limit` bytes from `source`'s offset to `destination`'s, adding what was read
   to *crc. Returns the bytes copied (0 at the source's end) or -errno; on an error
   *destination_failed says whether writing (1) or reading (0) failed. */
long long lbx_copy_some(int source, int destination, long long limit, uint32_t *crc, int *destination_failed);

/* Reads up to `limit` bytes from `fd`'s offset into *crc: the bytes read (0 at the end) or -errno. */
long long lbx_crc_some(int fd, long long limit, uint32_t *crc);

/* Whether the files open as `a` and `b` hold the same bytes from their offsets to their ends:
   1 or 0, or -errno. */
int lbx_same_contents(int a, int b);

/* Renames `from` to `to` unless `to` exists (renameat2's RENAME_NOREPLACE; where the file
   system lacks it, a check just before rename(2)). 0, or -1 with errno set (EEXIST). */
int lbx_rename_noreplace(const char *from, const char *to);

/* Flushes the file system holding the file open as `fd` (syncfs): 0 or -1 with errno set. */
int lbx_sync_file_system(int fd);
