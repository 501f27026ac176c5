#ifndef WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H
#define WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>

/// The `id` property is read and written through the variadic `g_object_get`/`g_object_set`:
/// a notification's id on the server (0 for a new one). Setting it makes the next show replace
/// that bubble (libnotify 0.8: how a bubble shown by an earlier process is adopted).
static inline void CLibNotify_set_id(NotifyNotification *notification, guint32 id) {
    g_object_set(notification, "id", (gint)id, NULL);
}

static inline guint32 CLibNotify_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id > 0 ? (guint32)id : 0;
}

#endif
