#ifndef WEIBO_NOTIFIER_FUZZ_GLIB_SHIM_H
#define WEIBO_NOTIFIER_FUZZ_GLIB_SHIM_H

#include <glib.h>

/// Whether `text` (UTF-8, `length` bytes) parses as GMarkup, which Pango markup is.
static inline int CGLibFuzz_markup_parses(const char *text, gssize length) {
    static const GMarkupParser parser = { NULL, NULL, NULL, NULL, NULL };
    GMarkupParseContext *context = g_markup_parse_context_new(&parser, 0, NULL, NULL);
    GError *error = NULL;
    int ok = g_markup_parse_context_parse(context, text, length, &error) && g_markup_parse_context_end_parse(context, &error);
    if (error) g_error_free(error);
    g_markup_parse_context_free(context);
    return ok;
}

static void CGLibFuzz_count_element(GMarkupParseContext *context, const gchar *name, const gchar **names, const gchar **values,
                                    gpointer counted, GError **error) {
    (void)context; (void)name; (void)names; (void)values; (void)error;
    (*(int *)counted)++;
}

/// How many elements `text` holds as GMarkup (Pango's markup), or -1 when it does not parse:
/// escaped user text inside `<markup>` must hold that one only (no `<a>`, `<span>`, `<font>`).
static inline int CGLibFuzz_markup_elements(const char *text, gssize length) {
    static const GMarkupParser parser = { CGLibFuzz_count_element, NULL, NULL, NULL, NULL };
    int counted = 0;
    GMarkupParseContext *context = g_markup_parse_context_new(&parser, 0, &counted, NULL);
    GError *error = NULL;
    int ok = g_markup_parse_context_parse(context, text, length, &error) && g_markup_parse_context_end_parse(context, &error);
    if (error) g_error_free(error);
    g_markup_parse_context_free(context);
    return ok ? counted : -1;
}

/// The keys of `text` read as a GLib key file, "group.key" joined by newlines (a string to
/// free), or NULL when it does not load.
static inline char *CGLibFuzz_keyfile_keys(const char *text, gssize length) {
    GKeyFile *file = g_key_file_new();
    if (!g_key_file_load_from_data(file, text, length, G_KEY_FILE_NONE, NULL)) { g_key_file_free(file); return NULL; }
    GString *keys = g_string_new(NULL);
    gchar **groups = g_key_file_get_groups(file, NULL);
    for (gchar **group = groups; *group; group++) {
        gchar **names = g_key_file_get_keys(file, *group, NULL, NULL);
        for (gchar **name = names; names && *name; name++) g_string_append_printf(keys, "%s.%s\n", *group, *name);
        g_strfreev(names);
    }
    g_strfreev(groups);
    g_key_file_free(file);
    return g_string_free(keys, FALSE);
}

/// The string value of `group`.`key` in the key file `text` as GLib reads it (a string to
/// free), or NULL.
static inline char *CGLibFuzz_keyfile_string(const char *text, gssize length, const char *group, const char *key) {
    GKeyFile *file = g_key_file_new();
    char *value = NULL;
    if (g_key_file_load_from_data(file, text, length, G_KEY_FILE_NONE, NULL)) value = g_key_file_get_string(file, group, key, NULL);
    g_key_file_free(file);
    return value;
}

#endif
