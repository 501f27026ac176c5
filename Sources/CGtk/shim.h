#ifndef WEIBO_NOTIFIER_CGTK_SHIM_H
#define WEIBO_NOTIFIER_CGTK_SHIM_H

// GTK 3 and gtk-layer-shell, for the two windows (WeiboGtk; the daemon links neither).
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <pango/pangocairo.h>

/// The display's startup notification id, which its next window's focus uses: from gdk/gdkx.h
/// and gdk/gdkwayland.h, whose X11 names (Window, Status) would clash with Swift's.
void gdk_x11_display_set_startup_notification_id(GdkDisplay *display, const gchar *startup_id);
void gdk_wayland_display_set_startup_notification_id(GdkDisplay *display, const char *startup_id);

/// Whether a widget is a GtkStack (a preferences window's pages are in one): GTK_IS_STACK.
static inline int CGtk_is_stack(void *object) { return GTK_IS_STACK(object); }

/// The name of an object's type (`GdkX11Display`, `GdkWaylandDisplay`): G_OBJECT_TYPE_NAME.
static inline const char *CGtk_type_name(void *object) { return G_OBJECT_TYPE_NAME(object); }

/// GtkSettings' "gtk-font-name" (g_object_get is variadic); the caller frees the string.
static inline void CGtk_settings_font_name(GtkSettings *settings, gchar **name) {
    g_object_get(settings, "gtk-font-name", name, NULL);
}

/// The arrow down (the search entry hands the keyboard to the rows), and the modifier masks
/// (macros in GDK; the popup's keys are read by name).
enum {
    CGtk_KEY_Down = GDK_KEY_Down,
    CGtk_CONTROL_MASK = GDK_CONTROL_MASK,
    CGtk_MOD1_MASK = GDK_MOD1_MASK,
    CGtk_SHIFT_MASK = GDK_SHIFT_MASK,
};

/// A key press's key value and state (GdkEventKey's fields).
static inline guint CGtk_event_keyval(GdkEvent *event) { return ((GdkEventKey *)event)->keyval; }
static inline guint CGtk_event_state(GdkEvent *event) { return ((GdkEventKey *)event)->state; }

#endif
