#!/usr/bin/env python3
"""What breaks modgen's build, tests or scripts on a Mac, found on Linux (README: Portability).

    python3 Tests/Portability/check.py [api] [libc] [shell]      (all three when none is named)

Run from the package root after `swift build --build-tests` (the API check reads the built modules). Exits 0 when
nothing is found, 1 with one line per finding (file:line: what, and why it breaks on macOS), 2 when the check
itself cannot run (a target does not type-check, a tool is missing).

api    Every declaration of the toolchain's modules that the Swift sources and tests use, compared with the macOS
       version Package.swift declares, and, for Swift Testing, with the Swift version its tools-version line
       declares. References come from the type checker (`swiftc -dump-ast -dump-ast-format json`, one target at a
       time against the built modules): every declaration a call, property, operator or initializer resolves to,
       by USR, and every type in an expression's or declaration's type, by its mangled name. Availability comes
       from the symbol graphs `swift-symbolgraph-extract` writes for the toolchain's modules (Swift,
       _Concurrency, _StringProcessing, Foundation and its parts, Dispatch, Synchronization, Testing, XCTest): the
       `@available(macOS N)` of their `.swiftinterface` files, inherited from the enclosing type or extension, and
       Swift Testing's `@Available(Swift, introduced: N)` documentation metadata. The type checker here picks among
       this toolchain's newest overloads; a reference to one that is too new is no finding when an older declaration
       of the same name, available at the declared versions, takes the same call, since that is what a Mac's
       compiler picks (`older_form_fits` says which count). The dumps of the targets run in parallel.
       Not covered: code in branches this compiler does not take (`#if os(macOS)`, `canImport(Darwin)`), which
       only a Mac type-checks; API of Apple's Foundation that swift-corelibs-foundation declares without macOS
       annotations (the annotated parts, swift-foundation's FoundationEssentials and FoundationInternationalization,
       carry Apple's versions); C functions (the libc check below is for those); plugins (built against
       PackagePlugin, which has no availability to compare).
libc   Linux-only C names (LINUX_ONLY_NAMES) in Swift code a macOS build compiles: each must stand in a branch of
       `#if os(Linux)`, `canImport(Glibc)`, `canImport(Musl)`, `!canImport(Darwin)`, or after a branch a Mac takes.
       Conditions are evaluated for macOS with unknown terms (`canImport(FoundationEssentials)`, `DEBUG`) left
       open, so such a branch counts as compiled on a Mac. Comments and string literals are not code.
shell  GNU-only tools and options and bash 4 features (SHELL_RULES) in the scripts users and tests run (every
       `.sh` under Tests/ and Benchmarks/ but UNCHECKED_SCRIPTS, each named with its reason) and in the shell
       commands the Swift tests write (string literals of Tests/**/*.swift). macOS has bash 3.2 and BSD tools.

Tests/Portability/test_check.py proves each check fails on a synthetic regression of its kind.
"""

import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

# ----------------------------------------------------------------------------------------------------------------
# API availability


def declared_macos(package_swift):
    """The macOS version of `platforms: [.macOS(.v13)]` as a tuple, (13,)."""
    match = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", package_swift)
    if not match:
        raise CheckError("Package.swift declares no macOS platform (platforms: [.macOS(.vN)])")
    return normalized(tuple(int(part) for part in match.groups() if part is not None))


def normalized(numbers):
    """A version as three numbers, so that (13,) and (13, 0, 0) compare equal."""
    return tuple(numbers[:3]) + (0,) * (3 - len(numbers[:3]))


def declared_swift(package_swift):
    """The Swift version of the `// swift-tools-version: 6.0` line, (6, 0): the oldest toolchain the package
    accepts, so the oldest Swift Testing its tests may need."""
    match = re.match(r"//\s*swift-tools-version:\s*(\d+)\.(\d+)", package_swift)
    if not match:
        raise CheckError("Package.swift has no swift-tools-version line")
    return (int(match.group(1)), int(match.group(2)))


class CheckError(Exception):
    """The check cannot run: exit 2, not a finding."""


SYMBOL_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "FoundationXML", "Dispatch", "Synchronization", "Testing", "XCTest",
]
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}
SWIFT_METADATA = re.compile(r"@Available\(Swift, introduced: (\d+)\.(\d+)")


def version(entry):
    return normalized((entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0)))


LOADED = {}


def load_symbols(cache):
    """Memoized per cache folder: the graphs are large."""
    if cache not in LOADED:
        LOADED[cache] = read_symbols(cache)
    return LOADED[cache]


