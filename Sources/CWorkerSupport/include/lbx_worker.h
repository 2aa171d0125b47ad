#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Helper processes ("workers") that read and decode untrusted image files for the app.
   Everything here is plain POSIX/Linux; the Swift side (LightboxMedia) wraps it. */

/* Starts `path` with `argv` and `envp` (NULL-terminated; envp NULL: this environment), connected to
   the caller by a socketpair whose child end is the child's fd 3 (stdin /dev/null, stdout this
   process's stderr). Returns the child's
   pid and stores the parent's end (close-on-exec) in *socket_out; -1 with errno set. */
pid_t lbx_worker_spawn(const char *path, char *const argv[], char *const envp[], int *socket_out);

/* Sends one message: a 4-byte little-endian length, then `length` bytes, with `fd`
   (when >= 0) passed along (SCM_RIGHTS). Never raises SIGPIPE. 0, or -1 with errno set. */
int lbx_worker_send(int socket, const void *bytes, uint32_t length, int fd);

/* Receives one message sent by lbx_worker_send, waiting at most `timeout_ms`
   (-1: forever). Returns 1 and fills *bytes_out (malloc'd, caller frees), *length_out and
   *fd_out (-1 when none); 0 when the other end closed; -2 on timeout; -1 with errno set.
   Refuses messages longer than `max_length` (EMSGSIZE). */
int lbx_worker_receive(int socket, int timeout_ms, uint32_t max_length,
                       void **bytes_out, uint32_t *length_out, int *fd_out);

/* Waits at most `timeout_ms` (-1: forever) for `socket` to have something to read (a message
   or the other end's close), consuming nothing: 1 when it has, -2 on timeout, -1 with errno set. */
int lbx_worker_wait(int socket, int timeout_ms);

/* Kills the child (SIGKILL) when `kill_first`, then waits for it. Returns the signal that
   ended it (0 when it exited; then *exit_status holds its status), -1 when not waitable. */
int lbx_worker_reap(pid_t pid, int kill_first, int *exit_status);

/* In the child: the restrictions Debian 12 allows without new services.
   - prctl(PR_SET_NO_NEW_PRIVS), not dumpable (no core dumps, no ptrace by the user's other
     processes); name "lightbox-worker"; nice +10 (below the UI);
   - rlimits: address space `address_space` bytes, file size `file_size` bytes (memfds
     count too), `open_files` descriptors, no core dumps;
   - a seccomp-bpf filter (no libseccomp needed): EPERM for creating sockets, connecting,
     binding, running programs, ptrace, signalling other processes with kill/tkill, and
     changing the file system (open for writing, creat, unlink, rename, mkdir, link,
     symlink, chmod, chown, truncate, utimes, xattrs); memfds stay allowed.
   Returns 0, or -1 with errno set (the first step that failed). */
int lbx_worker_restrict(uint64_t address_space, uint64_t file_size, uint64_t open_files);

/* In the child: the CPU-time limit for the next request: `seconds` more than used so far
   (SIGXCPU, then SIGKILL, past it). */
void lbx_worker_limit_cpu(unsigned seconds);

/* In the child: a thread that ends the process when its parent is gone. */
void lbx_worker_exit_with_parent(void);

/* A sealed memfd (no writes, no resizing) holding `length` bytes copied from `bytes`,
   `size` bytes long (zero-padded). Returns the fd, or -1 with errno set. */
int lbx_memfd_sealed_copy(const void *bytes, size_t length, size_t size);

/* Maps a memfd received from a worker read-only, after checking it is sealed against
   writes and shrinking and at least `size` bytes long (so the mapping can never change or
   fault later). Returns the mapping, or NULL with errno set. Unmap with lbx_memfd_unmap. */
void *lbx_memfd_map_sealed(int fd, size_t size);

void lbx_memfd_unmap(void *mapping, size_t size);
