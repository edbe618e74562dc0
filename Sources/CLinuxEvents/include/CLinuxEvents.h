// Linux event interfaces that Swift's Glibc module does not export: timerfd, inotify, eventfd.
#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H

#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>

#endif
