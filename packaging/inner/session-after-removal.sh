#!/usr/bin/env bash
# packaging/test-deb.sh's check after the package's removal (run inside with-user-session.sh,
# with the units `install` wrote still in the user's directory): starts the notify and refresh
# services, and prints for each "UNIT CONDITIONRESULT ACTIVESTATE RESULT NRESTARTS".
show() { systemctl --user show "$1" -p "$2" --value; }
systemctl --user start dailyquote-notify.service dailyquote-refresh.service
sleep 1
for unit in dailyquote-notify.service dailyquote-refresh.service; do
  echo "$unit $(show $unit ConditionResult) $(show $unit ActiveState) $(show $unit Result) $(show $unit NRestarts)"
done
