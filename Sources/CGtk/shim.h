#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#include <libintl.h>
#include <locale.h>

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
static inline GType lbx_type_of(gpointer p) { return G_OBJECT_TYPE(p); }

/* The value type of an object's property (for GValue access to properties without
 * getter or setter functions). */
static inline GType lbx_property_type(gpointer object, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    return spec ? G_PARAM_SPEC_VALUE_TYPE(spec) : G_TYPE_INVALID;
}

/* Takes a widget out of whatever GTK container holds it, with that container's own
 * API (gtk_widget_unparent() behind a container's back corrupts it). Returns FALSE
 * for a parent it does not know; the widget is then left in place. */
static inline gboolean lbx_widget_remove_from_parent(GtkWidget *widget) {
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (parent == NULL) return TRUE;
    if (GTK_IS_BOX(parent)) { gtk_box_remove(GTK_BOX(parent), widget); return TRUE; }
    if (GTK_IS_STACK(parent)) { gtk_stack_remove(GTK_STACK(parent), widget); return TRUE; }
    if (GTK_IS_STACK_PAGE(parent)) return FALSE;
    if (GTK_IS_PANED(parent)) {
        GtkPaned *paned = GTK_PANED(parent);
        if (gtk_paned_get_start_child(paned) == widget) gtk_paned_set_start_child(paned, NULL);
        else if (gtk_paned_get_end_child(paned) == widget) gtk_paned_set_end_child(paned, NULL);
        return TRUE;
    }
    if (GTK_IS_SCROLLED_WINDOW(parent)) { gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(parent), NULL); return TRUE; }
    if (GTK_IS_VIEWPORT(parent)) {
        GtkWidget *scrolled = gtk_widget_get_parent(parent);
        if (GTK_IS_SCROLLED_WINDOW(scrolled)) gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), NULL);
        else gtk_viewport_set_child(GTK_VIEWPORT(parent), NULL);
        return TRUE;
    }
    if (GTK_IS_REVEALER(parent)) { gtk_revealer_set_child(GTK_REVEALER(parent), NULL); return TRUE; }
    if (GTK_IS_OVERLAY(parent)) {
        GtkOverlay *overlay = GTK_OVERLAY(parent);
        if (gtk_overlay_get_child(overlay) == widget) gtk_overlay_set_child(overlay, NULL);
        else gtk_overlay_remove_overlay(overlay, widget);
        return TRUE;
    }
    if (GTK_IS_BUTTON(parent)) { gtk_button_set_child(GTK_BUTTON(parent), NULL); return TRUE; }
    if (GTK_IS_WINDOW(parent)) { gtk_window_set_child(GTK_WINDOW(parent), NULL); return TRUE; }
    if (GTK_IS_CENTER_BOX(parent)) {
        GtkCenterBox *box = GTK_CENTER_BOX(parent);
        if (gtk_center_box_get_start_widget(box) == widget) gtk_center_box_set_start_widget(box, NULL);
        else if (gtk_center_box_get_center_widget(box) == widget) gtk_center_box_set_center_widget(box, NULL);
        else gtk_center_box_set_end_widget(box, NULL);
        return TRUE;
    }
    return FALSE;
}

/* Variadic functions the importer cannot call. */
static inline void lbx_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline void lbx_log(const char *domain, GLogLevelFlags level, const char *message) {
    g_log_structured(domain, level, "MESSAGE", "%s", message);
}

#endif
