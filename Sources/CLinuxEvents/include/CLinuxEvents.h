// Linux event interfaces that Swift's Glibc module does not export (timerfd, inotify,
// eventfd), the one signal handler of the process (the signal router's), the holder's fork, and
// the environment as C has it.
#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H

#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>

/// Routes `signal` to the eventfd `fd` as well (the signal router's table; `System/SignalRouter`):
/// from now on the one handler adds 1 to every eventfd routed the signal. The first route of a
/// signal installs the handler and keeps the action it replaces. Returns 0, or -1 with errno set
/// (EINVAL: no such signal; ENOSPC: the signal has all the routes it can take).
int dq_route_add(int signal, int fd);

/// Takes the route of `signal` to `fd` away; the last one puts back the action the first
/// replaced (sigaction, never signal()). On return no handler is writing to `fd` any more, so it
/// may be closed. Returns 0, or -1 with errno set.
int dq_route_remove(int signal, int fd);

/// A number that grows with each signal the handler sees: the order in which `signal` last came
/// among others (0: never).
unsigned long dq_route_stamp(int signal);

/// The stamp the next signal gets, less one: signals stamped above it come after this call.
unsigned long dq_route_sequence(void);

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
/// session of its own, its signal mask is empty, no signal is ignored or routed (the router's
/// table starts empty: the parent's routes name descriptors the child does not have), and the arguments
/// read `argv[0] word`. Returns the child's PID in this process, 0 in the child, -1 with errno
/// set when fork fails, and -2 (nothing started) when this process has other threads or
/// arguments that cannot be rewritten.
int dq_fork_detached(int input, int output, int discard_error, char **argv, int argc, const char *word);

/// The process's environment, `environ`: NULL after `clearenv`, which Swift's Glibc module
/// (`environ`, never optional) would trap on, and a C variable Swift 6 does not let code read.
char **dq_environment(void);

/// timerfd_settime(fd, flags, {it_value = seconds.nanoseconds}, NULL): arms a one-shot timer.
/// Built here because `struct itimerspec` comes from a header several C modules include
/// (glib's too), so which module Swift says defines it depends on the build order.
/// Returns 0, or -1 with errno set.
int dq_timerfd_arm(int fd, int flags, long long seconds, long nanoseconds);

/// The program's arguments as glibc passed them to main (captured before main; NULL with 0 if
/// they were not), whether or not /proc is mounted.
char **dq_process_arguments(int *argc);

#endif
