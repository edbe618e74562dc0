#ifndef DAILYQUOTE_CGETTEXT_SHIM_H
#define DAILYQUOTE_CGETTEXT_SHIM_H
// glibc's gettext (dgettext, bindtextdomain, bind_textdomain_codeset): Swift's Glibc module
// leaves <libintl.h> out. Part of glibc itself, so there is nothing to link.
#include <libintl.h>
#include <locale.h>
#endif
