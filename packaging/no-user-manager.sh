# shellcheck shell=bash
# Sourced by the two installs that set up the timers for the invoking user, scripts/setup (the
# package) and packaging/install.sh (a per-user `make install`), so that a machine where no
# systemd user manager answers gets one behaviour and one note from both: no timers written
# (nothing would run them), and the autostart entry named as what delivers.
#   . packaging/no-user-manager.sh
#   user_manager_answers || { no_user_manager_note ENTRY BINARY; ...; }

# user_manager_answers: succeeds where `systemctl --user` reaches this user's manager.
user_manager_answers() { systemctl --user show-environment >/dev/null 2>&1; }

# no_user_manager_note ENTRY BINARY: the one line said instead of writing timers; ENTRY is the
# autostart entry that starts `dailyquote run` at login, BINARY the dailyquote to run now.
no_user_manager_note() {
  echo "note: no systemd user manager answers here, so no timers were written; the autostart entry $1 starts \`dailyquote run\` at your next login (to start it now: \`$2 run &\`)"
}
