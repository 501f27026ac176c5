#ifndef WEIBO_NOTIFIER_CHANDY_SHIM_H
#define WEIBO_NOTIFIER_CHANDY_SHIM_H

// libhandy 1 (GTK 3), for the settings window only (the daemon links neither).
#include <handy.h>

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