class Symbols:
    """What the toolchain's symbol graphs say: `availability`, USR → (title, macOS introduced or None, unavailable on
    macOS, Swift introduced or None); `types`, the mangled names of the types that need a macOS newer than 10.15
    (searched for in the AST's type strings); `forms`, (enclosing path, base name) → the USRs declared under that
    name there, and `declarations`, USR → its declaration's text: the overloads a Mac's compiler chooses among."""

    def __init__(self):
        self.availability = {}
        self.types = {}
        self.forms = {}
        self.names = {}
        self.declarations = {}


def read_symbols(cache):
    """The toolchain's symbol graphs as `Symbols`, extracted into `cache` once."""
    target = subprocess.run(
        ["swiftc", "-print-target-info"], capture_output=True, text=True, check=True)
    triple = json.loads(target.stdout)["target"]["triple"]
    os.makedirs(cache, exist_ok=True)
    for module in SYMBOL_MODULES:
        if glob.glob(os.path.join(cache, module + ".symbols.json")) or glob.glob(
                os.path.join(cache, module + "@*.symbols.json")):
            continue
        done = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", triple, "-output-dir", cache,
             "-minimum-access-level", "public"], capture_output=True, text=True)
        if done.returncode != 0 and module not in ("FoundationXML",):
            raise CheckError("swift-symbolgraph-extract failed for %s: %s" % (module, done.stderr.strip()[:400]))
    found = Symbols()
    symbols = found.availability
    for path in sorted(glob.glob(os.path.join(cache, "*.symbols.json"))):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            usr = precise.split("::SYNTHESIZED::")[0]
            synthesized = usr != precise
            macos = None
            unavailable = False
            for availability in symbol.get("availability", []):
                if availability.get("domain") not in ("macOS", "*"):
                    continue
                if availability.get("isUnconditionallyUnavailable") and availability.get("domain") == "macOS":
                    unavailable = True
                if "introduced" in availability and availability.get("domain") == "macOS":
                    macos = version(availability["introduced"])
            swift = None
            doc = "\n".join(line.get("text", "") for line in (symbol.get("docComment") or {}).get("lines", []))
            metadata = SWIFT_METADATA.search(doc)
            if metadata:
                swift = (int(metadata.group(1)), int(metadata.group(2)))
            title = ".".join(symbol["pathComponents"])
            # A protocol extension's member is listed where it is declared and again synthesized into each
            # conforming type (`Data.replacing`): the declaration's own entry is the one kept.
            if not synthesized or usr not in symbols:
                symbols[usr] = (title, macos, unavailable, swift)
            if not synthesized:
                key = (tuple(symbol["pathComponents"][:-1]), base_name(symbol["names"]["title"]))
                found.forms.setdefault(key, []).append(usr)
                found.names[usr] = key
                found.declarations[usr] = "".join(
                    fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
            if symbol["kind"]["identifier"] in TYPE_KINDS and macos and macos > (10, 15, 0) and usr.startswith("s:"):
                found.types[usr[2:]] = usr
    return found


def base_name(title):
    """`record` of `record(_:severity:sourceLocation:)`, `&*` of `&*(_:_:)`."""
    return title.split("(")[0]


def without_attributes(declaration):
    """`static func record(…)` of `@discardableResult static func record(…)`."""
    return re.sub(r"^(@\w+(\([^()]*\))?\s+)+", "", declaration.strip())


def parameters(declaration):
    """The parameter clauses of a function, initializer or subscript declaration, as written (`_ comment: Comment? =
    nil`), or None for other declarations."""
    match = re.search(r"\b(func\s+([A-Za-z_`][\w`]*|[-/=+!*%<>&|^~?.]+)|init[?!]?|subscript)\s*(<)?", declaration)
    if not match:
        return None
    index = match.end()
    if match.group(3):
        depth = 1
        while index < len(declaration) and depth:
            depth += {"<": 1, ">": -1}.get(declaration[index], 0)
            index += 1
    while index < len(declaration) and declaration[index].isspace():
        index += 1
    if index >= len(declaration) or declaration[index] != "(":
        return None
    clauses, depth, start = [], 0, index + 1
    for position in range(index, len(declaration)):
        char = declaration[position]
        if char in "([<":
            depth += 1
        elif char in ")]>" and not (char == ">" and declaration[position - 1] == "-"):
            depth -= 1
            if depth == 0:
                piece = declaration[start:position].strip()
                return clauses + ([piece] if piece else [])
        elif char == "," and depth == 1:
            clauses.append(declaration[start:position].strip())
            start = position + 1
    return None


DECL_USR = re.compile(r'"(?:decl_usr|protocol|decl)":"(s:[^"]+)"')
TYPE_STRING = re.compile(r'"(?:type|type_usr|interface_type|replacement_type|result|thrown_type)":"(\$s[^"]+)"')
RANGE_START = re.compile(r'"range":\{"start":(\d+)')
SOURCE_FILE = re.compile(r'\{"_kind":"source_file","filename":"((?:[^"\\]|\\.)*)"')


def references(dump):
    """(file, offset, usr or None, mangled type or None, where in the dump) for every reference in a JSON AST dump,
    with the offset of the nearest range before it."""
    starts = [(match.start(), match.group(1)) for match in SOURCE_FILE.finditer(dump)]
    for index, (begin, name) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(dump)
        segment = dump[begin:end]
        name = json.loads('"%s"' % name)
        events = []
        for match in RANGE_START.finditer(segment):
            events.append((match.start(), 0, int(match.group(1))))
        for match in DECL_USR.finditer(segment):
            events.append((match.start(), 1, match.group(1)))
        for match in TYPE_STRING.finditer(segment):
            events.append((match.start(), 2, match.group(1)))
        events.sort()
        offset = 0
        for position, kind, value in events:
            if kind == 0:
                offset = value
            elif kind == 1:
                yield name, offset, value, None, begin + position
            else:
                yield name, offset, None, value, begin + position


def available(usr, graphs, macos, swift):
    title, needed_macos, unavailable, needed_swift = graphs.availability[usr]
    return not unavailable and (needed_macos or macos) <= macos and (needed_swift or swift) <= swift


def older_form_fits(usr, dump, position, graphs, macos, swift):
    """Whether a Mac's compiler, at the declared versions, would take another declaration of the same name for this
    reference, so that it needs nothing newer. The type checker here resolved it against this toolchain's newest
    overloads; with the declared deployment target (or an older Swift Testing) the compiler takes the overload that
    is available when one fits:
    - one with the same declaration under the same name: `FixedWidthInteger.&*` became a protocol requirement in
      macOS 15, and the protocol extension's `&*` of the same signature is what older macOS versions call;
    - one whose parameters are this one's less some with default values that the call left out: Swift Testing 6.3's
      `Issue.record(_:severity:sourceLocation:)` for `Issue.record("…")`, which Swift 6.0's
      `Issue.record(_:sourceLocation:)` takes as well.
    Anything else is reported: a different signature may mean different types, which only the compiler can match."""
    title = graphs.availability[usr][0]
    declaration = without_attributes(graphs.declarations.get(usr, ""))
    if not declaration:
        return False
    candidates = [other for other in graphs.forms.get(graphs.names.get(usr), [])
                  if other != usr and available(other, graphs, macos, swift)]
    if not candidates:
        return False
    own = parameters(declaration)
    arguments = None
    for other in candidates:
        older = without_attributes(graphs.declarations.get(other, ""))
        if older == declaration:
            return True
        theirs = parameters(older)
        if own is None or theirs is None or len(theirs) >= len(own) or \
                older[:older.find("(")] != declaration[:declaration.find("(")]:
            continue
        # Their parameters must be ours in order, less some with default values.
        left_out, next_index = [], 0
        for index, clause in enumerate(own):
            if next_index < len(theirs) and theirs[next_index] == clause:
                next_index += 1
            elif " = " in clause:
                left_out.append(index)
            else:
                break
        else:
            if next_index != len(theirs):
                continue
            if arguments is None:
                arguments = call_arguments(dump, position, usr)
            if arguments is not None and len(arguments) == len(own) and all(
                    arguments[index].get("expr", {}).get("_kind") == "default_argument_expr" for index in left_out):
                return True
    return False


CALL_START = '{"_kind":"call_expr"'


def call_arguments(dump, position, usr):
    """The arguments (one per parameter, a default one as `default_argument_expr`) of the call whose callee is the
    reference to `usr` at `position` of the dump, or None when no call is found."""
    decoder = json.JSONDecoder()
    start = position
    for _ in range(32):
        start = dump.rfind(CALL_START, 0, start)
        if start < 0:
            return None
        try:
            call, _ = decoder.raw_decode(dump, start)
        except ValueError:
            return None
        if usr in json.dumps(call.get("fn", {})):
            return call.get("args", {}).get("args")
    return None


def shown(numbers):
    """13.0.0 as 13, 10.15.0 as 10.15."""
    numbers = list(numbers)
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return ".".join(map(str, numbers))


def line_and_column(path, offset, cache={}):
    if path not in cache:
        try:
            with open(path, "rb") as file:
                cache[path] = file.read()
        except OSError:
            cache[path] = b""
    text = cache[path][:offset]
    line = text.count(b"\n") + 1
    return line, offset - (text.rfind(b"\n") + 1) + 1


def dump_ast(unit):
    """(module name, swiftc's exit status, the JSON AST dump) of one unit."""
    module, sources, arguments = unit
    # One compiler for the whole unit (batch mode, one batch): the driver otherwise starts one per file, each
    # loading the imported modules and checking the declarations of the other files again (ModGenLiquid's dump took
    # 5.5 CPU-seconds that way, 2.5 in one batch). -wmo, the other way to get one, is ignored with -dump-ast. A batch
    # resolves a few more of the module's own types in expressions than separate files do (17 of ModGenLiquid's
    # 56,541 references); the toolchain's references are the same.
    batch = ["-enable-batch-mode", "-j", "1", "-driver-batch-size-limit", str(max(1, len(sources)))]
    # The dump goes to standard output for one file and to standard error for several: both are read.
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        done = subprocess.run(
            ["swiftc", "-dump-ast", "-dump-ast-format", "json", "-module-name", module] + batch + arguments +
            sources, stdout=output, stderr=errors)
        output.seek(0)
        errors.seek(0)
        dump = output.read().decode("utf-8", "replace") + "\n" + errors.read().decode("utf-8", "replace")
    return module, done.returncode, dump


def dumped(units):
    """Each unit's dump, largest unit first, made by as many compilers at once as there are processors (the targets
    are independent once built): the type checker's time is most of the check's. At most one dump more than the
    compilers running is held in memory."""
    workers = max(1, min(len(units), os.cpu_count() or 1))
    # The largest units first, so that no large one is left to run alone at the end.
    def size(unit):
        return sum(os.path.getsize(source) for source in unit[1] if os.path.isfile(source))
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        pending = []
        for unit in sorted(units, key=size, reverse=True):
            pending.append(pool.submit(dump_ast, unit))
            if len(pending) > workers:
                yield pending.pop(0).result()
        for future in pending:
            yield future.result()


def check_api_units(units, macos, swift, cache):
    """Dumps each unit's AST and compares every reference with `macos` and `swift`. A unit is (module name, sources,
    extra swiftc arguments). Returns the findings, sorted."""
    macos = normalized(macos)
    graphs = load_symbols(cache)
    symbols, types = graphs.availability, graphs.types
    type_pattern = re.compile("|".join(re.escape(mangled) for mangled in sorted(types, key=len, reverse=True)))
    findings = set()
    type_needs = {}
    for module, returncode, dump in dumped(units):
        if returncode != 0:
            # "error: filename ... used twice" and other driver errors name no file, so no ": error: " prefix.
            diagnostics = [line for line in dump.splitlines() if line.startswith("error: ") or ": error: " in line][:5]
            raise CheckError("%s does not type-check for the dump: %s" % (module, "; ".join(diagnostics)))
        for path, offset, usr, mangled, position in references(dump):
            needs = []
            if usr is not None:
                known = symbols.get(usr)
                if known is None:
                    continue
                title, needed_macos, unavailable, needed_swift = known
                if (unavailable or (needed_macos or macos) > macos or (needed_swift or swift) > swift) and \
                        older_form_fits(usr, dump, position, graphs, macos, swift):
                    continue
                if unavailable:
                    needs.append("is unavailable on macOS")
                if needed_macos is not None and needed_macos > macos:
                    needs.append("needs macOS %s" % shown(needed_macos))
                if needed_swift is not None and needed_swift > swift:
                    needs.append("needs Swift %d.%d (Swift Testing)" % needed_swift)
            else:
                # The same type strings recur thousands of times: each is searched once.
                if mangled not in type_needs:
                    type_needs[mangled] = []
                    for match in type_pattern.finditer(mangled):
                        title, needed_macos, _, _ = symbols[types[match.group(0)]]
                        if needed_macos > macos:
                            type_needs[mangled].append((title, "needs macOS %s" % shown(needed_macos)))
                for title, need in type_needs[mangled]:
                    needs.append(need)
            if needs:
                line, column = line_and_column(path, offset)
                findings.add(
                    "%s:%d:%d: %s %s; the package declares macOS %s and Swift %d.%d"
                    % (os.path.relpath(path), line, column, title, ", ".join(needs), shown(macos),
                       swift[0], swift[1]))
    return sorted(findings)


def package_units(root, build):
    """One unit per Swift target of the package at `root`, from `swift package describe`, against the modules
    `swift build --build-tests` left in `build`."""
    described = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=root, capture_output=True, text=True)
    if described.returncode != 0:
        raise CheckError("swift package describe failed: " + described.stderr.strip()[:400])
    description = json.loads(described.stdout)
    modules = os.path.join(build, "Modules")
    if not os.path.isdir(modules):
        raise CheckError("no %s: run swift build --build-tests first" % modules)
    # `package` access needs the name SwiftPM gave the package: from its build manifest, else as SwiftPM derives it
    # from the folder's name.
    package_name = re.sub(r"[^A-Za-z0-9_]", "_", os.path.basename(os.path.abspath(root)).lower())
    manifest = os.path.join(os.path.dirname(build.rstrip("/")), "debug.yaml")
    if os.path.isfile(manifest):
        with open(manifest, errors="replace") as file:
            named = re.search(r'"-package-name","([^"]+)"', file.read())
        if named:
            package_name = named.group(1)
    units = []
    for target in description["targets"]:
        if target.get("module_type") != "SwiftTarget":
            continue
        sources = [os.path.join(root, target["path"], source) for source in target.get("sources", [])]
        # Sources a build-tool plugin generated (the embedded templates).
        sources += sorted(glob.glob(os.path.join(
            os.path.dirname(build.rstrip("/")), "plugins", "outputs", "*", target["name"], "destination", "*",
            "*.swift")))
        arguments = ["-package-name", package_name, "-swift-version", "6", "-I", modules, "-DSWIFT_PACKAGE",
                     "-DDEBUG"]
        if not any(os.path.basename(source) == "main.swift" for source in sources):
            arguments.append("-parse-as-library")
        units.append((target["c99name"], sources, arguments))
    return units


