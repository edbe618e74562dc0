#!/usr/bin/env bash
# packaging/test-deb.sh's GNOME Shell 43 check (run inside with-notification-server.sh --server
# gnome, with the package installed): the installed binary's `notify --now`, then which path
# `status` says it posted through, and how many holders are left.
# Output: notify's output, status's "posting:" line, then "holders: N".
dailyquote notify --now 2>&1 && sleep 0.5 && dailyquote status 2>&1 | grep "^posting:"; echo "holders: $(pgrep -fc "^/usr/bin/dailyquote hold")"
