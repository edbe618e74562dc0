#ifndef DAILYQUOTE_CGIO_SHIM_H
#define DAILYQUOTE_CGIO_SHIM_H
#include <gio/gio.h>
#include <glib-unix.h>
#include <string.h>

// Swift cannot call C's variadic functions (g_variant_new, g_variant_get): these wrap the few
// that the presence wait needs, and a C struct Swift cannot reliably fill in.

/// g_bus_get_sync for the system bus (`system` true) or the session bus. The GBusType constants
/// are not used from Swift: gio's headers are also in CLibnotify's module, and which module
/// Swift credits with the constants then depends on the build order (a release build lost them).
static inline GDBusConnection *dq_bus_get_sync(gboolean system, GError **error) {
    return g_bus_get_sync(system ? G_BUS_TYPE_SYSTEM : G_BUS_TYPE_SESSION, NULL, error);
}

/// A source that fires while `fd` is readable. (G_IO_IN, like every GLib constant, is credited to
/// CGio or CLibnotify depending on the build order, so Swift never names it.)
static inline GSource *dq_unix_fd_source_new_readable(gint fd) {
    return g_unix_fd_source_new(fd, G_IO_IN);
}

/// A private peer-to-peer connection to `address` (the user manager's private socket), as its
/// client: no message bus, so no Hello and no bus names.
static inline GDBusConnection *dq_connection_for_address_sync(const gchar *address, GError **error) {
    return g_dbus_connection_new_for_address_sync(address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT, NULL, NULL, error);
}

/// `(ss)`: the arguments of org.freedesktop.DBus.Properties.Get.
static inline GVariant *dq_variant_two_strings(const gchar *first, const gchar *second) {
    return g_variant_new("(ss)", first, second);
}

/// `(s)`: one string argument (GetSession).
static inline GVariant *dq_variant_string(const gchar *value) {
    return g_variant_new("(s)", value);
}

/// `(u)`: one uint32 argument (GetSessionByPID).
static inline GVariant *dq_variant_uint32(guint32 value) {
    return g_variant_new("(u)", value);
}

/// Exports `info` at `path` on `connection`, calling `method_call` for its methods. The table of
/// callbacks is a C struct whose fields Swift may credit to CLibnotify's module (which includes the
/// same headers), so it is filled in here; GLib copies it.
static inline guint dq_register_object(GDBusConnection *connection, const gchar *path, GDBusInterfaceInfo *info,
                                       GDBusInterfaceMethodCallFunc method_call, gpointer data, GError **error) {
    GDBusInterfaceVTable table = {method_call, NULL, NULL, {0}};
    return g_dbus_connection_register_object(connection, path, info, &table, data, NULL, error);
}

/// The error's message. (GError's fields are visible to Swift only through the first module
/// that included glib.h, which may be CLibnotify.)
static inline const gchar *dq_error_message(const GError *error) {
    return error->message;
}

/// One of ``dq_call_batch_sync``'s calls: its reply or its error, once done.
typedef struct {
    GVariant *reply;
    GError *error;
    gboolean done;
} dq_pending_call;

static inline void dq_pending_call_finish(GObject *source, GAsyncResult *result, gpointer data) {
    dq_pending_call *call = (dq_pending_call *)data;
    call->reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &call->error);
    call->done = TRUE;
}

/// Makes `count` calls (no auto-start; `parameters[i]` floating or NULL), all sent before any
/// answer is read: one round trip instead of `count`, where g_dbus_connection_call_sync would
/// wait for each. Each reply or error goes to `replies[i]` or `errors[i]`. (Callbacks and the
/// thread-default context are C's business: done here.) At most 8 calls.
static inline void dq_call_batch_sync(GDBusConnection *connection, guint count, const gchar *const *services,
                                      const gchar *const *paths, const gchar *const *interfaces,
                                      const gchar *const *methods, GVariant *const *parameters, gint timeout,
                                      GVariant **replies, GError **errors) {
    dq_pending_call calls[8];
    if (count > 8) count = 8;
    memset(calls, 0, sizeof calls);
    GMainContext *context = g_main_context_new();
    g_main_context_push_thread_default(context);
    for (guint index = 0; index < count; index++) {
        g_dbus_connection_call(connection, services[index], paths[index], interfaces[index], methods[index],
                               parameters[index], NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, NULL,
                               dq_pending_call_finish, &calls[index]);
    }
    for (guint index = 0; index < count; index++) {
        while (!calls[index].done) g_main_context_iteration(context, TRUE);
        replies[index] = calls[index].reply;
        errors[index] = calls[index].error;
    }
    g_main_context_pop_thread_default(context);
    g_main_context_unref(context);
}
#endif