def symbol_cache(root):
    """Where the toolchain's symbol graphs are kept between runs: one folder per compiler version."""
    compiler = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
    name = re.sub(r"[^A-Za-z0-9.]+", "-", compiler.split("\n")[0]).strip("-")
    return os.path.join(root, ".build", "portability-symbols", name)


def check_api(root):
    with open(os.path.join(root, "Package.swift")) as file:
        manifest = file.read()
    build = os.path.join(root, ".build", "debug")
    cache = symbol_cache(root)
    return check_api_units(package_units(root, build), declared_macos(manifest), declared_swift(manifest), cache)


# ----------------------------------------------------------------------------------------------------------------
# Linux-only C names

# Glibc or Linux names Darwin's libc lacks or spells otherwise; what Darwin offers instead is in the finding.
LINUX_ONLY_NAMES = {
    "sighandler_t": "Darwin spells it sig_t",
    "__sighandler_t": "Darwin spells it sig_t",
    "__sigaction_handler": "Darwin's sigaction holds __sigaction_u",
    "st_mtim": "Darwin has st_mtimespec",
    "st_atim": "Darwin has st_atimespec",
    "st_ctim": "Darwin has st_ctimespec",
    "O_PATH": "no O_PATH on Darwin",
    "O_TMPFILE": "no O_TMPFILE on Darwin",
    "O_DIRECT": "no O_DIRECT on Darwin (fcntl F_NOCACHE)",
    "O_NOATIME": "no O_NOATIME on Darwin",
    "renameat2": "Darwin has renameatx_np",
    "RENAME_NOREPLACE": "Darwin has RENAME_EXCL (renameatx_np)",
    "RENAME_EXCHANGE": "Darwin has RENAME_SWAP (renameatx_np)",
    "statx": "no statx on Darwin",
    "SOCK_CLOEXEC": "no SOCK_CLOEXEC on Darwin (fcntl FD_CLOEXEC)",
    "SOCK_NONBLOCK": "no SOCK_NONBLOCK on Darwin",
    "pipe2": "no pipe2 on Darwin",
    "accept4": "no accept4 on Darwin",
    "dup3": "no dup3 on Darwin",
    "epoll_create": "no epoll on Darwin (kqueue)",
    "epoll_create1": "no epoll on Darwin (kqueue)",
    "epoll_ctl": "no epoll on Darwin (kqueue)",
    "epoll_wait": "no epoll on Darwin (kqueue)",
    "inotify_init": "no inotify on Darwin",
    "inotify_init1": "no inotify on Darwin",
    "inotify_add_watch": "no inotify on Darwin",
    "eventfd": "no eventfd on Darwin",
    "signalfd": "no signalfd on Darwin",
    "timerfd_create": "no timerfd on Darwin",
    "memfd_create": "no memfd_create on Darwin",
    "copy_file_range": "no copy_file_range on Darwin (copyfile)",
    "sendfile": "Darwin's sendfile is for sockets, with other arguments",
    "fallocate": "no fallocate on Darwin",
    "posix_fallocate": "no posix_fallocate on Darwin",
    "sync_file_range": "no sync_file_range on Darwin",
    "getrandom": "no getrandom on Darwin (getentropy)",
    "secure_getenv": "no secure_getenv on Darwin",
    "get_nprocs": "no get_nprocs on Darwin (sysconf)",
    "sysinfo": "no sysinfo on Darwin",
    "prctl": "no prctl on Darwin",
    "sched_getaffinity": "no sched_getaffinity on Darwin",
    "__errno_location": "Darwin has __error",
    "program_invocation_name": "Darwin has getprogname",
    "strchrnul": "no strchrnul on Darwin",
    "mempcpy": "no mempcpy on Darwin",
    "Glibc": "the Glibc module exists on Linux only",
}


