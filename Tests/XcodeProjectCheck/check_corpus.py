#!/usr/bin/env python3
"""Adds a generated module (with unit tests) to every project of a corpus with modgen, then checks the result with
parsers modgen does not use: PyPI's `pbxproj` and `openstep-plist`.

    check_corpus.py <modgen binary> <corpus folder> [<work folder>]

Each corpus entry is a folder holding a `project.pbxproj`. For each, the project is copied into a work folder as
`<entry>.xcodeproj`, the app target and the folders of its and its unit-test target's sources are read from the
project, and `modgen new Home --template viper --interface xib --tests xctest --xcodeproj …` is run. Checked:
every original line is still there, in order (insertion only); every object ID is defined once; every reference
an added line makes resolves; each generated file outside a synchronized folder is referenced once, from the group
of its own folder, and is in its target's phase exactly once (inside a folder its target builds: not referenced at
all); both parsers accept the result; a second identical run changes no byte. Prints one line per project with the
time modgen took, and exits with 1 if any check fails.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import openstep_plist
from pbxproj import XcodeProject

SOURCES = {".swift", ".m"}
RESOURCES = {".xib", ".storyboard", ".xcassets", ".strings"}


def load(path):
    with open(path, encoding="utf-8") as handle:
        return openstep_plist.load(handle)


class Graph:
    """Folders of groups and files, resolved with Xcode's source-tree rules, independently of modgen."""

    def __init__(self, plist, project_dir):
        self.objects = plist["objects"]
        root = self.objects[plist["rootObject"]]
        self.project_dir = os.path.normpath(os.path.join(project_dir, root.get("projectDirPath", "")))
        self.parent = {}
        self.folder = {}
        self.resolve(root["mainGroup"], self.project_dir)

    def resolve(self, object_id, parent_folder, seen=None):
        seen = seen or set()
        if object_id in seen or object_id not in self.objects:
            return
        seen.add(object_id)
        obj = self.objects[object_id]
        tree = obj.get("sourceTree", "<group>")
        base = {"<group>": parent_folder, "SOURCE_ROOT": self.project_dir, "<absolute>": "/"}.get(tree)
        if base is None:
            return
        folder = os.path.normpath(os.path.join(base, obj.get("path", "")))
        self.folder[object_id] = folder
        for child in obj.get("children", []):
            self.parent.setdefault(child, object_id)
            self.resolve(child, folder, seen)

    def targets(self, product_type):
        return [t for t in self.objects.values()
                if t.get("isa") == "PBXNativeTarget" and t.get("productType") == product_type]

    def phase(self, target, isa):
        for phase_id in target.get("buildPhases", []):
            if self.objects.get(phase_id, {}).get("isa") == isa:
                return self.objects[phase_id]
        return None

    def synchronized_folders(self, target):
        return [self.folder[g] for g in target.get("fileSystemSynchronizedGroups", []) if g in self.folder]

    def placeable(self, target):
        """Whether a module can go beside the target's sources: they are in a folder of its own, not inside a
        synchronized folder that only other targets build (modgen refuses that, as it should)."""
        folder = self.source_folder(target)
        if folder is None:
            return False
        own = self.synchronized_folders(target)
        synchronized = [self.folder[k] for k, v in self.objects.items()
                        if v.get("isa") == "PBXFileSystemSynchronizedRootGroup" and k in self.folder]
        return all(not (folder + "/").startswith(s + "/") or s in own for s in synchronized)

    def source_folder(self, target):
        """Where a module for `target` goes: a synchronized folder it builds, else the folder of its first Swift
        source."""
        folders = self.synchronized_folders(target)
        if folders:
            return folders[0]
        phase = self.phase(target, "PBXSourcesBuildPhase")
        for build_file in (phase or {}).get("files", []):
            ref = self.objects.get(build_file, {}).get("fileRef")
            if ref in self.folder and self.folder[ref].endswith(".swift"):
                return os.path.dirname(self.folder[ref])
        return None


def object_ids(text):
    """The IDs defined in `objects`, from the text (a plist reader keeps one of two duplicates)."""
    return re.findall(r"^\t\t([^\s=]+) (?:/\*.*?\*/ )?= \{", text, flags=re.MULTILINE)


