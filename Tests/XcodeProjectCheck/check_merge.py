#!/usr/bin/env python3
"""Merges branches of every group-based project of a corpus with git, `modgen merge-project` as the merge driver
(set up by `modgen setup-merge-driver`), and checks the results with parsers modgen does not use: PyPI's `pbxproj`
and `openstep-plist`.

    check_merge.py <modgen binary> <corpus folder> [<work folder>]

For each corpus project whose app target keeps its sources in groups (not a synchronized folder), in a new git
repository holding it as `App.xcodeproj`:

1. branch a runs `modgen new Cart`, branch b `modgen new Feed` (with unit tests where there is a test target);
2. both branches run `modgen new Home` (the same module);
3. branch a runs `modgen new Cart`, branch b adds a file as Xcode does (new IDs, lines inserted at their places);
4. both branches change one build setting, differently;
5. as 1, merged without the driver: git's own merge conflicts; its side of the project taken, `modgen update --all`.

1-3 must merge with exit 0 and no conflict marker; every line of the base is still there, in order; every object
ID is defined once; both parsers read the result; every file of every module is referenced once, from the group of
its folder, and built once by its target; `modgen update --check` exits 0 (1 and 2: the module records merged
too). 4 must stop with a conflict, markers in the file, as git's own merge does. 5 must end as 1 does. Prints one line per project with
the time the merge took, and exits with 1 if any check fails.
"""
import difflib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from check_corpus import Graph, check_references, load, object_ids


def run(command, cwd, env=None, check=True):
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return result


class Repository:
    def __init__(self, modgen, corpus, entry, work):
        self.modgen = modgen
        self.entry = entry
        self.folder = os.path.join(work, entry)
        self.pbxproj = os.path.join(self.folder, "App.xcodeproj", "project.pbxproj")
        os.makedirs(os.path.dirname(self.pbxproj))
        shutil.copy(os.path.join(corpus, entry, "project.pbxproj"), self.pbxproj)
        # git finds the driver's `modgen` on the PATH, as it would on a developer's machine.
        self.env = dict(os.environ, PATH=os.path.dirname(modgen) + os.pathsep + os.environ.get("PATH", ""),
                        GIT_AUTHOR_NAME="check", GIT_AUTHOR_EMAIL="check@example.com",
                        GIT_COMMITTER_NAME="check", GIT_COMMITTER_EMAIL="check@example.com")
        self.git("init", "-q", "-b", "main")
        self.git("add", "-A")
        self.git("commit", "-qm", "base")
        run([modgen, "setup-merge-driver", "--quiet"], self.folder, self.env)
        self.git("add", "-A")
        self.git("commit", "-qm", "merge driver")
        graph = Graph(load(self.pbxproj), self.folder)
        self.graph = graph
        apps = [t for t in graph.targets("com.apple.product-type.application") if graph.placeable(t)]
        self.app = apps[0] if apps else None
        tests = [t for t in graph.targets("com.apple.product-type.bundle.unit-test") if graph.placeable(t)]
        self.tests = tests[0] if tests else None

    def git(self, *arguments, check=True):
        return run(["git", *arguments], self.folder, self.env, check)

    def group_based(self):
        return self.app is not None and not self.graph.synchronized_folders(self.app) and not (
            self.tests and self.graph.synchronized_folders(self.tests))

    def tests_folder(self):
        return os.path.join(self.graph.source_folder(self.tests), "Modules") if self.tests else None

    def new_module(self, name):
        command = [self.modgen, "new", name, "--template", "viper", "--interface", "xib", "--quiet",
                   "--output", os.path.join(self.graph.source_folder(self.app), "Modules"),
                   "--xcodeproj", "App.xcodeproj", "--target", self.app["name"]]
        if self.tests:
            command += ["--tests", "xctest", "--root", "tests=" + self.tests_folder(),
                        "--test-target", self.tests["name"]]
        run(command, self.folder, self.env)

    def branch(self, name, change):
        self.git("checkout", "-q", "main")
        self.git("checkout", "-qb", name)
        change()
        self.git("add", "-A")
        self.git("commit", "-qm", name)

    def merge(self, ours, theirs):
        """Merges `theirs` into `ours`; returns git's exit status and the seconds the merge took."""
        self.git("checkout", "-q", ours)
        start = time.monotonic()
        result = self.git("merge", "-q", "--no-edit", theirs, check=False)
        return result.returncode, time.monotonic() - start

    def text(self, revision=None):
        if revision:
            return self.git("show", f"{revision}:App.xcodeproj/project.pbxproj").stdout
        with open(self.pbxproj, encoding="utf-8") as handle:
            return handle.read()

    def add_file_as_xcode_does(self, name, seed):
        """A Swift file beside the app's sources, added with new random IDs: its reference and build file at
        their sorted places in their sections, the reference at the end of its folder's group, the build file at
        the end of the target's Sources phase."""
        source_folder = self.graph.source_folder(self.app)
        os.makedirs(source_folder, exist_ok=True)
        with open(os.path.join(source_folder, name), "w", encoding="utf-8") as handle:
            handle.write("import Foundation\n")
        generator = random.Random(seed)
        reference, build_file = ("".join(generator.choice("0123456789ABCDEF") for _ in range(24)) for _ in range(2))
        objects = load(self.pbxproj)["objects"]
        group = next(k for k, path in self.graph.folder.items()
                     if path == source_folder and objects[k].get("isa") == "PBXGroup")
        phase = next(p for p in self.app["buildPhases"] if objects[p]["isa"] == "PBXSourcesBuildPhase")
        lines = self.text().split("\n")
        insert_sorted(lines, "PBXFileReference", reference,
                      f"\t\t{reference} /* {name} */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                      f"path = {name}; sourceTree = \"<group>\"; }};")
        insert_sorted(lines, "PBXBuildFile", build_file,
                      f"\t\t{build_file} /* {name} in Sources */ = {{isa = PBXBuildFile; fileRef = {reference} "
                      f"/* {name} */; }};")
        append_to_list(lines, group, "children", f"{reference} /* {name} */,")
        append_to_list(lines, phase, "files", f"{build_file} /* {name} in Sources */,")
        with open(self.pbxproj, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines))

    def change_setting(self, value):
        """The first build setting written on a line of its own, set to `value`."""
        lines = self.text().split("\n")
        index = next(i for i, line in enumerate(lines)
                     if line.startswith("\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = ") or line.startswith("\t\t\t\tSWIFT_VERSION = "))
        key = lines[index].split(" = ")[0]
        lines[index] = f"{key} = {value};"
        with open(self.pbxproj, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines))


