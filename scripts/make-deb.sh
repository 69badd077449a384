#!/bin/sh
# make deb (Makefile): a Debian package of bin/perft, built with dpkg-deb.
#
#   scripts/make-deb.sh VERSION PROGRAM MANPAGES-DIR OUTPUT-DIR
#
# The package holds what make install writes with PREFIX=/usr (the program,
# perft(1), the position suites, the bash completion) and the copyright
# note; dpkg keeps the list of files, so the install record is left out.
# Depends is computed by dpkg-shlibdeps from the libraries the binary links
# (libc6, libjansson4).  bin/perft-mpi is not packaged: it needs Open MPI
# and mpirun, and is built separately (make mpi).  The binary is the
# build's, compiled with -march=native unless the build chose otherwise:
# the description names its code paths (perft --version), and it runs on
# processors with the building one's instruction sets.
set -eu
version=$1 program=$2 mandir=$3 out=$4
# A Debian version starts with a digit and must sort by age: a bare commit
# becomes 0.0.TIME+gCOMMIT, TIME its commit time (UTC, YYYYMMDDhhmmss), so
# that a later commit's package is newer to dpkg and apt.
# A commit's abbreviated name may itself start with a digit (8f002eb):
# whatever git knows as a commit is dated, anything else (a release's
# VERSION file) must already be a Debian version.
commit=${version%-dirty}
if [ -e .git ] && git rev-parse -q --verify "$commit^{commit}" >/dev/null 2>&1; then
    when=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S "$commit")
    debversion=0.0.$when+g$version
else
    case $version in
    [0-9]*) debversion=$version ;;
    *) echo "make-deb.sh: '$version' is neither a commit nor a version starting with a digit" >&2; exit 1 ;;
    esac
fi
debversion=$(printf '%s' "$debversion" | tr -c 'A-Za-z0-9.+~\n' '+')
arch=$(dpkg --print-architecture)
work=$out/deb-build
rm -rf "$work"
mkdir -p "$work/root/DEBIAN" "$work/debian"
./scripts/install.sh install "$work/root" /usr "$mandir" "$program" >/dev/null
rm "$work/root/usr/share/perft/installed-files"
# The installed name is perft whatever the build called it.
[ "$(basename "$program")" = perft ] || { echo "make-deb.sh: $program is not bin/perft" >&2; exit 1; }
gzip -9n "$work/root/usr/share/man/man1/perft.1"
# Stripped (the debug symbols are dropped: a package is for running; a
# build tree is for debugging), and the README beside the copyright note.
strip --strip-unneeded "$work/root/usr/bin/perft"
install -d "$work/root/usr/share/doc/perft"
gzip -9nc README.md >"$work/root/usr/share/doc/perft/README.md.gz"
cat >"$work/root/usr/share/doc/perft/copyright" <<'COPYRIGHT'
The perft and move-generation benchmark suite for Quaternity and orthodox
chess: the program bin/perft, its manual page, its position suites (EPD
files of counts published by their sources, named in positions/README.md)
and its bash completion, packaged from the suite's source tree.
COPYRIGHT
# dpkg-shlibdeps reads a debian/control; this one names the package only.
printf 'Source: perft\n\nPackage: perft\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O root/usr/bin/perft 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependencies for the binary" >&2; exit 1; }
build=$("$program" --version | sed -n 's/^build: //p')
cat >"$work/root/DEBIAN/control" <<CONTROL
Package: perft
Version: $debversion
Architecture: $arch
Maintainer: the perft suite <perft@localhost>
Installed-Size: $(du -sk "$work/root/usr" | cut -f1)
Depends: $depends
Section: games
Priority: optional
Description: perft, divide and move-generation cross-checks for Quaternity and chess
 Counts the move tree of a Quaternity (QFEN) or chess (FEN) position with
 three built-in move generators per game, checks suites of published counts,
 cross-checks external engines and finds the first position where they
 differ, and answers go perft as a UCI engine (perft --uci).
 .
 Built for: $build.
CONTROL
deb=$out/perft_${debversion}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$work/root" "$deb" >/dev/null
rm -rf "$work"
echo "$deb"
