#ifndef DAILYQUOTE_CLIBNOTIFY_SHIM_H
#define DAILYQUOTE_CLIBNOTIFY_SHIM_H
#include <glib-unix.h>
// <gdk-pixbuf/gdk-pixbuf.h>, which libnotify's header includes, is gdk-pixbuf/gdk-pixbuf.h
// beside this file: see there.
#include <libnotify/notify.h>

// Swift cannot call C's variadic functions or function-like macros (g_object_get,
// g_signal_connect): these wrap the few the holder needs.

/// g_bus_get_sync for the session bus: gio's constants are also in CGio's module, and which
/// module Swift credits with them depends on the build order.
static inline GDBusConnection *dq_session_bus_get_sync(GError **error) {
    return g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
}

/// The notification's id on the server (0 before it is shown).
static inline gint dq_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}

/// Sets the id a show() replaces (the Notify call's replaces_id).
static inline void dq_notification_set_id(NotifyNotification *notification, gint id) {
    g_object_set(notification, "id", id, NULL);
}

/// Calls `callback` on the default main context while `fd` is readable (a stop request's
/// eventfd). The GLib constants are not named from Swift: see CGio's shim.
static inline guint dq_unix_fd_add_readable(gint fd, GUnixFDSourceFunc callback, gpointer data) {
    return g_unix_fd_add(fd, G_IO_IN, callback, data);
}

typedef void (*dq_closed_callback)(NotifyNotification *notification, gpointer data);

/// Calls `callback` when the server reports the notification closed (NotificationClosed).
static inline gulong dq_notification_on_closed(NotifyNotification *notification, dq_closed_callback callback, gpointer data) {
    return g_signal_connect(notification, "closed", G_CALLBACK(callback), data);
}
#endif
