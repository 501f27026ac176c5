/* The same job in C, for `make bench` to compare against: polls the unread counts with
 * libsoup (a GLib main loop, one request at a time) and replaces one libnotify bubble with
 * the answer. Usage: bench-reference URL POLLS < token (the token on standard input, never in
 * the argument list). Prints "done" after POLLS polls, then idles until killed, so that its
 * peak RSS can be read. */
#include <libnotify/notify.h>
#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static SoupSession *session;
static NotifyNotification *bubble;
static const char *url;
static char *authorization;
static int left;

static gboolean poll_once(gpointer data);

static void answered(GObject *source, GAsyncResult *result, gpointer data) {
    GBytes *bytes = soup_session_send_and_read_finish(session, result, NULL);
    if (bytes != NULL) {
        gsize length = 0;
        const char *body = g_bytes_get_data(bytes, &length);
        char text[128];
        snprintf(text, sizeof text, "%.*s", (int)(length > 100 ? 100 : length), body);
        notify_notification_update(bubble, "Weibo", text, NULL);
        notify_notification_show(bubble, NULL);
        g_bytes_unref(bytes);
    }
    if (--left > 0) {
        g_timeout_add(10, poll_once, NULL);
    } else {
        printf("done\n");
        fflush(stdout);
    }
}

static gboolean poll_once(gpointer data) {
    SoupMessage *message = soup_message_new("GET", url);
    soup_message_headers_append(soup_message_get_request_headers(message), "Authorization", authorization);
    soup_session_send_and_read_async(session, message, G_PRIORITY_DEFAULT, NULL, answered, NULL);
    g_object_unref(message);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    char token[256] = "";
    if (argc != 3 || fgets(token, sizeof token, stdin) == NULL) {
        fprintf(stderr, "usage: %s URL POLLS < token\n", argv[0]);
        return 64;
    }
    token[strcspn(token, "\r\n")] = '\0';
    url = argv[1];
    authorization = g_strdup_printf("OAuth2 %s", token);
    left = atoi(argv[2]);
    notify_init("Weibo Notifier (C reference)");
    session = soup_session_new();
    /* Over HTTPS the sandbox's CA is trusted as the notifier trusts it (SSL_CERT_FILE). */
    const char *ca = getenv("SSL_CERT_FILE");
    if (ca != NULL && *ca != '\0') {
        GTlsDatabase *database = g_tls_file_database_new(ca, NULL);
        if (database != NULL) {
            soup_session_set_tls_database(session, database);
            g_object_unref(database);
        }
    }
    bubble = notify_notification_new("Weibo", "", NULL);
    poll_once(NULL);
    g_main_loop_run(g_main_loop_new(NULL, FALSE));
    return 0;
}