# Spellings that compile on Linux only although the name exists on Darwin too.
LINUX_ONLY_PATTERNS = {
    r"\bposix_spawn_file_actions_t\(\)": "an opaque pointer on Darwin: `var actions: posix_spawn_file_actions_t? = nil`",
    r"\bposix_spawnattr_t\(\)": "an opaque pointer on Darwin: `var attributes: posix_spawnattr_t? = nil`",
    r"\bUInt64\(\s*\w+(\.\w+)*\.st_dev\s*\)": "dev_t is a signed Int32 on Darwin and can be negative: "
    "UInt64(truncatingIfNeeded:)",
}


def split_swift(text):
    """Swift source as two texts of its length, lines kept: the code with comments and string literals blanked
    out, and the string literals' text alone (interpolations included)."""
    code = []
    literals = []
    index = 0
    length = len(text)
    depth = 0

    def blank(piece):
        return "".join("\n" if c == "\n" else " " for c in piece)

    while index < length:
        char = text[index]
        if depth == 0 and text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            code.append(" " * (end - index))
            literals.append(" " * (end - index))
            index = end
        elif text.startswith("/*", index):
            depth += 1
            code.append("  ")
            literals.append("  ")
            index += 2
        elif depth > 0 and text.startswith("*/", index):
            depth -= 1
            code.append("  ")
            literals.append("  ")
            index += 2
        elif depth > 0:
            code.append(blank(char))
            literals.append(blank(char))
            index += 1
        elif char == '"' or (char == "#" and re.match(r'#+"', text[index:index + 8])):
            hashes = len(re.match(r"#*", text[index:index + 8]).group(0))
            quote = '"""' if text.startswith('"""', index + hashes) else '"'
            start = index
            index += hashes + len(quote)
            closing = quote + "#" * hashes
            while index < length and not text.startswith(closing, index):
                # A backslash escapes the next character in a plain literal only.
                index += 2 if (hashes == 0 and text[index] == "\\") else 1
            index = min(length, index + len(closing))
            code.append(blank(text[start:index]))
            literals.append(text[start:index])
        else:
            code.append(char)
            literals.append(blank(char))
            index += 1
    return "".join(code), "".join(literals)


