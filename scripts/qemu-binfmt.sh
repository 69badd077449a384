#!/usr/bin/env bash
# Lets the kernel run aarch64 binaries through qemu-user (binfmt_misc), as
# make test-aarch64 needs: Criterion starts every test by re-executing the
# test binary, and the tests start bin/perft-aarch64 as a child, so an
# explicit `qemu-aarch64 test-suite` alone fails at the first test
# ("Could not spawn test instance").
#
# On a Debian machine run by systemd, installing qemu-user-binfmt (or
# qemu-user-static) registers the handler and this script only checks it.
# Elsewhere (a container or VM without systemd) it registers Debian's own
# entry, /usr/lib/binfmt.d/qemu-aarch64.conf, as root, mounting binfmt_misc
# first if needed; the entry lasts until the machine restarts.
set -euo pipefail
fs=/proc/sys/fs/binfmt_misc
entry=$fs/qemu-aarch64
if [ -f "$entry" ] && head -1 "$entry" | grep -qx enabled; then
    exit 0
fi
conf=/usr/lib/binfmt.d/qemu-aarch64.conf
if [ "$(id -u)" != 0 ]; then
    echo "qemu-binfmt: no binfmt_misc handler for aarch64; as root: mount -t binfmt_misc binfmt_misc $fs;" \
        "grep -v '^#' $conf > $fs/register" >&2
    exit 1
fi
if [ ! -f "$conf" ]; then
    echo "qemu-binfmt: $conf missing: apt-get install qemu-user-binfmt" >&2
    exit 1
fi
if [ ! -e "$fs/register" ]; then
    mount -t binfmt_misc binfmt_misc "$fs" || {
        echo "qemu-binfmt: cannot mount binfmt_misc (a container without the privilege?);" \
            "make test-aarch64 needs it, on the host or in a privileged container" >&2
        exit 1
    }
fi
if [ -f "$entry" ]; then
    echo 1 >"$entry" # registered but disabled
else
    grep -v '^#' "$conf" | tr -d '\n' >"$fs/register"
fi
echo "qemu-binfmt: aarch64 binaries now run through $(sed -n 's/^interpreter //p' "$entry") (binfmt_misc, until restart)"
