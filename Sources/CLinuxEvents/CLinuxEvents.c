// A signal handler has no context argument, so the descriptor it writes to must be a
// global; it is set once, before the handler is installed.
#define _GNU_SOURCE
#include <spawn.h>
#include "CLinuxEvents.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile int stop_fd = -1;
static volatile sig_atomic_t last_signal = 0;

static void on_stop(int number) {
    int saved = errno;
    uint64_t one = 1;
    last_signal = number;
    if (write(stop_fd, &one, sizeof one) < 0) {
        // Nothing to do: the eventfd is already readable, or the scheduler is gone.
    }
    errno = saved;
}

int dq_install_stop_handler(int fd) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    stop_fd = fd;
    action.sa_handler = on_stop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGTERM, &action, NULL) != 0 || sigaction(SIGINT, &action, NULL) != 0) return -1;
    // A signal that arrived while they were blocked (across `run`'s re-exec) is delivered now.
    return dq_set_stop_signals_blocked(0);
}

// One eventfd per signal number, for the holders' requests (SIGUSR1, SIGUSR2).
static volatile int signal_fds[65] = {[0 ... 64] = -1};

static void on_counted_signal(int number) {
    int saved = errno;
    uint64_t one = 1;
    if (number > 0 && number < 65 && signal_fds[number] >= 0 && write(signal_fds[number], &one, sizeof one) < 0) {
        // Nothing to do: the eventfd is already readable.
    }
    errno = saved;
}

int dq_install_signal_eventfd(int number, int fd) {
    struct sigaction action;
    if (number <= 0 || number >= 65) {
        errno = EINVAL;
        return -1;
    }
    memset(&action, 0, sizeof action);
    signal_fds[number] = fd;
    action.sa_handler = on_counted_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(number, &action, NULL);
}

int dq_set_stop_signals_blocked(int blocked) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    int error = pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
    if (error != 0) {
        errno = error;
        return -1;
    }
    return 0;
}

int dq_last_stop_signal(void) { return last_signal; }

int dq_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int dq_spawn_add_closefrom(void *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
}

int dq_timerfd_arm(int fd, int flags, long long seconds, long nanoseconds) {
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)seconds;
    spec.it_value.tv_nsec = nanoseconds;
    return timerfd_settime(fd, flags, &spec, NULL);
}

// The number of threads of this process (/proc/self/stat, the 18th field after the name), or -1.
static int thread_count(void) {
    char buffer[1024];
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t got = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (got <= 0) return -1;
    buffer[got] = 0;
    // The name may hold spaces and parentheses: the fields start after the last ')'.
    char *field = strrchr(buffer, ')');
    if (!field) return -1;
    for (int index = 2; index < 20; index++) {
        field = strchr(field + 1, ' ');
        if (!field) return -1;
    }
    return atoi(field + 1);
}

// The argument strings are one block on the stack: `argv[0] word` fits where `argv[0] argv[1]...` was.
static int arguments_fit(char **argv, int argc, const char *word) {
    if (argc < 2 || !argv) return 0;
    for (int index = 0; index + 1 < argc; index++) {
        if (argv[index] + strlen(argv[index]) + 1 != argv[index + 1]) return 0;
    }
    size_t room = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) - argv[1]);
    return strlen(word) <= room;
}

int dq_fork_detached(int input, int output, int discard_error, char **argv, int argc, const char *word) {
    if (thread_count() != 1 || !arguments_fit(argv, argc, word)) return -2;
    // Nothing buffered here may be written twice.
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0) return pid;
    if (dup2(input, 0) < 0 || dup2(output, 1) < 0) _exit(127);
    if (discard_error) {
        int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, 2) < 0) _exit(127);
    }
    closefrom(3);
    setsid();
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
    for (int number = 1; number < NSIG; number++) {
        struct sigaction current;
        if (sigaction(number, NULL, &current) == 0 && current.sa_handler == SIG_IGN) signal(number, SIG_DFL);
    }
    char *end = argv[argc - 1] + strlen(argv[argc - 1]);
    memset(argv[1], 0, (size_t)(end - argv[1]));
    memcpy(argv[1], word, strlen(word));
    return 0;
}
