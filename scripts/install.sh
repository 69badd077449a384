#!/bin/sh
# make install / make uninstall (Makefile): the programs, their manual pages,
# the position suites and the bash completion, under DESTDIR PREFIX.
#
#   scripts/install.sh install   DESTDIR PREFIX MANPAGES-DIR PROGRAM...
#   scripts/install.sh uninstall DESTDIR PREFIX
#
# install records every file it writes (paths without DESTDIR) in
# PREFIX/share/perft/installed-files; uninstall removes exactly those, the
# record itself, and the directories under share/perft left empty.  The
# shared directories (bin, share/man/man1, ...) stay.  An installed program
# needs nothing from the build tree: it finds share/perft from its own path
# (gen/perft/data_dir.h).
set -eu
action=$1 destdir=$2 prefix=$3
shift 3
root=$destdir$prefix
record=$root/share/perft/installed-files

case $action in
install)
    mandir=$1
    shift
    [ -e "$record" ] && { echo "install.sh: $record exists: make uninstall first (same PREFIX and DESTDIR)" >&2; exit 1; }
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT
    put() { # MODE SOURCE TARGET (TARGET under PREFIX)
        install -D -m "$1" "$2" "$root/$3"
        echo "$prefix/$3" >>"$list"
    }
    for program in "$@"; do
        put 755 "$program" "bin/$(basename "$program")"
        put 644 "$mandir/$(basename "$program").1" "share/man/man1/$(basename "$program").1"
    done
    for suite in $(cd positions && find . -type f | sort); do
        put 644 "positions/$suite" "share/perft/positions/${suite#./}"
    done
    put 644 gen/perft/perft.bash-completion share/bash-completion/completions/perft
    echo "$prefix/share/perft/installed-files" >>"$list"
    install -m 644 "$list" "$record"
    echo "installed $(wc -l <"$record") files under $root (listed in $record)"
    # Where the shell, man and bash-completion look (a plain install only:
    # a staged one, DESTDIR, is for a package).
    if [ -z "$destdir" ]; then
        case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *) echo "note: $prefix/bin is not on PATH: add it (export PATH=\"$prefix/bin:\$PATH\") to run perft by name" ;;
        esac
        case ":$(manpath 2>/dev/null || true):" in
        *":$prefix/share/man:"*) ;;
        *) echo "note: man does not search $prefix/share/man: man $prefix/share/man/man1/perft.1, or add $prefix/share/man to MANPATH" ;;
        esac
        case $prefix in
        "$HOME/.local" | /usr/local | /usr) ;; # its user folder and the system's
        *) echo "note: bash-completion loads $prefix/share/bash-completion/completions/perft only from its own folders: source it from ~/.bashrc" ;;
        esac
    fi
    ;;
uninstall)
    [ -f "$record" ] || { echo "install.sh: $record not found: nothing installed under $root" >&2; exit 1; }
    count=0
    while IFS= read -r file; do
        case $file in "$prefix"/*) ;; *) echo "install.sh: $record lists $file, outside $prefix: not removed" >&2; exit 1 ;; esac
        [ "$file" = "$prefix/share/perft/installed-files" ] && continue
        rm -f "$destdir$file"
        count=$((count + 1))
    done <"$record"
    rm -f "$record"
    find "$root/share/perft" -depth -type d -empty -delete 2>/dev/null || true
    echo "removed $((count + 1)) files from $root"
    ;;
*)
    echo "usage: scripts/install.sh install|uninstall DESTDIR PREFIX [MANPAGES-DIR PROGRAM...]" >&2
    exit 2
    ;;
esac
