// CLibnotify is a C target only for its headers (include/): libnotify's API, without gdk-pixbuf's
// header (include/gdk-pixbuf/gdk-pixbuf.h). The module map links libnotify itself.
