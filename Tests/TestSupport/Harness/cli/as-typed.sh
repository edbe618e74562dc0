#!/bin/sh
# Runs one command line as a user runs it when pasting it into a shell: a line dailyquote
# prints as the next step (uninstall's way to turn autostart off), word splitting, quoting and all.
#   cli/as-typed.sh 'COMMAND LINE'
# Exit status: the command line's.
exec /bin/sh -c "$1"