def insert_sorted(lines, isa, object_id, line):
    begin = lines.index(f"/* Begin {isa} section */")
    end = lines.index(f"/* End {isa} section */")
    position = next((i for i in range(begin + 1, end) if lines[i].startswith("\t\t") and lines[i].split()[0] > object_id),
                    end)
    lines.insert(position, line)


def append_to_list(lines, object_id, key, item):
    start = next(i for i, line in enumerate(lines) if line.startswith(f"\t\t{object_id} ") and line.endswith("= {"))
    opening = next(i for i in range(start, len(lines)) if lines[i].strip() == f"{key} = (")
    closing = next(i for i in range(opening, len(lines)) if lines[i].strip() == ");")
    lines.insert(closing, lines[closing][:-2] + "\t" + item)


def check_clean(repo, label, base_revision):
    failures = []
    text = repo.text()
    if "<<<<<<<" in text or ">>>>>>>" in text:
        return [f"{repo.entry} ({label}): conflict markers in the merged project"]
    base = repo.text(base_revision)
    matcher = difflib.SequenceMatcher(None, base.splitlines(), text.splitlines(), autojunk=False)
    if any(op[0] in ("replace", "delete") for op in matcher.get_opcodes()):
        failures.append(f"{repo.entry} ({label}): lines of the base changed or removed")
    ids = object_ids(text)
    if len(ids) != len(set(ids)):
        failures.append(f"{repo.entry} ({label}): an object ID is defined twice")
    try:
        failures += [f"{f} ({label})" for f in check_references(
            repo.entry, repo.pbxproj, repo.folder, repo.app["name"], repo.tests["name"] if repo.tests else None,
            repo.tests_folder())]
    except Exception as error:  # a parser refusing the file is a failure of the check, not of the script
        failures.append(f"{repo.entry} ({label}): the independent parsers do not read the result: {error}")
    return failures


