#ifndef FLIPBOOK_CSIGNALS_H
#define FLIPBOOK_CSIGNALS_H

/// Makes every later delivery of `signo` write the signal's number, as one byte, to `fd` (a
/// pipe's write end, non-blocking so that a full pipe drops the byte instead of stalling the
/// thread the signal interrupted). Installed with `sigaction` at once, so no signal that arrives
/// after this returns is lost; system calls the signal interrupts are restarted. All signals
/// share the one `fd` of the last call.
///
/// The signal is also unblocked on the calling thread: a process inherits the signal mask of
/// the thread that started it, and one started from a thread that blocks signals (Swift's
/// cooperative pool, Dispatch's worker threads) begins with them blocked. Left so, delivery
/// would depend on some thread of the process unblocking them by chance.
///
/// A signal the process was started ignoring stays ignored, as shells expect of a command they
/// run in the background (`cmd &` ignores SIGINT there). Returns 1 when so left, 0 when
/// installed, -1 with `errno` set on failure.
int flipbook_forward_signal(int signo, int fd);

/// Makes `signo` end the process at once with `status` (`_exit`), until a `SignalTrap` takes it
/// over: for the moments before a command has made anything — a signal then must neither kill
/// the process by the signal (a status scripts read as a crash) nor wait. A signal the process
/// was started ignoring stays ignored. Returns 1 when so left, 0 when installed, -1 on failure.
int flipbook_exit_on_signal(int signo, int status);

/// The standard descriptors (bit 0 stdin, 1 stdout, 2 stderr) that were closed when the process
/// started (`cmd >&-`). Before `main` runs — before the Swift runtime and Dispatch open
/// descriptors of their own, which would take those lowest free numbers (stdout became
/// Dispatch's epoll descriptor, and writes to it failed as "invalid argument") — each is opened on
/// `/dev/null`, so no later file can take its number either.
int flipbook_standard_descriptors_closed_at_start(void);

#endif
