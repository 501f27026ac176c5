#ifndef WEIBO_NOTIFIER_CLIBSECRET_SHIM_H
#define WEIBO_NOTIFIER_CLIBSECRET_SHIM_H

// libsecret, loaded the first time the keyring is used: a user with `token_store = file`, or
// without a keyring, never maps it nor the cryptography library it brings (about 1.5 MiB of the
// daemon's memory). So nothing here links against it: its stable ABI (secret-schema.h and
// secret-password.h, libsecret 0.18 and later) is declared below, and `Scripts/check-sources.sh`
// compiles these declarations against the real header (libsecret-1-dev) on every `make test`.

#include <dlfcn.h>
#include <gio/gio.h>

/// `SecretSchemaAttribute`.
typedef struct {
    const gchar *name;
    int type; // SecretSchemaAttributeType: 0 is a string
} CLibSecretSchemaAttribute;

/// `SecretSchema`.
typedef struct {
    const gchar *name;
    int flags; // SecretSchemaFlags: 0 is none
    CLibSecretSchemaAttribute attributes[32];
    gint reserved;
    gpointer reserved1, reserved2, reserved3, reserved4, reserved5, reserved6, reserved7;
} CLibSecretSchema;

/// The schema of the notifier's tokens (`io.github.WeiboNotifier.Token`, attributes `uid` and
/// `api-base`): a C struct with a fixed-size attribute array, which Swift cannot initialise.
static inline const CLibSecretSchema *CLibSecret_token_schema(void) {
    static const CLibSecretSchema schema = {
        "io.github.WeiboNotifier.Token", 0, { { "uid", 0 }, { "api-base", 0 }, { NULL, 0 } },
    };
    return &schema;
}

/// The schema of an app's secret (`io.github.WeiboNotifier.AppSecret`, attribute `app-key`).
static inline const CLibSecretSchema *CLibSecret_app_secret_schema(void) {
    static const CLibSecretSchema schema = {
        "io.github.WeiboNotifier.AppSecret", 0, { { "app-key", 0 }, { NULL, 0 } },
    };
    return &schema;
}

/// An empty string-to-string table for a schema's attributes (`g_str_hash` and `g_str_equal`
/// are function pointers Swift would have to cast); its keys and values are freed with it.
static inline GHashTable *CLibSecret_attributes(void) {
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

/// Adds `key` = `value` to a table of `CLibSecret_attributes`, both copied.
static inline void CLibSecret_attributes_add(GHashTable *table, const char *key, const char *value) {
    g_hash_table_insert(table, g_strdup(key), g_strdup(value));
}

// The calls, as libsecret declares them. Their schema is ours (laid out as libsecret's
// SecretSchema); Scripts/check-sources.sh compiles every one of them against libsecret's header
// with CLIBSECRET_SCHEMA set to SecretSchema.
#ifndef CLIBSECRET_SCHEMA
#define CLIBSECRET_SCHEMA CLibSecretSchema
#endif
// SecretServiceFlags and SecretService, which the check names as libsecret does.
#ifndef CLIBSECRET_SERVICE
#define CLIBSECRET_SERVICE_FLAGS guint
#define CLIBSECRET_SERVICE GObject
#endif
typedef void (*CLibSecret_storev_t)(const CLIBSECRET_SCHEMA *, GHashTable *, const gchar *, const gchar *, const gchar *,
    GCancellable *, GAsyncReadyCallback, gpointer);
typedef void (*CLibSecret_lookupv_t)(const CLIBSECRET_SCHEMA *, GHashTable *, GCancellable *, GAsyncReadyCallback, gpointer);
typedef gboolean (*CLibSecret_finish_t)(GAsyncResult *, GError **);
typedef gchar *(*CLibSecret_lookup_finish_t)(GAsyncResult *, GError **);
typedef void (*CLibSecret_free_t)(gchar *);
typedef void (*CLibSecret_disconnect_t)(void);
typedef void (*CLibSecret_service_get_t)(CLIBSECRET_SERVICE_FLAGS, GCancellable *, GAsyncReadyCallback, gpointer);
typedef CLIBSECRET_SERVICE *(*CLibSecret_service_get_finish_t)(GAsyncResult *, GError **);

/// Where libsecret's handle is kept: NULL until it is loaded, or when it is not installed.
static inline void **CLibSecret_handle(void) {
    static void *library;
    return &library;
}

/// libsecret's handle, loaded now if it was not; NULL when it is not installed.
static inline void *CLibSecret_library(void) {
    static gboolean tried;
    if (!tried) {
        tried = TRUE;
        *CLibSecret_handle() = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    }
    return *CLibSecret_handle();
}

/// Whether libsecret was loaded already (asking never loads it).
static inline gboolean CLibSecret_loaded(void) {
    return *CLibSecret_handle() != NULL;
}

static inline void *CLibSecret_symbol(const char *name) {
    return CLibSecret_library() ? dlsym(CLibSecret_library(), name) : NULL;
}

/// Whether libsecret could be loaded with every call below; they may be made only then.
static inline gboolean CLibSecret_available(void) {
    static const char *const names[] = {
        "secret_password_storev", "secret_password_store_finish", "secret_password_lookupv", "secret_password_lookup_finish",
        "secret_password_clearv", "secret_password_clear_finish", "secret_password_free", "secret_service_disconnect",
        "secret_service_get", "secret_service_get_finish",
    };
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        if (!CLibSecret_symbol(names[index])) return FALSE;
    }
    return TRUE;
}

