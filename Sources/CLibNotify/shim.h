#ifndef WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H
#define WEIBO_NOTIFIER_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>

#endif
