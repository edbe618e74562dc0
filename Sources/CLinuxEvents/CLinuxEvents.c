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
