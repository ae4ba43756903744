#!/usr/bin/env python3
"""A module's life on every project of a corpus, checked with parsers modgen does not use (PyPI's `pbxproj` and
`openstep-plist`, through check_corpus.py's `Graph`).

    check_update.py <modgen binary> <corpus folder> [<work folder>]

For each corpus entry the project is copied as `App.xcodeproj` into a project folder with a team template
(`screen`: View and Presenter) kept outside it. Four modules are generated beside the app target's sources with
`--xcodeproj`; the template then gains a Router, drops the Presenter and changes a line of the View, one module's
View is edited, and `modgen update --all` runs. Checked: every module's Router is referenced once, from the group of
its folder, and built once by the app target; no Presenter is on disk or referenced any more; the edit is kept;
`update --check` exits 0. The project file restored from before the update makes `update --check` exit 1 (unless
the modules are in a synchronized folder, where the two are the same) and `update --all` bring back exactly the
updated project. `remove` of an unedited module takes its files and
references; of the edited one it is refused (exit 1, nothing changed), then done with `--force`. `move` of an edited
module, `rename` keeping an edit, and a `git mv` adopted by `move` (after `update --check` named `modgen move` for
it) each leave the references in the new folder's group and target, none to the old place, no group for the old
folder, and `update --check` exiting 0. The template store
holds only versions some record uses; `new --skip-existing` with the recorded options and an edited file exits 0.
A project file only gains or loses modgen's lines: `new` then `remove` of a module before the others gives back the
corpus file byte for byte, and so does removing every module at the end (the groups modgen made go with them).
Prints one line per project and exits with 1 if any check fails.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from check_corpus import Graph, load
from pbxproj import XcodeProject

MODULES = ["Home", "Profile", "Cart", "Search"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def template(folder, files, view_line):
    entries = ", ".join(f'{{ "template": "{name}.swift.mustache", "path": "{{{{name}}}}/{{{{name}}}}{name}.swift" }}'
                        for name in files)
    write(os.path.join(folder, "screen", "template.json"),
          f'{{ "id": "screen", "summary": "A screen", "files": [{entries}] }}\n')
    write(os.path.join(folder, "screen", "View.swift.mustache"),
          f"final class {{{{name}}}}View {{\n    let title = \"{view_line}\"\n}}\n")
    write(os.path.join(folder, "screen", "Presenter.swift.mustache"), "final class {{name}}Presenter {}\n")
    write(os.path.join(folder, "screen", "Router.swift.mustache"), "final class {{name}}Router {}\n")


def references(pbxproj, folder, path, app_name):
    """How often `path` is referenced, whether from the group of its folder, and how often the app builds it."""
    plist = load(pbxproj)
    graph = Graph(plist, folder)
    objects = plist["objects"]
    refs = [r for r, p in graph.folder.items() if p == path and objects[r].get("isa") == "PBXFileReference"]
    target = next(t for t in objects.values() if t.get("isa") == "PBXNativeTarget" and t.get("name") == app_name)
    phase = graph.phase(target, "PBXSourcesBuildPhase") or {}
    built = sum(1 for b in phase.get("files", []) if objects.get(b, {}).get("fileRef") in refs)
    in_group = all(graph.folder.get(graph.parent.get(r)) == os.path.dirname(path) for r in refs)
    synchronized = any(path.startswith(f + "/") for f in graph.synchronized_folders(target))
    return len(refs), in_group, built, synchronized


def check_project(modgen, entry, corpus, work):
    failures = []
    folder = os.path.join(work, entry, "project")
    templates = os.path.join(work, entry, "templates")
    project = os.path.join(folder, "App.xcodeproj")
    pbxproj = os.path.join(project, "project.pbxproj")
    os.makedirs(project)
    shutil.copy(os.path.join(corpus, entry, "project.pbxproj"), pbxproj)
    graph = Graph(load(pbxproj), folder)
    apps = [t for t in graph.targets("com.apple.product-type.application") if graph.placeable(t)]
    if not apps:
        return []
    app = apps[0]["name"]
    output = os.path.join(graph.source_folder(apps[0]), "Modules")
    write(os.path.join(folder, ".modgen.json"), f'{{ "templates": ["{templates}"], "template": "screen" }}\n')
    template(templates, ["View", "Presenter"], "old")

    def run(*arguments):
        return subprocess.run([modgen, *arguments], capture_output=True, text=True, cwd=folder)

    def fail(what, result=None):
        detail = f" ({result.returncode}: {result.stderr.strip()[:300]})" if result is not None else ""
        failures.append(f"{entry}: {what}{detail}")

    original = read(pbxproj)
    result = run("new", "Probe", "--output", output, "--xcodeproj", project, "--target", app, "--quiet")
    if result.returncode != 0:
        fail("new Probe failed", result)
        return failures
    result = run("remove", "Probe", "--quiet")
    if result.returncode != 0 or read(pbxproj) != original:
        fail("new then remove did not give the project back byte for byte", result)
        return failures

    for module in MODULES:
        result = run("new", module, "--output", output, "--xcodeproj", project, "--target", app, "--quiet")
        if result.returncode != 0:
            fail(f"new {module} failed", result)
            return failures
    before_update = read(pbxproj)
    view = os.path.join(output, "Home", "HomeView.swift")
    write(view, read(view) + "// the team's edit\n")
    template(templates, ["View", "Router"], "new")
    result = run("update", "--all", "--quiet")
    if result.returncode != 0:
        fail("update --all failed", result)
        return failures
    after_update = read(pbxproj)
    XcodeProject.load(pbxproj)
    for module in MODULES:
        router = os.path.join(output, module, f"{module}Router.swift")
        presenter = os.path.join(output, module, f"{module}Presenter.swift")
        count, in_group, built, synchronized = references(pbxproj, folder, router, app)
        if not synchronized and (count != 1 or not in_group or built != 1):
            fail(f"{router} referenced {count} times (in its group: {in_group}), built {built} times")
        if os.path.exists(presenter):
            fail(f"{presenter} is still on disk")
        if references(pbxproj, folder, presenter, app)[0] != 0:
            fail(f"{presenter} is still referenced")
        if 'let title = "new"' not in read(os.path.join(output, module, f"{module}View.swift")):
            fail(f"{module}View.swift did not get the template's change")
    if "// the team's edit" not in read(view):
        fail("the edit of HomeView.swift was lost")
    result = run("update", "--check")
    if result.returncode != 0:
        fail("update --check after the update", result)
    write(pbxproj, before_update)
    result = run("update", "--check")
    # A module in a synchronized folder its target builds needs no edit: then the two project files are the same.
    if result.returncode != (1 if before_update != after_update else 0):
        fail("update --check with the project from before the update", result)
    result = run("update", "--all", "--quiet")
    if result.returncode != 0 or read(pbxproj) != after_update:
        fail("update --all did not repair the project to the updated one", result)

    result = run("new", "Home", "--output", output, "--xcodeproj", project, "--target", app, "--skip-existing")
    if result.returncode != 0:
        fail("new --skip-existing with the recorded options and an edited file", result)

    result = run("remove", "Cart", "--quiet")
    if result.returncode != 0 or os.path.exists(os.path.join(output, "Cart")):
        fail("remove Cart", result)
    if references(pbxproj, folder, os.path.join(output, "Cart", "CartView.swift"), app)[0] != 0:
        fail("CartView.swift is still referenced after remove")
    kept = read(pbxproj)
    result = run("remove", "Home", "--quiet")
    if result.returncode != 1 or not os.path.exists(view) or read(pbxproj) != kept:
        fail("remove of an edited module was not refused with nothing changed", result)
    result = run("remove", "Home", "--force", "--quiet")
    if result.returncode != 0 or os.path.exists(view):
        fail("remove --force", result)
    XcodeProject.load(pbxproj)
    failures += check_move_and_rename(run, fail, pbxproj, folder, app, output,
                                      os.path.join(graph.source_folder(apps[0]), "Features"))

    records = os.path.join(folder, ".modgen")
    used = {line.split('"')[3] for name in os.listdir(os.path.join(records, "modules"))
            for line in read(os.path.join(records, "modules", name)).splitlines() if '"templateVersion"' in line}
    stored = set(os.listdir(os.path.join(records, "templates")))
    if stored != used:
        fail(f"the template store holds {len(stored)} versions, the records use {len(used)}")
    for module in ["Profile", "Finder"]:
        result = run("remove", module, "--force", "--quiet")
        if result.returncode != 0:
            fail(f"remove {module} --force", result)
    if read(pbxproj) != original:
        fail("the project is not the corpus file again once every module is removed")
    return failures


def check_move_and_rename(run, fail, pbxproj, folder, app, output, features):
    """`move` of an edited module, `rename` keeping an edit, and a `git mv` that `move` adopts: each leaves the
    files and their edits where they belong, the references in the new folder's group and the app target, none to
    the old place, a project both parsers read, and `update --check` exiting 0."""
    def check_moved(module, old_folder, new_folder, edit, what):
        for name in ["View", "Router"]:
            new = os.path.join(new_folder, f"{module}{name}.swift")
            count, in_group, built, synchronized = references(pbxproj, folder, new, app)
            if not os.path.exists(new):
                fail(f"{what}: {new} is not on disk")
            elif not synchronized and (count != 1 or not in_group or built != 1):
                fail(f"{what}: {new} referenced {count} times (in its group: {in_group}), built {built} times")
        view = os.path.join(new_folder, f"{module}View.swift")
        if os.path.exists(view) and edit not in read(view):
            fail(f"{what}: the edit of {module}View.swift was lost")
        for name in os.listdir(old_folder) if os.path.isdir(old_folder) else []:
            fail(f"{what}: {os.path.join(old_folder, name)} is still on disk")
        for name in ["View", "Router"]:
            if references(pbxproj, folder, os.path.join(old_folder, f"{os.path.basename(old_folder)}{name}.swift"),
                          app)[0] != 0:
                fail(f"{what}: the old {name} is still referenced")
        plist = load(pbxproj)
        groups = Graph(plist, folder)
        if any(path == old_folder and plist["objects"][group].get("isa") == "PBXGroup"
               for group, path in groups.folder.items()):
            fail(f"{what}: the emptied group of {old_folder} is still in the project")
        XcodeProject.load(pbxproj)
        load(pbxproj)
        result = run("update", "--check")
        if result.returncode != 0:
            fail(f"update --check after {what}", result)

    profile_view = os.path.join(output, "Profile", "ProfileView.swift")
    write(profile_view, read(profile_view) + "// moved with the module\n")
    result = run("move", "Profile", "--output", features, "--quiet")
    if result.returncode != 0:
        fail("move Profile", result)
        return []
    check_moved("Profile", os.path.join(output, "Profile"), os.path.join(features, "Profile"),
                "// moved with the module", "move")

    search_view = os.path.join(output, "Search", "SearchView.swift")
    write(search_view, read(search_view) + "// kept through the rename of Search\n")
    result = run("rename", "Search", "Finder", "--quiet")
    if result.returncode != 0:
        fail("rename Search Finder", result)
        return []
    check_moved("Finder", os.path.join(output, "Search"), os.path.join(output, "Finder"),
                "// kept through the rename of Search", "rename")
    finder_view = os.path.join(output, "Finder", "FinderView.swift")
    if os.path.exists(finder_view) and "final class FinderView" not in read(finder_view):
        fail("rename: the template's lines did not follow the new name")

    git = ["git", "-c", "user.name=modgen", "-c", "user.email=modgen@example.invalid"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "modules"]):
        subprocess.run(git + command, cwd=folder, check=True, capture_output=True)
    moved = os.path.join(os.path.dirname(features), "Moved")
    os.makedirs(moved, exist_ok=True)
    subprocess.run(git + ["mv", os.path.join(features, "Profile"), os.path.join(moved, "Profile")], cwd=folder,
                   check=True, capture_output=True)
    result = run("update", "--check")
    if result.returncode == 0 or "modgen move Profile --output" not in result.stderr:
        fail("update --check after a git mv did not name 'modgen move'", result)
    result = run("move", "Profile", "--output", moved, "--quiet")
    if result.returncode != 0:
        fail("move adopting a git mv", result)
        return []
    check_moved("Profile", os.path.join(features, "Profile"), os.path.join(moved, "Profile"),
                "// moved with the module", "move after git mv")
    return []


def main():
    modgen, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp())
    failures = []
    for entry in sorted(os.listdir(corpus)):
        if not os.path.isfile(os.path.join(corpus, entry, "project.pbxproj")):
            continue
        problems = check_project(modgen, entry, corpus, work)
        print(f"{'ok  ' if not problems else 'FAIL'} {entry}")
        failures += problems
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
