/* The popup's yardstick for `make bench` (Scripts/bench-popup.py): a GTK 3 window in C with 100
 * drawn rows of what a popup row shows, on the same display and theme as the popup.
 *
 * Each row: a 48 px avatar and three 96 px pictures (AVATAR and PICTURE, each decoded once and
 * shared by every row: the lightest a C program could do), a bold name, a time, and a wrapped
 * text of 140 characters, Chinese with Latin, every fourth ending with one of eight emoji (as a
 * quarter of the sandbox's posts do, the popup's rows); the rows in a list in a scrolled window of
 * 420 x 560 px, the popup's size. Prints "drawn" once the first frame was painted, then runs
 * until it is killed, so that the caller reads its peak RSS.
 *
 *   cc -O2 bench-gtk-reference.c $(pkg-config --cflags --libs gtk+-3.0) -o bench-gtk-reference
 *   bench-gtk-reference AVATAR.png PICTURE.png
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include "bench-first-frame.h"

static const char *text =
    "今天在北京的天气很好，我们去了颐和园，看到了很多游客。The light on the lake was beautiful, "
    "and we took many pictures. 晚上吃了烤鸭，味道非常好，下次还要再来！#北京# @朋友";

static GtkWidget *row(int index, GdkPixbuf *avatar, GdkPixbuf *picture) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *face = gtk_image_new_from_pixbuf(avatar);
    gtk_widget_set_valign(face, GTK_ALIGN_START);
    gtk_box_pack_start(GTK_BOX(box), face, FALSE, FALSE, 0);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    char name[64];
    snprintf(name, sizeof name, "<b>用户 %d</b>", index);
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(label), name);
    gtk_box_pack_start(GTK_BOX(header), label, FALSE, FALSE, 0);
    gtk_box_pack_end(GTK_BOX(header), gtk_label_new("5 分钟前"), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(column), header, FALSE, FALSE, 0);
    static const char *emoji[] = {"😂", "👍", "❤️", "🎉", "👨‍👩‍👧‍👦", "🇨🇳", "☀️", "🐱"};
    char *words = g_strconcat(text, index % 4 == 0 ? emoji[index / 4 % 8] : "", NULL);
    GtkWidget *body = gtk_label_new(words);
    g_free(words);
    gtk_label_set_line_wrap(GTK_LABEL(body), TRUE);
    gtk_label_set_xalign(GTK_LABEL(body), 0);
    gtk_label_set_max_width_chars(GTK_LABEL(body), 40);
    gtk_box_pack_start(GTK_BOX(column), body, FALSE, FALSE, 0);
    GtkWidget *pictures = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    for (int i = 0; i < 3; i++) gtk_box_pack_start(GTK_BOX(pictures), gtk_image_new_from_pixbuf(picture), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(column), pictures, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), column, TRUE, TRUE, 0);
    return box;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bench-gtk-reference AVATAR.png PICTURE.png\n");
        return 64;
    }
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "GTK reference");
    gtk_window_set_default_size(GTK_WINDOW(window), 420, 560);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    GdkPixbuf *avatar = gdk_pixbuf_new_from_file_at_scale(argv[1], 48, 48, TRUE, NULL);
    GdkPixbuf *picture = gdk_pixbuf_new_from_file_at_scale(argv[2], 96, 96, TRUE, NULL);
    if (!avatar || !picture) {
        fprintf(stderr, "bench-gtk-reference: cannot read the images\n");
        return 66;
    }
    GtkWidget *list = gtk_list_box_new();
    for (int i = 0; i < 100; i++) gtk_container_add(GTK_CONTAINER(list), row(i, avatar, picture));
    gtk_container_add(GTK_CONTAINER(scrolled), list);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    bench_report_first_frame(window);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
