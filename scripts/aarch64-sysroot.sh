#!/usr/bin/env bash
# An arm64 Debian sysroot for the cross build and qemu-user (make
# test-aarch64): the arm64 packages named, with everything they depend on,
# unpacked into DIR, as they are in the Debian archive this machine's apt
# sources name.
#   scripts/aarch64-sysroot.sh DIR PACKAGE...
#
# Why not multiarch (dpkg --add-architecture arm64, then apt-get install
# libcriterion-dev:arm64): in bookworm, libnanomsg5 (a Criterion dependency)
# is 1.1.5+dfsg-1.1+b1 on amd64 and 1.1.5+dfsg-1.1 on arm64, and a
# Multi-Arch: same package must have one version on every architecture, so
# apt removes the amd64 Criterion to install the arm64 one, and `make test`
# and `make test-aarch64` would undo each other.  Here apt runs on a state
# of its own (empty package status, arm64 only, lists and downloads under
# DIR.apt): it resolves and downloads through the ordinary client, and the
# machine's installed packages and architectures are never touched.
set -euo pipefail
dir=$(realpath -m "$1") # apt takes absolute paths only
shift
stamp="$dir/.packages"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$*" ]; then
    exit 0
fi
state="$dir.apt"
rm -rf "$dir" "$state"
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/preferences.d" "$dir"
: >"$state/status"
apt_state=(-o APT::Architecture=arm64 -o APT::Architectures=arm64
    -o Dir::State="$state" -o Dir::State::Lists=lists -o Dir::State::Status="$state/status"
    -o Dir::Cache="$state/cache" -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$state/preferences.d"
    -o Debug::NoLocking=1 -o APT::Sandbox::User=root -o Acquire::Languages=none)
echo "aarch64 sysroot: arm64 packages $* and their dependencies into $dir"
apt-get "${apt_state[@]}" -qq update
apt-get "${apt_state[@]}" -qq -y --no-install-recommends --download-only install "$@" >/dev/null
for deb in "$state"/cache/archives/*.deb; do
    dpkg-deb -x "$deb" "$dir"
done
echo "aarch64 sysroot: $(ls "$state"/cache/archives/*.deb | wc -l) packages unpacked"
rm -rf "$state"
echo "$*" >"$stamp"
