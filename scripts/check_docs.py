#!/usr/bin/env python3
"""The docs check behind scripts/check-docs.sh (see there for what it checks).

Prints one line per problem, FILE:LINE: what, and exits 1 when there is any;
notes (planned paths, pending citations) go to stderr and do not fail.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SKIP_DIRS = {".git", "build", "bin", "node_modules", "__pycache__"}
CODE_DIRS = ("gen", "tests", "fuzz", "bench", "scripts", "positions", ".ci")
CODE_EXT = (".c", ".h", ".cpp", ".sh", ".py", ".mk", ".gp", ".epd", ".txt", ".supp", ".dict")
# Files named in a Markdown file without a folder are checked only with one of
# these endings (a bare word in backticks is usually not a file).
FILE_EXT = (".c", ".h", ".cpp", ".md", ".sh", ".py", ".epd", ".txt", ".png", ".gp", ".mk", ".json", ".dict", ".supp")
# Old citation forms, before the rules lived in gen/GAME/RULES.md.
OLD_CITATION = re.compile(r"\b(?:spec|seed) sections? [0-9]|\bspec/(?:quaternity|chess)\.md|\bspec section\b")

problems = []
notes = []


def problem(path, line, what):
    problems.append(f"{os.path.relpath(path, ROOT)}:{line}: {what}")


def note(path, line, what):
    notes.append(f"{os.path.relpath(path, ROOT)}:{line}: note: {what}")


def walk(top, exts):
    top = os.path.normpath(os.path.join(ROOT, top))
    if os.path.isfile(top):
        yield top
        return
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for f in sorted(files):
            if f.endswith(exts):
                yield os.path.join(d, f)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


# ---- Markdown headings and their anchors -------------------------------------------------------------------

def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    h = re.sub(r"[`*_]", "", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


_anchors = {}


def anchors(path):
    if path not in _anchors:
        found, fence = set(), False
        for line in read(path).split("\n"):
            if line.startswith("```"):
                fence = not fence
            m = None if fence else re.match(r"#{1,6} (.+)$", line)
            if m:
                s, n = slug(m.group(1)), 1
                while s in found:  # GitHub numbers repeated headings
                    s, n = f"{slug(m.group(1))}-{n}", n + 1
                found.add(s)
        _anchors[path] = found
    return _anchors[path]


# ---- (a) citations of rules sections -----------------------------------------------------------------------

CITATION = re.compile(r"((?:[\w.-]+/)*RULES\.md)#([\w-]+)")


def check_citations(path, text):
    for m in CITATION.finditer(text):
        cited = m.group(1)
        if any(is_placeholder(p) for p in cited.split("/")[:-1]) or is_placeholder(m.group(2)):
            continue  # gen/GAME/RULES.md#SECTION: the form, not a citation
        target = os.path.join(ROOT, cited) if "/" in cited else os.path.join(os.path.dirname(path), cited)
        line = line_of(text, m.start())
        if not os.path.isfile(target):
            problem(path, line, f"cites {cited}#{m.group(2)}: no file {cited}")
        elif m.group(2) not in anchors(target):
            problem(path, line, f"cites {cited}#{m.group(2)}: {cited} has no section with that anchor")


def check_old_citations(path, text):
    rel = os.path.relpath(path, ROOT)
    if rel in ("scripts/check-docs.sh", "scripts/check_docs.py"):
        return  # they name the old forms to refuse them
    for m in OLD_CITATION.finditer(text):
        what = f"old citation form '{m.group(0)}': cite gen/quaternity/RULES.md#SECTION or gen/chess/RULES.md#SECTION"
        problem(path, line_of(text, m.start()), what)


# ---- (b) paths and make targets in Markdown ----------------------------------------------------------------

def make_targets():
    out = subprocess.run(["make", "-C", ROOT, "-npqrR", ".DEFAULT"], capture_output=True, text=True).stdout
    targets, not_target = set(), False
    for line in out.split("\n"):
        if line.startswith("# Not a target:"):
            not_target = True
            continue
        m = re.match(r"([^\s#:=][^:=]*?):(?!=)", line)
        if m and not not_target:
            targets.update(m.group(1).split())
        not_target = False
    return targets


def expand_braces(p):
    m = re.search(r"\{([^{}]*)\}", p)
    if not m:
        return [p]
    return [q for alt in m.group(1).split(",") for q in expand_braces(p[: m.start()] + alt + p[m.end():])]


def is_placeholder(component):
    """GAME, NAME, DATE-TIME-HOST-COMMIT, $VAR, <name>, %: a component that stands for a name."""
    if re.search(r"[$%<>]", component):
        return True
    stem = component.split(".")[0]
    if stem in ("README", "RULES", "DESIGN"):
        return False
    return any(re.fullmatch(r"[A-Z][A-Z0-9]{2,}", w) for w in re.split(r"[-_]", stem))


TOP = None


def path_exists(doc, token):
    """None: not a repository path; True/False: it is one, and exists or not."""
    global TOP
    if TOP is None:
        TOP = set(os.listdir(ROOT))
    t = token.split("#")[0]
    t = re.sub(r":\d+(-\d+)?$", "", t)  # file:line
    t = t[2:] if t.startswith("./") else t
    if not t or t.startswith(("/", "~", "-")) or "://" in t or "=" in t:
        return None
    if not re.fullmatch(r"[\w.\-/{},*+]+", t):
        return None
    parts = [p for p in t.split("/") if p]
    if any(is_placeholder(p) for p in parts):
        return None
    docdir = os.path.dirname(doc)
    if "/" in t:
        if parts[0] in ("bin", "build") or (parts[0] not in TOP and not os.path.exists(os.path.join(docdir, parts[0]))
                                            and not parts[0].startswith("..")):
            return None
    elif not t.endswith(FILE_EXT) and t not in TOP:
        return None
    for base in (ROOT, docdir):
        for alt in expand_braces(t):
            full = os.path.normpath(os.path.join(base, alt))
            if not full.startswith(ROOT):
                return None  # outside the repository (../shared and such)
            if not (glob.glob(full) if "*" in alt else os.path.exists(full)):
                break
        else:
            return True
    if "/" not in t and t in BASENAMES:
        return True  # a file named without its folder, where the text says which
    return False


BASENAMES = set()

MAKE_START = re.compile(r"(?:^|\$ |&& |; |\| |\()make\b(?P<rest>[^\n`]*)")


def check_make(doc, text, offset, snippet, targets):
    for m in MAKE_START.finditer(snippet):
        for tok in m.group("rest").split():
            if tok.startswith(("#", "&&", ";", "|", ">", "2>", "(", ")")):
                break
            if "=" in tok or tok.startswith("-"):
                continue
            tok = tok.rstrip(",.;:)")
            if not re.fullmatch(r"[\w./-]+", tok) or is_placeholder(tok) or tok in ("and", "or", "run:"):
                break
            if tok not in targets:
                problem(doc, line_of(text, offset + m.start()), f"'make {tok}': the Makefile defines no target {tok}")


def code_spans(text):
    """(offset, text, kind) of code blocks (indented or fenced; one per line) and inline code spans."""
    spans, masked, pos = [], [], 0
    fence, prev_blank, prev_block = False, True, False
    for line in text.split("\n"):
        block = False
        if fence:
            fence = not line.startswith("```")
            block = fence
            masked.append(" " * len(line))
        elif line.startswith("```"):
            fence = True
            masked.append(" " * len(line))
        elif line.startswith("    ") and line.strip() and (prev_blank or prev_block):
            block = True
            masked.append(" " * len(line))
        else:
            masked.append(line)
        if block:
            spans.append((pos, line, "block"))
        prev_blank, prev_block = not line.strip(), block
        pos += len(line) + 1
    body = "\n".join(masked)  # same offsets as text, code blocks blanked
    for m in re.finditer(r"(`+)(.+?)\1", body, re.S):
        spans.append((m.start(2), m.group(2), "inline"))
    return spans


def check_markdown(doc, targets, macros):
    text = read(doc)
    planned = []
    for m in re.finditer(r"<!-- check-docs: planned -->(.*?)<!-- check-docs: end -->", text, re.S):
        planned.append((m.start(), m.end()))
    in_planned = lambda off: any(a <= off < b for a, b in planned)

    def check_path(off, token):
        ok = path_exists(doc, token)
        if ok is False:
            if in_planned(off):
                note(doc, line_of(text, off), f"planned path '{token}' does not exist yet")
            else:
                problem(doc, line_of(text, off), f"'{token}' names no file or folder of the repository")

    for off, snippet, kind in code_spans(text):
        tokens = snippet.split() if kind == "inline" else [t for t in snippet.split() if "/" in t]
        for tok in tokens:
            tok = tok.strip("'\"()[],;")
            if tok:
                check_path(off, tok)
        check_make(doc, text, off, snippet.strip(), targets)
        check_macros(doc, text, off, snippet, macros)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if target.startswith("#"):
            if target[1:] not in anchors(doc):
                problem(doc, line_of(text, m.start()), f"link to #{target[1:]}: no such section in this file")
            continue
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(doc), path))
        if not os.path.exists(full):
            if in_planned(m.start()):
                note(doc, line_of(text, m.start()), f"planned link '{target}' does not resolve yet")
            else:
                problem(doc, line_of(text, m.start()), f"link '{target}': no such file")
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            problem(doc, line_of(text, m.start()), f"link '{target}': no such section")
    check_citations(doc, text)


# ---- (c) macro signatures ----------------------------------------------------------------------------------

def collect_macros():
    macros = {}
    for top in ("gen", "bench", "tests", "fuzz"):
        for path in walk(top, (".c", ".h", ".cpp")):
            text = read(path)
            for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)", text, re.M):
                params = [p.strip() for p in m.group(2).split(",")] if m.group(2).strip() else []
                macros.setdefault(m.group(1), []).append((params, f"{os.path.relpath(path, ROOT)}:{line_of(text, m.start())}"))
    return macros


def split_args(s):
    """The top-level arguments of s, which starts just after '('; None when it is not closed."""
    depth, args, cur, quote = 0, [], "", None
    for ch in s:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                args.append(cur.strip())
                return [a for a in args] if args != [""] else []
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        cur += ch
    return None


def check_macros(doc, text, off, snippet, macros):
    for m in re.finditer(r"\b([A-Z][A-Z0-9_]{2,})\(", snippet):
        defs = macros.get(m.group(1))
        if not defs:
            continue
        args = split_args(snippet[m.end():])
        if args is None:
            continue
        args = [re.sub(r"\s+", " ", a) for a in args]

        def fits(params):
            if params and params[-1].endswith("..."):
                return len(args) >= len(params) - 1
            if len(args) != len(params):
                return False
            if set(args) <= set(params) and args != params:
                return False  # the parameter names, in another order
            return True

        if not any(fits(p) for p, _ in defs):
            params, where = defs[0]
            problem(doc, line_of(text, off + m.start()),
                    f"{m.group(1)}({', '.join(args)}) differs from {where}: #define {m.group(1)}({', '.join(params)})")


# ---- (d) include circles -----------------------------------------------------------------------------------

def strongly_connected(graph):
    """Tarjan's strongly connected components of graph (node -> nodes), in a fixed order."""
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            sccs.append(scc)

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sccs


