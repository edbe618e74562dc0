#!/usr/bin/env bash
# packaging/test-deb.sh's notification check (run inside with-notification-server.sh, dunst,
# with the package installed): the installed binary's `notify --now`, then dunst's history.
# Output: dunstctl history's JSON (the notification's summary and body in it).
dailyquote notify --now && dunstctl close-all && sleep 0.2 && dunstctl history
