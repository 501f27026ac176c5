/* The settings window's yardstick for `make bench` (Scripts/bench-settings.py): a libhandy
 * preferences window in C, on the same display and theme as the settings window.
 *
 * Four pages (Notifications, Account, Display, Advanced) of two groups each; the first page,
 * shown at start, has twelve rows: six switches, three spin buttons and three drop-downs, each
 * with a title and a subtitle. Prints "drawn" once the first frame was painted, then runs until
 * it is killed, so that the caller reads its peak RSS.
 *
 *   cc -O2 bench-handy-reference.c $(pkg-config --cflags --libs libhandy-1) -o bench-handy-reference
 */
#include <handy.h>
#include <stdio.h>
#include "bench-first-frame.h"

static GtkWidget *row(const char *title, const char *subtitle, int kind) {
    GtkWidget *row = hdy_action_row_new();
    hdy_preferences_row_set_title(HDY_PREFERENCES_ROW(row), title);
    hdy_action_row_set_subtitle(HDY_ACTION_ROW(row), subtitle);
    GtkWidget *control;
    if (kind == 0) {
        control = gtk_switch_new();
        gtk_switch_set_active(GTK_SWITCH(control), TRUE);
    } else if (kind == 1) {
        control = gtk_spin_button_new_with_range(0, 600, 1);
        gtk_spin_button_set_value(GTK_SPIN_BUTTON(control), 60);
    } else {
        control = gtk_combo_box_text_new();
        gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(control), "Each kind");
        gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(control), "One summary");
        gtk_combo_box_set_active(GTK_COMBO_BOX(control), 0);
    }
    gtk_widget_set_valign(control, GTK_ALIGN_CENTER);
    gtk_container_add(GTK_CONTAINER(row), control);
    hdy_action_row_set_activatable_widget(HDY_ACTION_ROW(row), control);
    return row;
}

static GtkWidget *page(const char *title, const char *icon, int rows) {
    GtkWidget *page = hdy_preferences_page_new();
    hdy_preferences_page_set_title(HDY_PREFERENCES_PAGE(page), title);
    hdy_preferences_page_set_icon_name(HDY_PREFERENCES_PAGE(page), icon);
    for (int group_index = 0; group_index < 2; group_index++) {
        GtkWidget *group = hdy_preferences_group_new();
        hdy_preferences_group_set_title(HDY_PREFERENCES_GROUP(group), group_index == 0 ? "Bubbles" : "Counts");
        for (int i = 0; i < rows / 2; i++) {
            char name[64];
            snprintf(name, sizeof name, "Setting %d", group_index * rows / 2 + i + 1);
            gtk_container_add(GTK_CONTAINER(group), row(name, "What this setting changes, in a few words", i % 3));
        }
        gtk_container_add(GTK_CONTAINER(page), group);
    }
    return page;
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    hdy_init();
    GtkWidget *window = hdy_preferences_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Preferences");
    gtk_window_set_default_size(GTK_WINDOW(window), 640, 620);
    gtk_container_add(GTK_CONTAINER(window), page("Notifications", "preferences-system-notifications-symbolic", 12));
    gtk_container_add(GTK_CONTAINER(window), page("Account", "avatar-default-symbolic", 6));
    gtk_container_add(GTK_CONTAINER(window), page("Display", "preferences-desktop-display-symbolic", 8));
    gtk_container_add(GTK_CONTAINER(window), page("Advanced", "preferences-other-symbolic", 8));
    bench_report_first_frame(window);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
