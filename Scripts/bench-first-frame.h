/* What the benches' C yardsticks (bench-gtk-reference.c, bench-handy-reference.c) share: they
 * print "drawn" once their window's first frame was painted, for the bench to time. */
#include <gtk/gtk.h>
#include <stdio.h>

static void bench_painted(GdkFrameClock *clock, gpointer user_data) {
    (void)user_data;
    printf("drawn\n");
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, bench_painted, NULL);
}

static void bench_mapped(GtkWidget *window, gpointer user_data) {
    (void)user_data;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(bench_painted), NULL);
}

/* Prints "drawn" after the first frame of `window`, once it is mapped. */
static void bench_report_first_frame(GtkWidget *window) {
    g_signal_connect(window, "map", G_CALLBACK(bench_mapped), NULL);
}
