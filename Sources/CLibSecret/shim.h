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

/// A string-to-string table for a schema's attributes (`g_str_hash` and `g_str_equal` are
/// function pointers Swift would have to cast); keys and values are copied and freed with it.
static inline GHashTable *CLibSecret_attributes(const char *uid, const char *api_base) {
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_hash_table_insert(table, g_strdup("uid"), g_strdup(uid));
    g_hash_table_insert(table, g_strdup("api-base"), g_strdup(api_base));
    return table;
}

#endif