static inline void CLibSecret_password_storev(const CLibSecretSchema *schema, GHashTable *attributes, const gchar *collection,
    const gchar *label, const gchar *password, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer data) {
    ((CLibSecret_storev_t)CLibSecret_symbol("secret_password_storev"))(
        schema, attributes, collection, label, password, cancellable, callback, data);
}

static inline gboolean CLibSecret_password_store_finish(GAsyncResult *result, GError **error) {
    return ((CLibSecret_finish_t)CLibSecret_symbol("secret_password_store_finish"))(result, error);
}

static inline void CLibSecret_password_lookupv(const CLibSecretSchema *schema, GHashTable *attributes, GCancellable *cancellable,
    GAsyncReadyCallback callback, gpointer data) {
    ((CLibSecret_lookupv_t)CLibSecret_symbol("secret_password_lookupv"))(schema, attributes, cancellable, callback, data);
}

static inline gchar *CLibSecret_password_lookup_finish(GAsyncResult *result, GError **error) {
    return ((CLibSecret_lookup_finish_t)CLibSecret_symbol("secret_password_lookup_finish"))(result, error);
}

static inline void CLibSecret_password_clearv(const CLibSecretSchema *schema, GHashTable *attributes, GCancellable *cancellable,
    GAsyncReadyCallback callback, gpointer data) {
    ((CLibSecret_lookupv_t)CLibSecret_symbol("secret_password_clearv"))(schema, attributes, cancellable, callback, data);
}

static inline gboolean CLibSecret_password_clear_finish(GAsyncResult *result, GError **error) {
    return ((CLibSecret_finish_t)CLibSecret_symbol("secret_password_clear_finish"))(result, error);
}

static inline void CLibSecret_password_free(gchar *password) {
    ((CLibSecret_free_t)CLibSecret_symbol("secret_password_free"))(password);
}

/// Drops libsecret's cached connection to the Secret Service; nothing (and nothing loaded)
/// when it was never loaded, as there is no connection then.
static inline void CLibSecret_service_disconnect(void) {
    if (CLibSecret_loaded() && CLibSecret_available()) ((CLibSecret_disconnect_t)CLibSecret_symbol("secret_service_disconnect"))();
}

/// libsecret's Secret Service with a session open (`SECRET_SERVICE_OPEN_SESSION`): the session
/// every secret travels in, encrypted where the service can.
static inline void CLibSecret_service_open_session(GCancellable *cancellable, GAsyncReadyCallback callback, gpointer data) {
    ((CLibSecret_service_get_t)CLibSecret_symbol("secret_service_get"))(1 << 1, cancellable, callback, data);
}

/// Whether the session opened (the service is unreferenced again: libsecret keeps its own).
static inline gboolean CLibSecret_service_open_session_finish(GAsyncResult *result, GError **error) {
    GObject *service = (GObject *)((CLibSecret_service_get_finish_t)CLibSecret_symbol("secret_service_get_finish"))(result, error);
    if (!service) return FALSE;
    g_object_unref(service);
    return TRUE;
}

#endif
