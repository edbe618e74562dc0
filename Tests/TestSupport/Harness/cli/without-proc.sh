#!/usr/bin/env bash
# Mounts an empty tmpfs over /proc, then becomes CMD: run inside `unshare --user --map-root-user
# --mount --fork`, as in a bare debootstrap chroot.
#   without-proc.sh CMD [ARG...]
# Exit status: CMD's; the mount's when it fails.
set -euo pipefail

mount -t tmpfs tmpfs /proc
exec "$@"