def strip_comments_and_strings(text):
    return split_swift(text)[0]


# How each compilation-condition term evaluates when building for macOS: True, False, or None (not known here).
def macos_value(term):
    term = term.strip()
    match = re.fullmatch(r"os\((\w+)\)", term)
    if match:
        return match.group(1) == "macOS"
    match = re.fullmatch(r"canImport\((\w+)(?:\s*,[^)]*)?\)", term)
    if match:
        name = match.group(1)
        if name in ("Darwin", "Foundation", "Dispatch", "XCTest", "Testing", "FoundationEssentials"):
            return True if name != "FoundationEssentials" else None
        if name in ("Glibc", "Musl", "Android", "Bionic", "WASILibc", "ucrt", "WinSDK", "FoundationXML",
                    "FoundationNetworking"):
            return False
        return None
    if term in ("true", "false"):
        return term == "true"
    return None


def evaluate(condition):
    """Three-valued evaluation of an #if condition for macOS: True, False or None (unknown)."""
    tokens = re.findall(r"\w+\([^()]*\)|&&|\|\||!|\(|\)|\w+", condition)
    position = [0]

    def peek():
        return tokens[position[0]] if position[0] < len(tokens) else None

    def take():
        position[0] += 1
        return tokens[position[0] - 1]

    def primary():
        token = take()
        if token == "!":
            value = primary()
            return None if value is None else not value
        if token == "(":
            value = disjunction()
            if peek() == ")":
                take()
            return value
        return macos_value(token)

    def conjunction():
        value = primary()
        while peek() == "&&":
            take()
            other = primary()
            value = False if value is False or other is False else (None if None in (value, other) else True)
        return value

    def disjunction():
        value = conjunction()
        while peek() == "||":
            take()
            other = conjunction()
            value = True if value is True or other is True else (None if None in (value, other) else False)
        return value

    try:
        return disjunction()
    except IndexError:
        return None


