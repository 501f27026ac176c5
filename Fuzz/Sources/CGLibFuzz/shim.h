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

#endif
