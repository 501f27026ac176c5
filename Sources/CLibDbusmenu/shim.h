#ifndef WEIBO_NOTIFIER_CLIBDBUSMENU_SHIM_H
#define WEIBO_NOTIFIER_CLIBDBUSMENU_SHIM_H

#include <libdbusmenu-glib/server.h>
#include <libdbusmenu-glib/menuitem.h>

#endif