def check_libc_text(path, text):
    """Findings for one Swift file: a Linux-only name on a line a macOS build compiles."""
    code = strip_comments_and_strings(text)
    findings = []
    # Each open #if: whether a macOS build skips the current branch, and whether an earlier branch was taken.
    stack = []
    names = re.compile("|".join(
        [r"\b(%s)\b" % "|".join(re.escape(name) for name in LINUX_ONLY_NAMES)] + list(LINUX_ONLY_PATTERNS)))
    for number, line in enumerate(code.split("\n"), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            kind, condition = directive.group(1), directive.group(2)
            if kind == "if":
                value = evaluate(condition)
                stack.append({"skipped": value is False, "taken": value is True})
            elif kind == "elseif" and stack:
                value = evaluate(condition)
                frame = stack[-1]
                frame["skipped"] = frame["taken"] or value is False
                frame["taken"] = frame["taken"] or value is True
            elif kind == "else" and stack:
                frame = stack[-1]
                frame["skipped"] = frame["taken"]
            elif kind == "endif" and stack:
                stack.pop()
            continue
        if any(frame["skipped"] for frame in stack):
            continue
        for match in names.finditer(line):
            name = match.group(0)
            why = LINUX_ONLY_NAMES.get(name) or next(
                reason for pattern, reason in LINUX_ONLY_PATTERNS.items() if re.fullmatch(pattern, name))
            findings.append(
                "%s:%d:%d: %s is Linux-only (%s): put it under #if os(Linux) or canImport(Glibc), with the Darwin "
                "spelling beside it" % (path, number, match.start() + 1, name, why))
    return findings


def swift_files(root, folders):
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(root, folder, "**", "*.swift"), recursive=True)):
            relative = os.path.relpath(path, root)
            # Generated modules (golden snapshots, fixtures) are iOS code checked by the compile check.
            if relative.startswith(("Tests/Snapshots/", "Tests/Fixtures/")) or "/.build/" in path:
                continue
            yield relative