def check_project(modgen, entry, corpus, work):
    failures = []
    folder = os.path.join(work, entry)
    project = os.path.join(folder, "App.xcodeproj")
    os.makedirs(project)
    pbxproj = os.path.join(project, "project.pbxproj")
    shutil.copy(os.path.join(corpus, entry, "project.pbxproj"), pbxproj)
    with open(pbxproj, encoding="utf-8") as handle:
        original = handle.read()
    graph = Graph(load(pbxproj), folder)
    apps = [t for t in graph.targets("com.apple.product-type.application") if graph.placeable(t)]
    if not apps:
        return [f"{entry}: no application target with Swift sources to place a module beside"], None
    app = apps[0]
    tests = [t for t in graph.targets("com.apple.product-type.bundle.unit-test") if graph.placeable(t)]
    command = [modgen, "new", "Home", "--template", "viper", "--interface", "xib", "--quiet",
               "--output", os.path.join(graph.source_folder(app), "Modules"),
               "--xcodeproj", project, "--target", app["name"]]
    if tests:
        command += ["--tests", "xctest", "--root", "tests=" + os.path.join(graph.source_folder(tests[0]), "Modules"),
                    "--test-target", tests[0]["name"]]
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, cwd=folder)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        return [f"{entry}: modgen failed ({result.returncode}): {result.stderr.strip()}"], elapsed
    with open(pbxproj, encoding="utf-8") as handle:
        edited = handle.read()

    # Insertion only: every original line is still there, in order.
    matcher = difflib.SequenceMatcher(None, original.splitlines(), edited.splitlines(), autojunk=False)
    changed = [op for op in matcher.get_opcodes() if op[0] in ("replace", "delete")]
    if changed:
        failures.append(f"{entry}: original lines changed or removed: {changed[:3]}")
    added = [line for op in matcher.get_opcodes() if op[0] == "insert" for line in edited.splitlines()[op[3]:op[4]]]

    ids = object_ids(edited)
    duplicates = {i for i in ids if ids.count(i) > 1} - {i for i in object_ids(original) if object_ids(original).count(i) > 1}
    if duplicates:
        failures.append(f"{entry}: object IDs defined twice: {sorted(duplicates)[:3]}")
    defined = set(ids)
    for line in added:
        for token in re.findall(r"\b[0-9A-F]{24}\b", line):
            if token not in defined:
                failures.append(f"{entry}: added line refers to {token}, which is no object: {line.strip()}")

    # Both independent parsers accept the result; every generated file is where it belongs.
    failures += check_references(entry, pbxproj, folder, app["name"], tests[0]["name"] if tests else None,
                                 os.path.join(graph.source_folder(tests[0]), "Modules") if tests else None)

    # A second identical run changes no byte.
    subprocess.run(command, capture_output=True, text=True, check=False, cwd=folder)
    with open(pbxproj, encoding="utf-8") as handle:
        if handle.read() != edited:
            failures.append(f"{entry}: a second identical run changed the project file")
    return failures, elapsed


def check_references(entry, pbxproj, folder, app_name, test_name, tests_folder):
    """Reads `pbxproj` with both independent parsers and checks every file under `folder` (outside `.xcodeproj`,
    `.git` and `.modgen`): referenced once, from the group of its own folder, in its target's phase once (the test
    target's for files under `tests_folder`); inside a synchronized folder its target builds, not referenced."""
    failures = []
    plist = load(pbxproj)
    pbx = XcodeProject.load(pbxproj)
    graph = Graph(plist, folder)
    objects = plist["objects"]
    targets = {v.get("name"): k for k, v in objects.items() if v.get("isa") == "PBXNativeTarget"}
    for generated in generated_files(folder, original_files=None):
        in_tests = tests_folder and generated.startswith(tests_folder + "/")
        target_id = targets[test_name if in_tests else app_name]
        refs = [ref for ref, path in graph.folder.items()
                if path == generated and objects[ref].get("isa") == "PBXFileReference"]
        synchronized = [f for f in graph.synchronized_folders(objects[target_id]) if generated.startswith(f + "/")]
        if synchronized:
            if refs:
                failures.append(f"{entry}: {generated} is in a synchronized folder and also referenced")
            continue
        if len(refs) != 1:
            failures.append(f"{entry}: {generated} is referenced {len(refs)} times")
            continue
        ref = refs[0]
        if graph.folder.get(graph.parent.get(ref)) != os.path.dirname(generated):
            failures.append(f"{entry}: {generated} is not in the group of its folder")
        if pbx.get_object(ref) is None:
            failures.append(f"{entry}: pbxproj does not find the reference of {generated}")
        extension = os.path.splitext(generated)[1]
        isa = "PBXSourcesBuildPhase" if extension in SOURCES else "PBXResourcesBuildPhase" if extension in RESOURCES else None
        if isa:
            phase = graph.phase(objects[target_id], isa)
            count = sum(1 for b in phase.get("files", []) if objects.get(b, {}).get("fileRef") == ref)
            build_files = [b for b in pbx.objects.get_objects_in_section("PBXBuildFile")
                           if getattr(b, "fileRef", None) == ref]
            if count != 1 or len(build_files) != 1:
                failures.append(f"{entry}: {generated} is in {count} build files of its phase "
                                f"({len(build_files)} in all, by pbxproj)")
    return failures


def generated_files(folder, original_files):
    result = []
    for directory, subfolders, names in os.walk(folder):
        subfolders[:] = [d for d in subfolders if d not in (".git", ".modgen") and not d.endswith(".xcodeproj")]
        if ".xcodeproj" in directory:
            continue
        result += [os.path.join(directory, name) for name in names if directory != folder or name != ".gitattributes"]
    return sorted(result)


def main():
    modgen, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp()
    failures = []
    for entry in sorted(os.listdir(corpus)):
        if not os.path.isfile(os.path.join(corpus, entry, "project.pbxproj")):
            continue
        problems, elapsed = check_project(modgen, entry, corpus, work)
        timing = f"{elapsed * 1000:.0f} ms" if elapsed is not None else "not run"
        print(f"{'ok  ' if not problems else 'FAIL'} {entry} ({timing})")
        failures += problems
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
