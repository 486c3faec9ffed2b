// peak_rss RESULT COMMAND [ARGUMENT...]: runs COMMAND and writes its peak resident set size, in
// KiB, and the processor time it took (user and system, in seconds) to the file RESULT; exits
// with COMMAND's status (128 + N for a signal).
//
// Why a program of its own: the benchmark starts commands with posix_spawn, which glibc runs on
// a vfork that shares the benchmark's memory until exec, and Linux carries the high-water mark of
// that memory into the child's ru_maxrss. A 16×16 render then "peaked" at the benchmark's own
// 148 MiB. Forked from this small process instead, the command's figure is its own.
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: peak_rss RESULT COMMAND [ARGUMENT...]\n");
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) return 71;
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) return 71;
    FILE *result = fopen(argv[1], "w");
    if (result == NULL) return 73;
    double cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    fprintf(result, "%ld %.3f\n", usage.ru_maxrss, cpu);
    fclose(result);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