def check_libc(root):
    findings = []
    for relative in swift_files(root, ["Sources", "Tests", "Plugins", "Benchmarks"]):
        with open(os.path.join(root, relative), encoding="utf-8") as file:
            findings += check_libc_text(relative, file.read())
    return findings


# ----------------------------------------------------------------------------------------------------------------
# Shell use

# (pattern, why it fails on macOS). Matched in scripts with full-line comments left out, and in Swift tests'
# string literals.
SHELL_RULES = [
    (r"\bdeclare\s+-\w*A", "associative arrays are bash 4; macOS's /bin/bash is 3.2"),
    (r"\b(mapfile|readarray)\b", "mapfile/readarray are bash 4 (use a while read loop)"),
    (r"\b(declare|local|typeset)\s+-\w*n\b", "name references are bash 4.3"),
    (r"\$\{[#!]?\w+(\[[^]]*\])?(,,?|\^\^?)", "case-changing expansions are bash 4"),
    (r"\$\{\w+(\[[^]]*\])?@[QEPAaUuLK]\}", "${var@…} transformations are bash 4.4"),
    (r"\bwait\s+-n\b", "wait -n is bash 4.3"),
    (r"&>>", "&>> is bash 4"),
    (r"\|&", "|& is bash 4"),
    (r";;&|;&\s*$", "case fall-through is bash 4"),
    (r"\bcoproc\b", "coproc is bash 4"),
    (r"\b(EPOCHSECONDS|EPOCHREALTIME|BASHPID)\b", "bash 4/5 variables"),
    (r"\bshopt\s+-s\s+(globstar|lastpipe|autocd|dirspell|checkjobs)\b", "bash 4 options"),
    (r"\btimeout\s+(-[sk]\s*\S+\s+|--\S+\s+)*\d", "timeout is GNU coreutils; stock macOS has none"),
    (r"\btruncate\s+-s\b", "truncate is GNU coreutils; stock macOS has none"),
    (r"\bsed\s+(-\w+\s+)*-i\b", "sed -i takes a suffix argument on macOS (BSD sed): write to a file and move it"),
    (r"\breadlink\s+-[fem]\b", "readlink -f/-e/-m are GNU (macOS 13's readlink lacks -f)"),
    (r"\bstat\s+(-c|--)", "stat -c is GNU; BSD stat uses -f"),
    (r"\bdate\s+(-\w+\s+)*(-d\b|--date)", "date -d is GNU; BSD date uses -j -f"),
    (r"\bgrep\s+(-\w+\s+)*-\w*P", "grep -P is GNU; BSD grep has no Perl patterns"),
    (r"\bfind\b[^\n|;]*\s-(printf|regextype|readable|writable|executable)\b", "a GNU find predicate"),
    (r"\bxargs\s+(-\w+\s+)*-\w*r\b", "xargs -r is GNU (BSD xargs never runs on empty input anyway)"),
    (r"\b(sha\d+sum|md5sum|b2sum)\b", "GNU coreutils checksums; macOS has shasum and md5"),
    (r"\b(nproc|numfmt|tac)\b", "GNU coreutils only"),
    (r"\bbase64\s+(-\w+\s+)*-w\b", "base64 -w is GNU"),
    (r"\bhead\s+(-\w+\s+)*-[nc]\s*-\d", "negative head counts are GNU"),
    (r"\b(cp|mv|ln|ls|du|mktemp|touch|install|sort|cut|tail|head|wc|rm|mkdir|chmod)\s+(-\w+\s+)*--[a-z]",
     "long options are GNU; the BSD tools take short ones only"),
    (r"\bdu\s+(-\w+\s+)*-\w*b", "du -b is GNU"),
    (r"\bln\s+(-\w+\s+)*-\w*r", "ln -r is GNU"),
    (r"\bcp\s+(-\w+\s+)*-\w*t\b", "cp -t is GNU"),
]

