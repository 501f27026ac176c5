#ifndef WEIBO_NOTIFIER_CHANDY_SHIM_H
#define WEIBO_NOTIFIER_CHANDY_SHIM_H

// libhandy 1 (GTK 3), for the settings window only (the daemon links neither).
#include <handy.h>

/// libhandy's casts are macros Swift cannot call; the window's pointers are these types already.
static inline HdyPreferencesWindow *CHandy_preferences_window(void *object) { return (HdyPreferencesWindow *)object; }
static inline HdyPreferencesPage *CHandy_preferences_page(void *object) { return (HdyPreferencesPage *)object; }
static inline HdyPreferencesGroup *CHandy_preferences_group(void *object) { return (HdyPreferencesGroup *)object; }
static inline HdyPreferencesRow *CHandy_preferences_row(void *object) { return (HdyPreferencesRow *)object; }
static inline HdyActionRow *CHandy_action_row(void *object) { return (HdyActionRow *)object; }
static inline HdyExpanderRow *CHandy_expander_row(void *object) { return (HdyExpanderRow *)object; }
static inline HdyAvatar *CHandy_avatar(void *object) { return (HdyAvatar *)object; }
static inline GtkSwitch *CHandy_switch(void *object) { return (GtkSwitch *)object; }
static inline GtkSpinButton *CHandy_spin_button(void *object) { return (GtkSpinButton *)object; }
static inline GtkComboBoxText *CHandy_combo_box_text(void *object) { return (GtkComboBoxText *)object; }
static inline GtkComboBox *CHandy_combo_box(void *object) { return (GtkComboBox *)object; }
static inline GtkEntry *CHandy_entry(void *object) { return (GtkEntry *)object; }
static inline GtkToggleButton *CHandy_toggle_button(void *object) { return (GtkToggleButton *)object; }
static inline GtkSpinner *CHandy_spinner(void *object) { return (GtkSpinner *)object; }
static inline GtkStack *CHandy_stack(void *object) { return (GtkStack *)object; }
static inline int CHandy_is_stack(void *object) { return GTK_IS_STACK(object); }

/// Each image under `widget` (its internal children too) showing the icon `from` shows `to`
/// instead: libhandy's own icons are SVG images, and one of them loads librsvg and libxml2.
typedef struct { const char *from; const char *to; } CHandy_icon_swap;
static void CHandy_swap_icon(GtkWidget *widget, gpointer data) {
    CHandy_icon_swap *swap = data;
    if (GTK_IS_IMAGE(widget) && gtk_image_get_storage_type(GTK_IMAGE(widget)) == GTK_IMAGE_ICON_NAME) {
        const gchar *name = NULL;
        GtkIconSize size;
        gtk_image_get_icon_name(GTK_IMAGE(widget), &name, &size);
        if (name && g_strcmp0(name, swap->from) == 0) gtk_image_set_from_icon_name(GTK_IMAGE(widget), swap->to, size);
    }
    if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), CHandy_swap_icon, data);
}
static inline void CHandy_replace_icon(void *widget, const char *from, const char *to) {
    CHandy_icon_swap swap = { from, to };
    CHandy_swap_icon((GtkWidget *)widget, &swap);
}

#endif
