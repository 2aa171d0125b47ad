#define _GNU_SOURCE
#include "lbx_copy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Large enough that a card's reads and the disk's writes stream; small enough to stay in cache. */
enum { chunk = 1 << 20 };

static long long read_some(int fd, unsigned char *buffer, size_t size) {
    for (;;) {
        ssize_t n = read(fd, buffer, size);
        if (n >= 0) return n;
        if (errno != EINTR) return -errno;
    }
}

static int write_all(int fd, const unsigned char *bytes, size_t size) {
    while (size > 0) {
        ssize_t n = write(fd, bytes, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        /* A write that stores nothing: the disk is full (write(2) gives ENOSPC only when not even one byte fits). */
        if (n == 0) return -ENOSPC;
        bytes += n;
        size -= (size_t)n;
    }
    return 0;
}

static long long copy_buffered(int source, int destination, long long limit, int *destination_failed) {
    unsigned char *buffer = malloc(chunk);
    if (!buffer) return -ENOMEM;
    long long copied = 0;
    while (copied < limit) {
        long long n = read_some(source, buffer, (size_t)(limit - copied < chunk ? limit - copied : chunk));
        if (n < 0) {
            free(buffer);
            return n;
        }
        if (n == 0) break;
        int written = write_all(destination, buffer, (size_t)n);
        if (written < 0) {
            *destination_failed = 1;
            free(buffer);
            return written;
        }
        copied += n;
    }
    free(buffer);
    return copied;
}

long long lbx_copy_some(int source, int destination, long long limit, int *buffered, int *destination_failed) {
    *destination_failed = 0;
    long long copied = 0;
    while (!*buffered && copied < limit) {
        ssize_t n = copy_file_range(source, NULL, destination, NULL, (size_t)(limit - copied), 0);
        if (n > 0) {
            copied += n;
        } else if (n == 0) {
            return copied;
        } else if (errno != EINTR) {
            /* Not across these file systems, or an error whose side the buffered copy tells. */
            *buffered = 1;
        }
    }
    if (copied == limit) return copied;
    long long more = copy_buffered(source, destination, limit - copied, destination_failed);
    if (more < 0) return more;
    return copied + more;
}

int lbx_same_contents(int a, int b, int *b_failed) {
    *b_failed = 0;
    unsigned char *first = malloc(chunk), *second = malloc(chunk);
    int result = -ENOMEM;
    if (!first || !second) goto done;
    for (;;) {
        long long n = read_some(a, first, chunk);
        if (n < 0) {
            result = (int)n;
            goto done;
        }
        /* The second file's same count of bytes, however its reads come back. */
        long long have = 0;
        while (have < n) {
            long long m = read_some(b, second + have, (size_t)(n - have));
            if (m < 0) {
                *b_failed = 1;
                result = (int)m;
                goto done;
            }
            if (m == 0) break;
            have += m;
        }
        if (have != n || memcmp(first, second, (size_t)n) != 0) {
            result = 0;
            goto done;
        }
        if (n == 0) {
            result = 1;
            goto done;
        }
    }
done:
    free(first);
    free(second);
    return result;
}

int lbx_rename_noreplace(const char *from, const char *to) {
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    struct stat info;
    if (lstat(to, &info) == 0) {
        errno = EEXIST;
        return -1;
    }
    return rename(from, to);
}

int lbx_sync_file_system(int fd) {
    return syncfs(fd);
}

void lbx_start_writeback(int fd) {
    /* A hint: where the file system can't, the flush that follows writes it. */
    (void)sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}

int lbx_wait_written(int fd) {
    int flags = SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER;
    for (;;) {
        if (sync_file_range(fd, 0, 0, flags) == 0) return 0;
        if (errno == EINTR) continue;
        /* Not for this kind of file (a pipe-like FUSE file, ESPIPE; EINVAL): the file's own flush. */
        if (errno == ESPIPE || errno == EINVAL || errno == ENOSYS) return fdatasync(fd);
        return -1;
    }
}
