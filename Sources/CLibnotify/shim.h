#ifndef DAILYQUOTE_CLIBNOTIFY_SHIM_H
#define DAILYQUOTE_CLIBNOTIFY_SHIM_H
#include <libnotify/notify.h>
#endif
