#ifndef WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H
#define WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>

/// The server's id of a notification (its "id" property): libnotify has no getter, and
/// g_object_get is variadic, which Swift does not import.
static inline guint32 CLibNotify_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id > 0 ? (guint32)id : 0;
}

/// Makes a notification replace (or close) the one with `id`, which another process may have
/// shown: libnotify sends its "id" property as `replaces_id`. g_object_set is variadic too.
static inline void CLibNotify_notification_set_id(NotifyNotification *notification, guint32 id) {
    g_object_set(notification, "id", (gint)id, NULL);
}

#endif
