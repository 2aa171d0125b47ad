#define _GNU_SOURCE
#include "lbx_worker.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

pid_t lbx_worker_spawn(const char *path, char *const argv[], char *const envp[], int *socket_out) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return -1;
    /* The child end must not already be fd 3 (dup2 onto itself keeps close-on-exec). */
    int child_end = pair[1];
    if (child_end <= 3) {
        child_end = fcntl(pair[1], F_DUPFD_CLOEXEC, 10);
        close(pair[1]);
        if (child_end < 0) {
            int saved = errno;
            close(pair[0]);
            errno = saved;
            return -1;
        }
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, child_end, 3);
    /* Nothing a library prints in the worker lands in the app's output (`--list` writes JSON there). */
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    /* Default signal dispositions and an empty mask, whatever the app's threads set. */
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid;
    int result = posix_spawn(&pid, path, &actions, &attributes, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(child_end);
    if (result != 0) {
        close(pair[0]);
        errno = result;
        return -1;
    }
    *socket_out = pair[0];
    return pid;
}

int lbx_worker_send(int socket, const void *bytes, uint32_t length, int fd) {
    unsigned char header[4] = {(unsigned char)length, (unsigned char)(length >> 8), (unsigned char)(length >> 16),
                               (unsigned char)(length >> 24)};
    struct iovec parts[2] = {{header, 4}, {(void *)bytes, length}};
    union {
        struct cmsghdr align;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = parts, .msg_iovlen = 2};
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    size_t total = 4 + (size_t)length, sent = 0;
    while (sent < total) {
        ssize_t n = sendmsg(socket, &message, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        sent += (size_t)n;
        /* The descriptor went with the first bytes; the rest goes plain. */
        message.msg_control = NULL;
        message.msg_controllen = 0;
        while (message.msg_iovlen > 0 && (size_t)n >= message.msg_iov[0].iov_len) {
            n -= (ssize_t)message.msg_iov[0].iov_len;
            message.msg_iov++;
            message.msg_iovlen--;
        }
        if (message.msg_iovlen > 0) {
            message.msg_iov[0].iov_base = (char *)message.msg_iov[0].iov_base + n;
            message.msg_iov[0].iov_len -= (size_t)n;
        }
    }
    return 0;
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits until `socket` is readable before `deadline` (-1: none): 1, -2 on timeout, -1. */
static int wait_readable(int socket, long long deadline) {
    for (;;) {
        int wait = -1;
        if (deadline >= 0) {
            long long left = deadline - now_ms();
            if (left < 0) left = 0;
            wait = left > 1000000 ? 1000000 : (int)left;
        }
        struct pollfd p = {.fd = socket, .events = POLLIN};
        int ready = poll(&p, 1, wait);
        if (ready > 0) return 1;
        if (ready < 0 && errno != EINTR) return -1;
        if (ready == 0 && deadline >= 0 && now_ms() >= deadline) return -2;
    }
}

int lbx_worker_wait(int socket, int timeout_ms) {
    return wait_readable(socket, timeout_ms < 0 ? -1 : now_ms() + timeout_ms);
}

/* Closes a descriptor received with a message that is not delivered; returns `result`. */
static int drop_descriptor(int *fd, int result) {
    int saved = errno;
    if (*fd >= 0) close(*fd);
    *fd = -1;
    errno = saved;
    return result;
}

int lbx_worker_receive(int socket, int timeout_ms, uint32_t max_length,
                       void **bytes_out, uint32_t *length_out, int *fd_out) {
    long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
    *fd_out = -1;
    *bytes_out = NULL;
    unsigned char header[4];
    size_t have = 0;
    while (have < 4) {
        int ready = wait_readable(socket, deadline);
        if (ready != 1) return drop_descriptor(fd_out, ready);
        struct iovec part = {header + have, 4 - have};
        union {
            struct cmsghdr align;
            char space[CMSG_SPACE(sizeof(int))];
        } control;
        struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                                 .msg_controllen = sizeof control.space};
        ssize_t n = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
        if (n < 0) {
            if (errno == EINTR) continue;
            goto fail;
        }
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
                size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
                for (size_t i = 0; i < count; i++) {
                    int received;
                    memcpy(&received, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
                    if (*fd_out < 0) *fd_out = received; else close(received);
                }
            }
        }
        if (n == 0) {
            if (*fd_out >= 0) close(*fd_out);
            *fd_out = -1;
            return 0;
        }
        have += (size_t)n;
    }
    uint32_t length = header[0] | (header[1] << 8) | (header[2] << 16) | ((uint32_t)header[3] << 24);
    if (length > max_length) {
        errno = EMSGSIZE;
        goto fail;
    }
    unsigned char *bytes = malloc(length ? length : 1);
    if (!bytes) goto fail;
    have = 0;
    while (have < length) {
        int ready = wait_readable(socket, deadline);
        if (ready != 1) {
            free(bytes);
            return drop_descriptor(fd_out, ready);
        }
        ssize_t n = read(socket, bytes + have, length - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int saved = errno;
            free(bytes);
            if (*fd_out >= 0) close(*fd_out);
            *fd_out = -1;
            errno = saved;
            return n == 0 ? 0 : -1;
        }
        have += (size_t)n;
    }
    *bytes_out = bytes;
    *length_out = length;
    return 1;
fail:
    if (*fd_out >= 0) close(*fd_out);
    *fd_out = -1;
    return -1;
}

