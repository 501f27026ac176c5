#ifndef WEIBO_NOTIFIER_CGLIB_SHIM_H
#define WEIBO_NOTIFIER_CGLIB_SHIM_H

#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
// glibc's gettext and locale objects, for the program's message catalogs: the Swift Glibc
// module leaves out <libintl.h>.
#include <libintl.h>
#include <locale.h>
// glibc's malloc_trim, to give a burst's freed heap back (the Swift Glibc module leaves out
// <malloc.h>).
#include <malloc.h>

/// `G_SOURCE_CONTINUE` and `G_SOURCE_REMOVE` are macros of macros, which Swift does not import.
static const gboolean CGLib_SOURCE_CONTINUE = TRUE;
static const gboolean CGLib_SOURCE_REMOVE = FALSE;

/// The categories a catalog lookup depends on (the language of messages, the character set),
/// for `newlocale`: the `LC_*_MASK` macros are expressions Swift does not import.
static const int CGLib_LC_MESSAGES_AND_CTYPE_MASK = LC_MESSAGES_MASK | LC_CTYPE_MASK;

/// `g_signal_connect` is a macro, which Swift does not import.
static inline gulong CGLib_signal_connect(gpointer instance, const gchar *signal, GCallback handler,
                                          gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// `g_log_structured` is a variadic macro; this logs one message with its domain and level
/// through the structured writer (journald under systemd, stderr otherwise).
static inline void CGLib_log(const gchar *domain, GLogLevelFlags level, const gchar *message) {
    GLogField fields[] = {
        { "GLIB_DOMAIN", domain, -1 },
        { "MESSAGE", message, -1 },
        { "PRIORITY", level & G_LOG_LEVEL_ERROR ? "3" : level & G_LOG_LEVEL_CRITICAL ? "3"
                      : level & G_LOG_LEVEL_WARNING ? "4" : level & G_LOG_LEVEL_MESSAGE ? "5"
                      : level & G_LOG_LEVEL_INFO ? "6" : "7", -1 },
    };
    g_log_structured_array(level, fields, G_N_ELEMENTS(fields));
}

#endif