def check_includes():
    graph, lines = {}, {}
    files = list(walk("gen", (".c", ".h")))
    for path in files:
        text = read(path)
        deps = []
        for m in re.finditer(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', text, re.M):
            name = m.group(1)
            # a tools/ folder is built with -I of the backend it serves
            here = os.path.dirname(path)
            dirs = [here] + ([os.path.dirname(here)] if os.path.basename(here) == "tools" else []) + \
                [os.path.join(ROOT, "gen/core"), os.path.join(ROOT, "gen/perft")]
            found = next((os.path.normpath(os.path.join(d, name)) for d in dirs
                          if os.path.isfile(os.path.join(d, name))), None)
            if found is None:
                problem(path, line_of(text, m.start()), f'#include "{name}" resolves to no file (file\'s folder, gen/core, gen/perft)')
                continue
            deps.append(found)
            lines[(path, found)] = line_of(text, m.start())
        graph[path] = deps
    # each strongly connected component of more than one file (or a file
    # that includes itself) is a circle
    sccs = strongly_connected(graph)
    for scc in sccs:
        members = set(scc)
        if len(scc) == 1 and scc[0] not in graph.get(scc[0], []):
            continue
        # one circle through the component, from its first file
        start = min(scc)
        path, seen = [start], {start}
        while True:
            nxt = next((w for w in sorted(graph[path[-1]]) if w in members and (w == start or w not in seen)), None)
            if nxt is None or nxt == start:
                break
            path.append(nxt)
            seen.add(nxt)
        circle = " -> ".join(os.path.relpath(p, ROOT) for p in path + [start])
        problem(start, lines.get((start, path[1] if len(path) > 1 else start), 1), f"include circle: {circle}")
    check_units(graph, lines)
    check_core_direction(graph, lines)


# ---- (e) units and the direction core -> game --------------------------------------------------------------

GAME_DIRS = ("gen/chess", "gen/quaternity")
C_WORDS = {"if", "for", "while", "switch", "return", "sizeof", "else", "do", "case", "static", "const", "void", "int",
           "char", "bool", "struct", "enum", "union", "typedef", "extern", "inline", "unsigned", "signed", "long",
           "short", "double", "float", "defined", "main"}


def strip_comments(text):
    """The text with comments and string literals blanked (same offsets and lines)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', blank, text, flags=re.S)


def unit_of(path):
    """A unit is a .c with the .h of the same name in its folder; a file alone is its own unit."""
    return os.path.splitext(path)[0]


def check_units(graph, lines):
    """A circle of units: a.c includes b.h while b.c (or b.h) includes a.h, though no file includes itself."""
    units = {}
    for f, deps in graph.items():
        units.setdefault(unit_of(f), set()).update(unit_of(d) for d in deps if unit_of(d) != unit_of(f))
    for scc in strongly_connected(units):
        if len(scc) < 2:
            continue
        members = sorted(os.path.relpath(u, ROOT) for u in scc)
        first = min(scc)
        where = next((f for f in graph if unit_of(f) == first), first)
        problem(where, 1, "circle of units (a .c with its .h): " + ", ".join(members) + ": one unit must not need the other's")


def game_names():
    """What the game folders export: macros, types and functions of their headers, and file-scope definitions
    of their .c files that are not static (a backend's registry entry)."""
    names = {}
    for top in GAME_DIRS:
        for path in walk(top, (".c", ".h")):
            text = strip_comments(read(path))
            rel = os.path.relpath(path, ROOT)
            found = set()
            if path.endswith(".h"):
                found |= set(re.findall(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", text, re.M))
                found |= set(re.findall(r"\}\s*([A-Za-z_]\w*)\s*;", text))
                found |= set(re.findall(r"^typedef\b[^;{]*?\b([A-Za-z_]\w*)\s*;", text, re.M))
                found |= set(re.findall(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(", text, re.M))
                found |= set(re.findall(r"^extern\b[^;(]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])*\s*;", text, re.M))
            else:  # a variable the .c defines for others (a backend's registry entry)
                found |= set(re.findall(r"^(?:const[ \t]+)?[A-Za-z_]\w*[ \t]+(?:const[ \t]+)?\*?[ \t]*([A-Za-z_]\w*)[ \t]*(?:\[[^\]]*\][ \t]*)*=",
                                        text, re.M))
            for n in found - C_WORDS:
                if n.startswith("__"):
                    continue
                names.setdefault(n, rel)
    return names


def check_core_direction(graph, lines):
    """gen/core is what every game and backend share: it includes no file of a game folder and names nothing
    a game folder defines (gen/core/README.md says what lives where)."""
    core = os.path.join(ROOT, "gen/core") + os.sep
    games = tuple(os.path.join(ROOT, g) + os.sep for g in GAME_DIRS)
    names = game_names()
    for f in sorted(graph):
        if not f.startswith(core):
            continue
        for d in graph[f]:
            if d.startswith(games):
                problem(f, lines.get((f, d), 1), f"core -> game: includes {os.path.relpath(d, ROOT)}")
        text = strip_comments(read(f))
        for m in re.finditer(r"\b[A-Za-z_]\w*\b", text):
            if m.group(0) in names:
                problem(f, line_of(text, m.start()),
                        f"core -> game: names {m.group(0)}, defined in {names[m.group(0)]}")


# ---- (f) cited results and scripts -------------------------------------------------------------------------

CITED_PATH = re.compile(r"(?<![\w./-])((?:results|scripts)/[\w.*{},+-]*(?:/[\w.*{},+-]*)*)")


def citing_files():
    """The Makefiles, READMEs, DESIGN.md, CONTRIBUTING.md, and the code and scripts (their comments and text)."""
    yield os.path.join(ROOT, "Makefile")
    for path in walk(".", (".md", ".mk")):
        rel = os.path.relpath(path, ROOT)
        if path.endswith(".mk") or os.path.basename(path) in ("README.md", "DESIGN.md", "CONTRIBUTING.md", "RULES.md",
                                                                "PORTABILITY.md"):
            yield path
    for top in CODE_DIRS + ("results/experiments",):
        for path in walk(top, (".c", ".h", ".cpp", ".sh", ".py", ".gp")):
            yield path
    yield os.path.join(ROOT, ".ci/run")


def check_cited_paths():
    for path in dict.fromkeys(citing_files()):
        if not os.path.isfile(path):
            continue
        text = read(path)
        for m in CITED_PATH.finditer(text):
            token = m.group(1).rstrip(".,;:")
            if text[m.end():m.end() + 1] in ("$", '"', "'"):
                continue  # a path the code builds (results/runs/$stamp)
            parts = token.split("/")
            if any(is_placeholder(p) for p in parts) or "$" in token:
                continue
            alts = expand_braces(token)
            if all(glob.glob(os.path.join(ROOT, a)) if "*" in a else os.path.exists(os.path.join(ROOT, a)) for a in alts):
                continue
            problem(path, line_of(text, m.start()), f"cites '{token}': no such file or folder")


# ---- the harness prints only in its output files ----------------------------------------------------------

# Where gen/perft may write: the output files (results on stdout, timing and
# notes on stderr), report.c (the one error line) and progress.c (the
# progress printer).  Runners, the cross-check and the deep runner return
# results and never print.
HARNESS_PRINTERS = re.compile(r"gen/perft/(?:output[^/]*|report|progress)\.c$")
STDIO_WRITE = re.compile(
    r"\b(?:v?f?printf|v?dprintf|f?puts|putchar|f?putc|fwrite|perror|psignal|fflush)(?:_unlocked)?\s*\("
    r"|\bwrite\s*\(\s*(?:1|2|STDOUT_FILENO|STDERR_FILENO)\s*,")
C_COMMENT_OR_TEXT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def check_harness_prints():
    for path in walk("gen/perft", (".c", ".h")):
        rel = os.path.relpath(path, ROOT)
        if HARNESS_PRINTERS.fullmatch(rel):
            continue
        text = read(path)
        # comments and string literals blanked, newlines kept: a word in them is no call
        code = C_COMMENT_OR_TEXT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
        for m in STDIO_WRITE.finditer(code):
            call = m.group(0).split("(")[0].strip()
            problem(path, line_of(code, m.start()),
                    f"{call}() outside the harness's output files (gen/perft/output*.c, report.c, progress.c): "
                    "return the result and print it there")


# ---- main --------------------------------------------------------------------------------------------------

def main():
    check_harness_prints()
    for path in (p for top in CODE_DIRS for p in walk(top, CODE_EXT)):
        if path.endswith(".md"):
            continue
        text = read(path)
        check_citations(path, text)
        check_old_citations(path, text)
    for name in ("Makefile",):
        if os.path.isfile(os.path.join(ROOT, name)):
            text = read(os.path.join(ROOT, name))
            check_citations(os.path.join(ROOT, name), text)
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
        BASENAMES.update(files)
    docs = [os.path.join(ROOT, "README.md")] + [
        p for p in walk(".", (".md",))
        if os.path.basename(p) in ("README.md", "DESIGN.md", "RULES.md", "CONTRIBUTING.md") and p != os.path.join(ROOT, "README.md")]
    targets = make_targets()
    macros = collect_macros()
    for doc in docs:
        if os.path.isfile(doc):
            check_markdown(doc, targets, macros)
    check_includes()
    check_cited_paths()
    for n in notes:
        print(n, file=sys.stderr)
    for p in problems:
        print(p)
    if problems:
        print(f"check-docs: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-docs: {len(docs)} Markdown files, citations, paths, make targets, macros and includes: no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