int lbx_worker_reap(pid_t pid, int kill_first, int *exit_status) {
    if (kill_first) kill(pid, SIGKILL);
    int status = 0;
    pid_t done;
    do {
        done = waitpid(pid, &status, 0);
    } while (done < 0 && errno == EINTR);
    if (done != pid) return -1;
    if (WIFSIGNALED(status)) return WTERMSIG(status);
    *exit_status = WEXITSTATUS(status);
    return 0;
}

#if defined(__x86_64__)
#define LBX_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define LBX_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#define LBX_DENY(name) \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_##name, 0, 1), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

/* Opening for writing (or creating) is refused; reading is allowed. */
#define LBX_WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)
#define LBX_DENY_WRITE_OPEN(name, flags_arg) \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_##name, 0, 4), \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[flags_arg])), \
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, LBX_WRITE_FLAGS, 0, 1), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

static int install_seccomp(void) {
#ifdef LBX_AUDIT_ARCH
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, LBX_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        /* The x32 ABI's numbers would slip past the checks below. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#endif
        LBX_DENY(socket), LBX_DENY(connect), LBX_DENY(bind), LBX_DENY(listen), LBX_DENY(accept),
        LBX_DENY(accept4), LBX_DENY(execve), LBX_DENY(execveat), LBX_DENY(ptrace),
        LBX_DENY(process_vm_writev), LBX_DENY(kill), LBX_DENY(tkill),
        LBX_DENY(unlinkat), LBX_DENY(renameat2), LBX_DENY(mkdirat),
        LBX_DENY(linkat), LBX_DENY(symlinkat), LBX_DENY(fchmod), LBX_DENY(fchmodat),
        LBX_DENY(fchown), LBX_DENY(fchownat), LBX_DENY(truncate), LBX_DENY(utimensat),
        LBX_DENY(mknodat), LBX_DENY(setxattr), LBX_DENY(lsetxattr), LBX_DENY(fsetxattr),
        LBX_DENY(removexattr), LBX_DENY(lremovexattr), LBX_DENY(fremovexattr), LBX_DENY(openat2),
#if defined(__x86_64__)
        LBX_DENY(unlink), LBX_DENY(rename), LBX_DENY(renameat), LBX_DENY(mkdir), LBX_DENY(rmdir), LBX_DENY(link),
        LBX_DENY(symlink), LBX_DENY(chmod), LBX_DENY(chown), LBX_DENY(lchown), LBX_DENY(creat),
        LBX_DENY(utime), LBX_DENY(utimes), LBX_DENY(futimesat), LBX_DENY(mknod),
        LBX_DENY_WRITE_OPEN(open, 1),
#endif
        LBX_DENY_WRITE_OPEN(openat, 2),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

static int limit(int resource, rlim_t value) {
    struct rlimit l = {value, value};
    return setrlimit(resource, &l);
}

/* Sanitizer runtimes reserve terabytes of shadow address space: no RLIMIT_AS under them. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define LBX_SANITIZED 1
#endif
#endif

int lbx_worker_restrict(uint64_t address_space, uint64_t file_size, uint64_t open_files) {
    prctl(PR_SET_NAME, "lightbox-worker", 0, 0, 0);
    errno = 0;
    if (nice(10) == -1 && errno != 0) return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    /* No core dumps (not even to a core_pattern pipe) and no ptrace by other processes of the user. */
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return -1;
#ifndef LBX_SANITIZED
    if (limit(RLIMIT_AS, address_space) != 0) return -1;
#else
    (void)address_space;
#endif
    if (limit(RLIMIT_FSIZE, file_size) != 0
        || limit(RLIMIT_NOFILE, open_files) != 0 || limit(RLIMIT_CORE, 0) != 0) return -1;
    return install_seccomp();
}

void lbx_worker_limit_cpu(unsigned seconds) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1;
    struct rlimit l;
    getrlimit(RLIMIT_CPU, &l);
    l.rlim_cur = used + seconds;
    if (l.rlim_max != RLIM_INFINITY && l.rlim_cur > l.rlim_max) l.rlim_cur = l.rlim_max;
    setrlimit(RLIMIT_CPU, &l);
}

static void *watch_parent(void *parent) {
    for (;;) {
        sleep(1);
        if (getppid() != (pid_t)(intptr_t)parent) _exit(0);
    }
    return NULL;
}

void lbx_worker_exit_with_parent(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, watch_parent, (void *)(intptr_t)getppid()) == 0) pthread_detach(thread);
}

int lbx_memfd_sealed_copy(const void *bytes, size_t length, size_t size) {
    int fd = memfd_create("lightbox-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) != 0) goto fail;
    size_t written = 0;
    while (written < length) {
        ssize_t n = pwrite(fd, (const char *)bytes + written, length - written, (off_t)written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) goto fail;
        written += (size_t)n;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) goto fail;
    return fd;
fail:;
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
}

void *lbx_memfd_map_sealed(int fd, size_t size) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0 || (seals & (F_SEAL_SHRINK | F_SEAL_WRITE)) != (F_SEAL_SHRINK | F_SEAL_WRITE)) {
        errno = EPERM;
        return NULL;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) return NULL;
    if (size == 0 || (uint64_t)info.st_size < size) {
        errno = EINVAL;
        return NULL;
    }
    /* Populated here (a decode thread), not page by page when the main thread first draws it. */
    void *mapping = mmap(NULL, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
    return mapping == MAP_FAILED ? NULL : mapping;
}

void lbx_memfd_unmap(void *mapping, size_t size) { munmap(mapping, size); }
