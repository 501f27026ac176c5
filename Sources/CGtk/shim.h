#ifndef WEIBO_NOTIFIER_CGTK_SHIM_H
#define WEIBO_NOTIFIER_CGTK_SHIM_H

// GTK 3 and gtk-layer-shell, for the popup only (the daemon links neither).
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <pango/pangocairo.h>

/// GTK's casts are macros Swift cannot call; the popup's pointers are these types already.
static inline GtkWidget *CGtk_widget(void *object) { return (GtkWidget *)object; }
static inline GtkWindow *CGtk_window(void *object) { return (GtkWindow *)object; }
static inline GtkContainer *CGtk_container(void *object) { return (GtkContainer *)object; }
static inline GtkBox *CGtk_box(void *object) { return (GtkBox *)object; }
static inline GtkListBox *CGtk_list_box(void *object) { return (GtkListBox *)object; }
static inline GtkListBoxRow *CGtk_list_box_row(void *object) { return (GtkListBoxRow *)object; }
static inline GtkNotebook *CGtk_notebook(void *object) { return (GtkNotebook *)object; }
static inline GtkLabel *CGtk_label(void *object) { return (GtkLabel *)object; }
static inline GtkButton *CGtk_button(void *object) { return (GtkButton *)object; }
static inline GtkOverlay *CGtk_overlay(void *object) { return (GtkOverlay *)object; }
static inline GtkSpinner *CGtk_spinner(void *object) { return (GtkSpinner *)object; }
static inline GtkScrolledWindow *CGtk_scrolled_window(void *object) { return (GtkScrolledWindow *)object; }
static inline GtkSearchBar *CGtk_search_bar(void *object) { return (GtkSearchBar *)object; }
static inline GtkEntry *CGtk_entry(void *object) { return (GtkEntry *)object; }
static inline GtkBuilder *CGtk_builder(void *object) { return (GtkBuilder *)object; }
static inline GtkApplication *CGtk_application(void *object) { return (GtkApplication *)object; }
static inline GApplication *CGtk_g_application(void *object) { return (GApplication *)object; }
static inline GtkStyleContext *CGtk_style(void *widget) { return gtk_widget_get_style_context((GtkWidget *)widget); }

/// The name of an object's type (`GdkX11Display`, `GdkWaylandDisplay`): G_OBJECT_TYPE_NAME.
static inline const char *CGtk_type_name(void *object) { return G_OBJECT_TYPE_NAME(object); }

/// GtkSettings' "gtk-font-name" (g_object_get is variadic); the caller frees the string.
static inline void CGtk_settings_font_name(GtkSettings *settings, gchar **name) {
    g_object_get(settings, "gtk-font-name", name, NULL);
}

/// The accessible object of a widget, for its name and role (ATK reaches AT-SPI through the bridge).
static inline AtkObject *CGtk_accessible(void *widget) { return gtk_widget_get_accessible((GtkWidget *)widget); }

/// `GDK_KEY_*` values the popup handles, and the modifier masks (macros in GDK).
enum {
    CGtk_KEY_Escape = GDK_KEY_Escape,
    CGtk_KEY_Return = GDK_KEY_Return,
    CGtk_KEY_KP_Enter = GDK_KEY_KP_Enter,
    CGtk_KEY_Tab = GDK_KEY_Tab,
    CGtk_KEY_ISO_Left_Tab = GDK_KEY_ISO_Left_Tab,
    CGtk_KEY_1 = GDK_KEY_1,
    CGtk_KEY_2 = GDK_KEY_2,
    CGtk_KEY_3 = GDK_KEY_3,
    CGtk_KEY_r = GDK_KEY_r,
    CGtk_KEY_c = GDK_KEY_c,
    CGtk_KEY_f = GDK_KEY_f,
    CGtk_KEY_F1 = GDK_KEY_F1,
    CGtk_KEY_question = GDK_KEY_question,
    CGtk_KEY_slash = GDK_KEY_slash,
    CGtk_KEY_Down = GDK_KEY_Down,
    CGtk_CONTROL_MASK = GDK_CONTROL_MASK,
    CGtk_MOD1_MASK = GDK_MOD1_MASK,
    CGtk_SHIFT_MASK = GDK_SHIFT_MASK,
};

/// A key press's key value and state (GdkEventKey's fields).
static inline guint CGtk_event_keyval(GdkEvent *event) { return ((GdkEventKey *)event)->keyval; }
static inline guint CGtk_event_state(GdkEvent *event) { return ((GdkEventKey *)event)->state; }

#endif
