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

int flipbook_forward_signal(int signo, int fd) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return -1;
    if (current.sa_handler == SIG_IGN) return 1;
    forward_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(signo, &action, NULL) != 0) return -1;
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
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return -1;
    if (current.sa_handler == SIG_IGN) return 1;
    early_status = status;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = exit_at_once;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL) == 0 ? 0 : -1;
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
