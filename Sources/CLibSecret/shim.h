#ifndef WEIBO_NOTIFIER_CLIBSECRET_SHIM_H
#define WEIBO_NOTIFIER_CLIBSECRET_SHIM_H

#include <libsecret/secret.h>

/// The schema of the notifier's tokens (`io.github.WeiboNotifier.Token`, attributes `uid` and
/// `api-base`): a SecretSchema is a C struct with a fixed-size attribute array, which Swift
/// cannot initialise, and `secret_schema_new` is variadic.
static inline const SecretSchema *CLibSecret_token_schema(void) {
    static const SecretSchema schema = {
        "io.github.WeiboNotifier.Token", SECRET_SCHEMA_NONE,
        { { "uid", SECRET_SCHEMA_ATTRIBUTE_STRING }, { "api-base", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } },
    };
    return &schema;
}

/// The schema of an app's secret (`io.github.WeiboNotifier.AppSecret`, attribute `app-key`).
static inline const SecretSchema *CLibSecret_app_secret_schema(void) {
    static const SecretSchema schema = {
        "io.github.WeiboNotifier.AppSecret", SECRET_SCHEMA_NONE,
        { { "app-key", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } },
    };
    return &schema;
}

/// An empty string-to-string table for a schema's attributes (`g_str_hash` and `g_str_equal` are
/// function pointers Swift would have to cast); its keys and values are freed with it.
static inline GHashTable *CLibSecret_attributes(void) {
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

/// Adds `key` = `value` to a table of `CLibSecret_attributes`, both copied.
static inline void CLibSecret_attributes_add(GHashTable *table, const char *key, const char *value) {
    g_hash_table_insert(table, g_strdup(key), g_strdup(value));
}

#endif
