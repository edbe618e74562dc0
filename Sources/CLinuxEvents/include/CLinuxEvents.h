// Linux event interfaces that Swift's Glibc module does not export (timerfd, inotify,
// eventfd), a SIGTERM/SIGINT handler for the `run` scheduler, and the holder's fork.
#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H

#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>

/// Installs a handler for SIGTERM and SIGINT that adds 1 to the eventfd `fd` (the only
/// async-signal-safe way to wake a poll). Returns 0, or -1 with errno set.
int dq_install_stop_handler(int fd);

/// Installs a handler for `signal` that adds 1 to the eventfd `fd`: the holders' requests
/// (SIGUSR1: a later holder replaced the notification in place, let go of it; SIGUSR2, for
/// `run`: close it and let go). Returns 0, or -1 with errno set.
int dq_install_signal_eventfd(int signal, int fd);

/// pipe2(fds, O_CLOEXEC), which the Glibc module hides behind _GNU_SOURCE: a pipe whose ends
/// no other thread's child can inherit. Returns 0, or -1 with errno set.
int dq_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np(actions, from) (glibc 2.34 and later), which the
/// Glibc module hides behind _GNU_SOURCE: the child closes every descriptor from `from` up.
/// `actions` is a `posix_spawn_file_actions_t *`; a void pointer here keeps <spawn.h> (and the
/// time types it drags in) out of this module's headers.
int dq_spawn_add_closefrom(void *actions, int from);

/// Forks a detached child that goes on running this program's code (no exec): for the holder,
/// whose exec, loader and runtime start cost more than its whole post (docs/performance.md).
///
/// Only a process with one thread may continue in a child of fork, so this checks first; it
/// also checks that the argument strings can be rewritten to `argv[0] hold` (what
/// /proc/PID/cmdline then shows, and what a later delivery looks for before it signals a holder).
/// In the child: `input` and `output` become standard input and output, standard error stays
/// or is /dev/null (`discard_error`), every other descriptor is closed, the child leads a
/// session of its own, its signal mask is empty and no signal is ignored, and the arguments
/// read `argv[0] word`. Returns the child's PID in this process, 0 in the child, -1 with errno
/// set when fork fails, and -2 (nothing started) when this process has other threads or
/// arguments that cannot be rewritten.
int dq_fork_detached(int input, int output, int discard_error, char **argv, int argc, const char *word);

/// timerfd_settime(fd, flags, {it_value = seconds.nanoseconds}, NULL): arms a one-shot timer.
/// Built here because `struct itimerspec` comes from a header several C modules include
/// (glib's too), so which module Swift says defines it depends on the build order.
/// Returns 0, or -1 with errno set.
int dq_timerfd_arm(int fd, int flags, long long seconds, long nanoseconds);

/// The number of the last signal the handler saw, or 0.
int dq_last_stop_signal(void);

/// Blocks (1) or unblocks (0) SIGTERM and SIGINT for the calling thread. The mask survives
/// execve and a blocked signal stays pending, so blocking them before `run` re-executes
/// itself keeps a stop request from killing the process before its new handler is installed.
int dq_set_stop_signals_blocked(int blocked);

#endif
