#ifndef LIGHTBOX_CGTK_SHIM_H
#define LIGHTBOX_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>

/* libdispatch's main-queue hooks (the same ones CoreFoundation's run loop uses).
 * On Linux the handle is an eventfd that becomes readable when work is queued
 * on the main queue; the callback drains the queue. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* Called when the main-queue eventfd is readable: consume the wake-up (libdispatch
 * does not read it), then drain the queue, as CoreFoundation's run loop does. */
static inline void lbx_service_dispatch_main_queue(int fd) {
    eventfd_t value;
    (void)eventfd_read(fd, &value);
    _dispatch_main_queue_callback_4CF(NULL);
}

/* GType constants the importer drops (they are function-like macros). */
static inline GType lbx_type_object(void) { return G_TYPE_OBJECT; }
static inline GType lbx_type_string(void) { return G_TYPE_STRING; }
static inline GType lbx_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType lbx_type_int(void) { return G_TYPE_INT; }
static inline GType lbx_type_uint(void) { return G_TYPE_UINT; }
static inline GType lbx_type_double(void) { return G_TYPE_DOUBLE; }

/* Checked casts. */
static inline gboolean lbx_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean lbx_is_a(gpointer p, GType t) { return G_TYPE_CHECK_INSTANCE_TYPE(p, t); }
static inline guint lbx_ref_count(gpointer p) { return g_atomic_int_get(&((GObject *)p)->ref_count); }
static inline const char *lbx_type_name_of(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

/* Variadic functions the importer cannot call. */
static inline void lbx_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline void lbx_emit_by_name_uint(gpointer instance, const char *signal, guint value) {
    g_signal_emit_by_name(instance, signal, value);
}

static inline void lbx_log(const char *domain, GLogLevelFlags level, const char *message) {
    g_log_structured(domain, level, "MESSAGE", "%s", message);
}

#endif
