#include "CSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// Where the handler writes: set before the handler is installed, read only by it.
static volatile sig_atomic_t forward_fd = -1;

/// Async-signal-safe: one `write`, and `errno` put back as the interrupted code left it.
static void forward(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    (void)write(forward_fd, &byte, 1);
    errno = saved;
}

/// Installs `handler` for `signo` with `flags`, unless the process was started ignoring it:
/// 1 when so left, 0 when installed, -1 with `errno` set on failure.
static int install(int signo, void (*handler)(int), int flags) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return -1;
    if (current.sa_handler == SIG_IGN) return 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(signo, &action, NULL) == 0 ? 0 : -1;
}

int flipbook_forward_signal(int signo, int fd) {
    forward_fd = fd;
    int installed = install(signo, forward, SA_RESTART);
    if (installed != 0) return installed;
    sigset_t unblocked;
    sigemptyset(&unblocked);
    sigaddset(&unblocked, signo);
    return pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL) == 0 ? 0 : -1;
}

/// The status `exit_at_once` ends the process with.
static volatile sig_atomic_t early_status = 130;

/// Async-signal-safe: ends the process before it has made anything to clean up.
static void exit_at_once(int signo) {
    (void)signo;
    _exit(early_status);
}

int flipbook_exit_on_signal(int signo, int status) {
    early_status = status;
    return install(signo, exit_at_once, 0);
}

/// Filled in by `hold_standard_descriptors`, before `main`.
static int closed_at_start = 0;

__attribute__((constructor(101))) static void hold_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // The lowest free number: `fd` itself, unless a lower one is free too (then it is
        // taken in an earlier turn of this loop first).
        int null = open("/dev/null", O_RDWR);
        if (null >= 0 && null != fd) {
            dup2(null, fd);
            close(null);
        }
        closed_at_start |= 1 << fd;
    }
}

int flipbook_standard_descriptors_closed_at_start(void) { return closed_at_start; }