# Scripts left out, with the reason; every other .sh under Tests/ and Benchmarks/ is checked.
UNCHECKED_SCRIPTS = {
    "Tests/Release/check-portable.sh": "checks the Linux static release binary (ldd, a container without Swift)",
}


def check_shell_text(path, text, swift):
    findings = []
    if swift:
        # Only what the tests hand to a shell: the text of string literals, line by line.
        searched = split_swift(text)[1].split("\n")
    else:
        searched = [("" if re.match(r"\s*#", line) else line) for line in text.split("\n")]
    for number, line in enumerate(searched, start=1):
        for pattern, why in SHELL_RULES:
            match = re.search(pattern, line)
            if match:
                findings.append("%s:%d:%d: '%s': %s" % (path, number, match.start() + 1, match.group(0).strip(), why))
    return findings


def check_shell(root):
    findings = []
    scripts = sorted(glob.glob(os.path.join(root, "Tests", "**", "*.sh"), recursive=True)) + sorted(
        glob.glob(os.path.join(root, "Benchmarks", "*.sh")))
    for path in scripts:
        relative = os.path.relpath(path, root)
        if relative in UNCHECKED_SCRIPTS or relative.startswith(("Tests/Snapshots/", "Tests/Fixtures/")):
            continue
        with open(path, encoding="utf-8") as file:
            findings += check_shell_text(relative, file.read(), swift=False)
    for relative in swift_files(root, ["Tests"]):
        with open(os.path.join(root, relative), encoding="utf-8") as file:
            findings += check_shell_text(relative, file.read(), swift=True)
    return findings


# ----------------------------------------------------------------------------------------------------------------

CHECKS = {"api": check_api, "libc": check_libc, "shell": check_shell}


def main(arguments):
    names = arguments or list(CHECKS)
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        print("usage: python3 Tests/Portability/check.py [api] [libc] [shell]", file=sys.stderr)
        return 2
    root = os.getcwd()
    status = 0
    for name in names:
        try:
            findings = CHECKS[name](root)
        except CheckError as error:
            print("portability check %s: cannot run: %s" % (name, error), file=sys.stderr)
            return 2
        for finding in findings:
            print(finding)
        print("portability check %s: %d finding%s" % (name, len(findings), "" if len(findings) == 1 else "s"),
              file=sys.stderr)
        if findings:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
