#ifndef DAILYQUOTE_GDK_PIXBUF_STUB_H
#define DAILYQUOTE_GDK_PIXBUF_STUB_H
// Stands in for gdk-pixbuf's header, which libnotify's <libnotify/notification.h> includes for the
// two functions that take an image as a GdkPixbuf; dailyquote never calls them (it names its
// icon), so the type alone is declared. Without it the target would need libnotify's pkg-config
// flags, which also link libgdk_pixbuf: every start loaded it for nothing (dpkg-shlibdeps:
// "useless dependency"), and --as-needed cannot drop it, since SwiftPM puts pkg-config's
// libraries before every flag of ours on the link line.
// The real header brings GIO in, which libnotify's and shim.h's GDBus calls rely on.
#include <gio/gio.h>
typedef struct _GdkPixbuf GdkPixbuf;
#endif
