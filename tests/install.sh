#!/bin/bash
# make test-install (all) and make test-deb (deb): bin/perft installed and
# packaged, run from outside the build tree.
#
#   install  make install PREFIX=a scratch directory: perft --version, a
#            divide and a suite named positions/... run from / with the tree
#            out of PATH; the manual page found by man; bash completion;
#            make uninstall leaves no file behind
#   destdir  the same with DESTDIR and PREFIX=/usr, the staged tree run
#            where it lies (it finds its share/ from its own path)
#   man      the options perft(1) lists are exactly those --help lists
#   deb      make deb; the package installed into a scratch root with dpkg
#            (--instdir, --admindir: this machine's packages untouched),
#            run there, removed, nothing left; every library the binary
#            links is named in Depends and installed here at a version
#            Depends accepts
#
# The divide's count is compared with the build tree's bin/perft; the
# initial position's perft 3 of 8902 is chessprogramming.org's "Perft
# Results".
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$PWD
parts=${1:-all}
[ "$parts" = all ] && parts="install destdir man deb"
scratch=$(mktemp -d /tmp/perft-install-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
checks=0
fail() { echo "tests/install.sh: FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); echo "ok: $*"; }

# The installed program at $1, with $2 its data directory: version, divide,
# suite, all from / with only the installed bin/ on PATH.
run_installed() {
    local bin=$1 share=$2
    local version
    version=$(cd / && PATH="$bin:/usr/bin:/bin" perft --version) || fail "perft --version from $bin"
    [[ $version == "perft "* ]] || fail "--version's first line: $version"
    grep -q "^build: .*\(PEXT\|magic\) sliders" <<<"$version" || fail "--version names no build options: $version"
    grep -qx "position suites: $share/positions" <<<"$version" || fail "--version's suites are not $share/positions: $version"
    ok "perft --version from $bin: $(head -n 1 <<<"$version")"
    local divide expected
    divide=$(cd / && PATH="$bin:/usr/bin:/bin" perft 3 "$START" 2>/dev/null)
    expected=$("$tree/bin/perft" 3 "$START" 2>/dev/null)
    [ "$divide" = "$expected" ] && [ "$(tail -n 1 <<<"$divide")" = 8902 ] || fail "divide from $bin: $divide"
    ok "divide 3 of the chess start from $bin: 8902, as the tree's bin/perft"
    local suite
    suite=$(cd / && PATH="$bin:/usr/bin:/bin" perft --suite positions/chess/famous.epd --max-depth 2 2>&1) ||
        fail "suite positions/chess/famous.epd from /: $suite"
    grep -q "^suite $share/positions/chess/famous.epd: 7 positions, 14 counts, 14 checks, 0 failed" <<<"$suite" ||
        fail "suite from $bin: $suite"
    ok "--suite positions/chess/famous.epd from / read $share/positions/chess/famous.epd: 14 checks, 0 failed"
}

# No file left under $1.
nothing_left() {
    local left
    left=$(find "$1" -type f)
    [ -z "$left" ] || fail "files left under $1: $left"
    ok "uninstalled: no file left under $1"
}

for part in $parts; do
    case $part in
    install)
        prefix=$scratch/prefix
        said=$(make --no-print-directory install PREFIX="$prefix")
        run_installed "$prefix/bin" "$prefix/share/perft"
        # A prefix off PATH, off man's path and outside bash-completion's
        # folders: each said, with what to do.
        grep -q "note: $prefix/bin is not on PATH" <<<"$said" || fail "install says nothing of PATH: $said"
        grep -q "note: man does not search $prefix/share/man" <<<"$said" || fail "install says nothing of man: $said"
        grep -q "note: bash-completion loads $prefix/share/bash-completion/completions/perft only" <<<"$said" ||
            fail "install says nothing of bash-completion: $said"
        ok "make install PREFIX=$prefix says that PATH, man and bash-completion do not look there, and what to do"
        [ "$(PATH="$prefix/bin:/usr/bin:/bin" MANPATH="$prefix/share/man" man -w perft)" = "$prefix/share/man/man1/perft.1" ] ||
            fail "man -w perft with MANPATH=$prefix/share/man"
        manual=$(MANWIDTH=80 MANPATH="$prefix/share/man" man perft 2>/dev/null)
        grep -q -- '--uci' <<<"$manual" || fail "man perft shows no --uci"
        ok "man perft finds $prefix/share/man/man1/perft.1"
        completion=$(cd / && PATH="$prefix/bin:/usr/bin:/bin" bash -c "source '$prefix/share/bash-completion/completions/perft'
            COMP_WORDS=(perft --vers); COMP_CWORD=1; _perft perft --vers perft; echo \"\${COMPREPLY[*]}\"
            COMP_WORDS=(perft -b pad); COMP_CWORD=2; _perft perft pad -b; echo \"\${COMPREPLY[*]}\"")
        [ "$completion" = $'--version\npadded' ] || fail "bash completion: $completion"
        ok "bash completion: --vers gives --version, -b pad gives padded"
        make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
        nothing_left "$prefix"
        ;;
    destdir)
        stage=$scratch/stage
        make --no-print-directory install DESTDIR="$stage" PREFIX=/usr >/dev/null
        grep -qx /usr/bin/perft "$stage/usr/share/perft/installed-files" || fail "the record names no /usr/bin/perft"
        run_installed "$stage/usr/bin" "$stage/usr/share/perft"
        make --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
        nothing_left "$stage"
        ;;
    man)
        # Option heads: "  -b, --backend=NAME" in --help, .TP's next line in
        # the page; perft-mpi(1) too when bin/perft-mpi was built.
        for program in perft perft-mpi; do
            [ "$program" = perft ] || [ -x bin/$program ] || continue
            help=$(bin/$program --help | grep -E '^ +(-[a-z], )?--[a-z]' | grep -oE -- '--[a-z][a-z-]*' | awk '!seen[$0]++' | sort)
            page=$(awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }' build/man/$program.1 | sed 's/\\-/-/g; s/\\f[BIRP]//g' |
                grep -oE -- '^(-[a-z], )?--[a-z][a-z-]*' | grep -oE -- '--[a-z][a-z-]*' | sort)
            [ "$help" = "$page" ] || fail "$program(1) and --help list different options: $(diff <(echo "$help") <(echo "$page"))"
            [ "$(wc -l <<<"$help")" -ge 20 ] || fail "only $(wc -l <<<"$help") options found in $program --help"
            ok "$program(1) lists the $(wc -l <<<"$help") options of --help, no other"
        done
        ;;
    deb)
        deb=$(make --no-print-directory -s deb | tail -n 1)
        [ -f "$deb" ] || fail "make deb made no package: $deb"
        depends=$(dpkg-deb -f "$deb" Depends)
        for lib in $(readelf -d bin/perft | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            # The path ldconfig gives, or the file it links to: dpkg knows one
            # of the two (merged /usr).
            # awk reads to the end: leaving at the first match let ldconfig
            # die of SIGPIPE now and then, which pipefail made this test's
            # exit status (141, CI of 2026-12-03).
            path=$(ldconfig -p | awk -v l="$lib" '$1 == l && !found { print $NF; found = 1 }')
            owner=$({ dpkg -S "$path" || dpkg -S "$(readlink -f "$path")"; } 2>/dev/null | head -n 1 | cut -d: -f1) || true
            [ -n "$owner" ] && grep -qE "(^|, )$owner( |,|$)" <<<"$depends" || fail "$lib (package '$owner') is not in Depends: $depends"
        done
        IFS=',' read -ra deps <<<"$depends"
        for dep in "${deps[@]}"; do
            name=$(awk '{ print $1 }' <<<"$dep") op=$(sed -n 's/.*(\(.*\) \(.*\)).*/\1/p' <<<"$dep") want=$(sed -n 's/.*(\(.*\) \(.*\)).*/\2/p' <<<"$dep")
            have=$(dpkg-query -W -f '${Version}' "$name")
            [ -z "$op" ] || dpkg --compare-versions "$have" "${op/>=/ge}" "$want" || fail "Depends $dep: installed $have"
        done
        ok "Depends ($depends): every linked library's package, each installed here at an accepted version"
        root=$scratch/debroot
        mkdir -p "$root/inst" "$root/admin/updates" "$root/admin/info"
        touch "$root/admin/status" "$root/admin/available"
        dpkg=(dpkg --instdir="$root/inst" --admindir="$root/admin" --force-not-root --force-depends --force-script-chrootless)
        # Its Depends are checked above against this machine's packages:
        # the scratch root's empty database forces them (dpkg says so).
        "${dpkg[@]}" -i "$deb" >"$scratch/dpkg.log" 2>&1 || fail "dpkg -i $deb into $root: $(cat "$scratch/dpkg.log")"
        status=$("${dpkg[@]}" -s perft) || fail "dpkg -s perft in the scratch root"
        grep -qx 'Status: install ok installed' <<<"$status" || fail "dpkg -s perft in the scratch root: $status"
        ok "dpkg installed $(basename "$deb") into a scratch root"
        run_installed "$root/inst/usr/bin" "$root/inst/usr/share/perft"
        [ -f "$root/inst/usr/share/man/man1/perft.1.gz" ] || fail "no perft.1.gz in the package"
        zcat "$root/inst/usr/share/doc/perft/README.md.gz" | cmp -s - README.md || fail "the package's README is not README.md"
        ! readelf -S "$root/inst/usr/bin/perft" | grep -q '\.symtab\|\.debug_info' || fail "the packaged perft is not stripped"
        ok "the package holds the manual page and the README; its binary is stripped"
        # Its version sorts by commit time: 0.0.TIME+gCOMMIT.
        version=$(dpkg-deb -f "$deb" Version)
        when=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S HEAD)
        [[ $version == 0.0.$when+g* ]] || fail "version $version is not 0.0.$when+gCOMMIT"
        dpkg --compare-versions "0.0.$((when - 1))+gffffff" lt "$version" || fail "$version does not sort after an older commit's"
        ok "version $version: the commit's time, then the commit, so later commits sort later"
        "${dpkg[@]}" -r perft >/dev/null || fail "dpkg -r perft"
        nothing_left "$root/inst"
        ;;
    *) fail "unknown part '$part' (install, destdir, man, deb)" ;;
    esac
done
echo "tests/install.sh: $checks checks passed ($parts)"
