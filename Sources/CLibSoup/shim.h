#ifndef WEIBO_NOTIFIER_CLIBSOUP_SHIM_H
#define WEIBO_NOTIFIER_CLIBSOUP_SHIM_H

#include <libsoup/soup.h>

/// `soup_server_new` is variadic (property list); a server with no properties set.
static inline SoupServer *CLibSoup_server_new(void) {
    return soup_server_new(NULL, NULL);
}

/// `soup_session_new_with_options` is variadic; the two timeouts a client needs, in seconds:
/// `timeout` for a stalled read or write, `idle-timeout` for a kept-alive connection.
static inline SoupSession *CLibSoup_session_new(guint io_timeout, guint idle_timeout, guint conns_per_host,
                                                const char *user_agent) {
    return soup_session_new_with_options("timeout", io_timeout, "idle-timeout", idle_timeout,
                                         "max-conns-per-host", conns_per_host, "user-agent", user_agent, NULL);
}

#endif
