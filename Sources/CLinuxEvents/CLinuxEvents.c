// A signal handler has no context argument, so the descriptors it writes to must be in a
// global table: the signal router's, below, the only one.
#define _GNU_SOURCE
#include <spawn.h>
#include "CLinuxEvents.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// The signal router's table (System/SignalRouter.swift): for each signal, the eventfds it is
// routed to. The one handler reads it; only dq_route_add and dq_route_remove change it, under
// `route_lock`. Each slot is an atomic int, so the handler never sees half a change.
#define ROUTE_SIGNALS 65
#define ROUTE_SLOTS 8
static atomic_int route_fds[ROUTE_SIGNALS][ROUTE_SLOTS] = {[0 ... ROUTE_SIGNALS - 1] = {[0 ... ROUTE_SLOTS - 1] = -1}};
static int route_count[ROUTE_SIGNALS];
static struct sigaction route_old[ROUTE_SIGNALS];
static atomic_ulong route_stamps[ROUTE_SIGNALS];
static atomic_ulong route_sequence;
// Handlers running now, on any thread: a route's descriptor is closed only once none is.
static atomic_int route_running;
static pthread_mutex_t route_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_routed_signal(int number) {
    int saved = errno;
    atomic_fetch_add(&route_running, 1);
    if (number > 0 && number < ROUTE_SIGNALS) {
        atomic_store(&route_stamps[number], atomic_fetch_add(&route_sequence, 1) + 1);
        uint64_t one = 1;
        for (int slot = 0; slot < ROUTE_SLOTS; slot++) {
            int fd = atomic_load(&route_fds[number][slot]);
            if (fd >= 0 && write(fd, &one, sizeof one) < 0) {
                // Nothing to do: the eventfd is already readable.
            }
        }
    }
    atomic_fetch_sub(&route_running, 1);
    errno = saved;
}

int dq_route_add(int number, int fd) {
    if (number <= 0 || number >= ROUTE_SIGNALS || fd < 0) {
        errno = EINVAL;
        return -1;
    }
    pthread_mutex_lock(&route_lock);
    int slot = 0;
    while (slot < ROUTE_SLOTS && atomic_load(&route_fds[number][slot]) >= 0) slot++;
    if (slot == ROUTE_SLOTS) {
        pthread_mutex_unlock(&route_lock);
        errno = ENOSPC;
        return -1;
    }
    // The descriptor first: a signal that comes as the handler goes in is not lost.
    atomic_store(&route_fds[number][slot], fd);
    if (route_count[number] == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_routed_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(number, &action, &route_old[number]) != 0) {
            int error = errno;
            atomic_store(&route_fds[number][slot], -1);
            pthread_mutex_unlock(&route_lock);
            errno = error;
            return -1;
        }
    }
    route_count[number]++;
    pthread_mutex_unlock(&route_lock);
    return 0;
}

int dq_route_remove(int number, int fd) {
    if (number <= 0 || number >= ROUTE_SIGNALS || fd < 0) {
        errno = EINVAL;
        return -1;
    }
    pthread_mutex_lock(&route_lock);
    int slot = 0;
    while (slot < ROUTE_SLOTS && atomic_load(&route_fds[number][slot]) != fd) slot++;
    if (slot == ROUTE_SLOTS) {
        pthread_mutex_unlock(&route_lock);
        errno = ENOENT;
        return -1;
    }
    // The old action first: a signal that comes from here on is the old action's, not lost.
    if (route_count[number] == 1) sigaction(number, &route_old[number], NULL);
    route_count[number]--;
    atomic_store(&route_fds[number][slot], -1);
    pthread_mutex_unlock(&route_lock);
    // A handler that read the descriptor before it was taken out may still write to it.
    while (atomic_load(&route_running) > 0) sched_yield();
    return 0;
}

unsigned long dq_route_stamp(int number) {
    return number > 0 && number < ROUTE_SIGNALS ? atomic_load(&route_stamps[number]) : 0;
}

unsigned long dq_route_sequence(void) { return atomic_load(&route_sequence); }

int dq_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

char **dq_environment(void) { return environ; }

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
    // The parent's routes name descriptors that closefrom closed: the child has none, and the
    // router's handler leaves with them (the action it would restore is the parent's, not wanted here).
    for (int number = 1; number < ROUTE_SIGNALS; number++) {
        for (int slot = 0; slot < ROUTE_SLOTS; slot++) atomic_store(&route_fds[number][slot], -1);
        route_count[number] = 0;
    }
    pthread_mutex_init(&route_lock, NULL);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    for (int number = 1; number < NSIG; number++) {
        struct sigaction current;
        if (sigaction(number, NULL, &current) == 0 && (current.sa_handler == SIG_IGN || current.sa_handler == on_routed_signal)) {
            sigaction(number, &fallback, NULL);
        }
    }
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
    char *end = argv[argc - 1] + strlen(argv[argc - 1]);
    memset(argv[1], 0, (size_t)(end - argv[1]));
    memcpy(argv[1], word, strlen(word));
    return 0;
}

// The arguments as glibc hands them to every .init_array function, before main: Swift's
// CommandLine reads /proc/self/cmdline instead, which a bare chroot, a build environment or a
// minimal container may lack (the arguments are then empty), and which libfaketime's preload
// can hide. These are the strings on the stack, which dq_fork_detached rewrites.
static int captured_argc;
static char **captured_argv;

static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

__attribute__((section(".init_array"), used)) static void (*capture_arguments_at_start)(int, char **, char **) = capture_arguments;

char **dq_process_arguments(int *argc) {
    *argc = captured_argc;
    return captured_argv;
}