def check_update(repo, label, modules):
    """`modgen update --check --all` finds the `modules` recorded modules (their records merged) up to date."""
    result = run([repo.modgen, "update", "--check", "--all"], repo.folder, repo.env, check=False)
    said = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or f"{modules} module" not in said:
        return [f"{repo.entry} ({label}): modgen update --check exited {result.returncode}: {said[:300]}"]
    return []


def check_project(modgen, corpus, entry, work):
    repo = Repository(modgen, corpus, entry, work)
    if not repo.group_based():
        return None, [], []
    failures, timings = [], []

    repo.branch("cart", lambda: repo.new_module("Cart"))
    repo.branch("feed", lambda: repo.new_module("Feed"))
    status, seconds = repo.merge("cart", "feed")
    timings.append(seconds)
    if status != 0:
        failures.append(f"{entry} (two modules): git merge exited {status}")
    failures += check_clean(repo, "two modules", "main") + check_update(repo, "two modules", 2)

    repo.branch("home-a", lambda: repo.new_module("Home"))
    repo.branch("home-b", lambda: repo.new_module("Home"))
    status, seconds = repo.merge("home-a", "home-b")
    timings.append(seconds)
    if status != 0:
        failures.append(f"{entry} (the same module): git merge exited {status}")
    failures += check_clean(repo, "the same module", "main") + check_update(repo, "the same module", 1)

    repo.branch("module", lambda: repo.new_module("Cart"))
    repo.branch("xcode", lambda: repo.add_file_as_xcode_does("Extra.swift", entry))
    status, seconds = repo.merge("module", "xcode")
    timings.append(seconds)
    if status != 0:
        failures.append(f"{entry} (a module and an Xcode addition): git merge exited {status}")
    failures += check_clean(repo, "a module and an Xcode addition", "main")

    repo.branch("setting-a", lambda: repo.change_setting("\"com.example.a\""))
    repo.branch("setting-b", lambda: repo.change_setting("\"com.example.b\""))
    status, seconds = repo.merge("setting-a", "setting-b")
    timings.append(seconds)
    text = repo.text()
    unmerged = repo.git("diff", "--name-only", "--diff-filter=U").stdout.split()
    if status == 0 or "<<<<<<< ours" not in text or "App.xcodeproj/project.pbxproj" not in unmerged:
        failures.append(f"{entry} (a setting changed two ways): not reported as a conflict with markers "
                        f"(git merge exited {status})")
    repo.git("merge", "--abort", check=False)

    # Without the driver: git's own merge conflicts; taking one side and `modgen update --all` puts every recorded
    # module back into the project.
    repo.branch("plain-cart", lambda: repo.new_module("Cart"))
    repo.branch("plain-feed", lambda: repo.new_module("Feed"))
    # A clone that never ran setup-merge-driver: no merge.modgen settings, so git merges the file as text.
    repo.git("config", "--remove-section", "merge.modgen")
    status, _ = repo.merge("plain-cart", "plain-feed")
    run([modgen, "setup-merge-driver", "--quiet"], repo.folder, repo.env)
    if status == 0:
        failures.append(f"{entry} (without the driver): git's own merge did not conflict")
    else:
        repo.git("checkout", "--theirs", "App.xcodeproj/project.pbxproj")
        run([modgen, "update", "--all", "--quiet"], repo.folder, repo.env, check=False)
        repo.git("add", "-A")
        repo.git("commit", "-qm", "merged by hand")
        failures += check_clean(repo, "without the driver, update --all", "main")
        failures += check_update(repo, "without the driver, update --all", 2)
    return sum(timings), failures, timings


def main():
    modgen, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp()
    failures = []
    checked = 0
    for entry in sorted(os.listdir(corpus)):
        if not os.path.isfile(os.path.join(corpus, entry, "project.pbxproj")):
            continue
        try:
            elapsed, problems, timings = check_project(modgen, corpus, entry, work)
        except Exception as error:
            elapsed, problems, timings = 0, [f"{entry}: {error}"], []
        if elapsed is None:
            print(f"skip {entry} (its app target's sources are in a synchronized folder)")
            continue
        checked += 1
        merges = ", ".join(f"{t * 1000:.0f}" for t in timings)
        print(f"{'ok  ' if not problems else 'FAIL'} {entry} (git merge: {merges} ms)")
        failures += problems
    for failure in failures:
        print(failure)
    print(f"{checked} group-based projects merged")
    sys.exit(1 if failures or checked == 0 else 0)


if __name__ == "__main__":
    main()
