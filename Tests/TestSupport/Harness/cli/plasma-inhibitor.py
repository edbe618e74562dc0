#!/usr/bin/env python3
"""Inhibits notifications on the session bus's server (Plasma's Inhibit) until DIR/release exists.

Usage: plasma-inhibitor.py DIR. Creates DIR/inhibited once inhibited; after DIR/release appears,
un-inhibits and stays on the bus 5 s more (Plasma ends an inhibition when its owner leaves the bus).
Exit status 0; an error from the bus ends it with a traceback (status 1).
"""
import os
import sys
import time

import dbus

directory = sys.argv[1]
n = dbus.SessionBus().get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
cookie = n.Inhibit("test", "presence test", dbus.Dictionary({}, signature="sv"), dbus_interface="org.freedesktop.Notifications")
open(os.path.join(directory, "inhibited"), "w").close()
while not os.path.exists(os.path.join(directory, "release")):
    time.sleep(0.05)
n.UnInhibit(cookie, dbus_interface="org.freedesktop.Notifications")
time.sleep(5)
