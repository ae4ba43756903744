#!/usr/bin/env python3
"""Rambafile group paths and logical groups, checked with parsers modgen does not use (PyPI's `pbxproj` and
`openstep-plist`, through check_corpus.py's `Graph`).

    check_generamba_groups.py <modgen binary> <repository folder> [<work folder>]

For each Rambafile setting below, the Generamba fixture project (Tests/GenerambaFixtures) gets module Home from
swifty_viper. Checked: both parsers read the result; every file written is referenced once, resolves (with Xcode's
source-tree rules) to where it is on disk, sits in the group whose names from the main group are
`<group path>/Home/<layer>`, and is built once by its side's target; a group made without a path where groups are
logical; a second run changes no byte; `remove` leaves the project file as it was. Prints one line per setting and
exits with 1 if any check fails.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from check_corpus import Graph, load
from pbxproj import XcodeProject

COMMON = """company: ModgenCo
project_name: App
xcodeproj_path: App.xcodeproj
prefix: ''
project_target: App
test_target: AppTests
templates:
- {name: swifty_viper, local: ../template/swifty_viper}
"""

# name: (Rambafile lines, code file folder, code group path, tests file folder, tests group path, logical)
SETTINGS = {
    "group path differs": (
        "project_file_path: App/Modules\nproject_group_path: App\n"
        "test_file_path: AppTests/Modules\ntest_group_path: AppTests\n",
        "App/Modules", "App", "AppTests/Modules", "AppTests", False),
    "logical groups": (
        "project_file_path: App\ntest_file_path: AppTests\ncreate_logical_groups: true\n",
        "App", "App", "AppTests", "AppTests", True),
    "logical groups, group path differs": (
        "project_file_path: App/Modules\nproject_group_path: App\n"
        "test_file_path: AppTests/Modules\ntest_group_path: AppTests\ncreate_logical_groups: true\n",
        "App/Modules", "App", "AppTests/Modules", "AppTests", True),
}


def names_of(graph, object_id):
    """The names Xcode shows from below the main group down to `object_id`'s group."""
    names = []
    current = graph.parent.get(object_id)
    while current in graph.parent:
        obj = graph.objects[current]
        names.insert(0, obj.get("name") or os.path.basename(obj.get("path", "")))
        current = graph.parent[current]
    return names


def check(modgen, repository, work, name, setting):
    lines, code_folder, code_group, tests_folder, tests_group, logical = setting
    failures = []
    home = os.path.join(work, "home")
    os.makedirs(os.path.join(home, ".generamba"))
    with open(os.path.join(home, ".generamba", "user_preferences.yml"), "w") as handle:
        handle.write("username: modgen\n")
    fixtures = os.path.join(repository, "Tests", "GenerambaFixtures")
    shutil.copytree(os.path.join(fixtures, "templates", "swifty_viper"), os.path.join(work, "template", "swifty_viper"))
    project = os.path.join(work, "project")
    shutil.copytree(os.path.join(fixtures, "fixture", "App.xcodeproj"), os.path.join(project, "App.xcodeproj"))
    with open(os.path.join(project, "Rambafile"), "w") as handle:
        handle.write(COMMON + lines)
    pbxproj = os.path.join(project, "App.xcodeproj", "project.pbxproj")
    with open(pbxproj, "rb") as handle:
        before = handle.read()
    env = dict(os.environ, HOME=home)
    command = [modgen, "new", "Home", "--template", "swifty_viper", "--date", "2026-01-15", "-q"]
    run = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        return [f"modgen new exited {run.returncode}: {run.stderr.strip()}"]
    XcodeProject.load(pbxproj)
    plist = load(pbxproj)
    graph = Graph(plist, project)
    objects = plist["objects"]
    written = []
    for side, folder, group, target_name in [("code", code_folder, code_group, "App"),
                                              ("tests", tests_folder, tests_group, "AppTests")]:
        module = os.path.join(project, folder, "Home")
        target = next(t for t in objects.values() if t.get("isa") == "PBXNativeTarget" and t["name"] == target_name)
        phase = graph.phase(target, "PBXSourcesBuildPhase") or {}
        for root, _, files in os.walk(module):
            for file in files:
                path = os.path.join(root, file)
                written.append(path)
                if logical and root != module:
                    failures.append(f"{path} is not flat in {module}")
                refs = [r for r, p in graph.folder.items()
                        if p == path and objects[r].get("isa") == "PBXFileReference"]
                if len(refs) != 1:
                    failures.append(f"{path} is referenced {len(refs)} times")
                    continue
                names = names_of(graph, refs[0])
                if names[:len(group.split("/")) + 1] != group.split("/") + ["Home"] or len(names) != len(
                        group.split("/")) + 2:
                    failures.append(f"{path} is in the group {'/'.join(names)}")
                built = sum(1 for b in phase.get("files", []) if objects.get(b, {}).get("fileRef") == refs[0])
                if built != 1:
                    failures.append(f"{path} is built {built} times by {target_name}")
                layer = graph.parent[refs[0]]
                if logical and "path" in objects[layer]:
                    failures.append(f"the logical group {'/'.join(names)} has a path")
    if len(written) != 17:
        failures.append(f"{len(written)} files written, not 17")
    with open(pbxproj, "rb") as handle:
        after = handle.read()
    again = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
    with open(pbxproj, "rb") as handle:
        if again.returncode != 0 or handle.read() != after:
            failures.append("a second run changed the project")
    removal = subprocess.run([modgen, "remove", "Home", "-q"], cwd=project, env=env, capture_output=True, text=True)
    with open(pbxproj, "rb") as handle:
        if removal.returncode != 0 or handle.read() != before:
            failures.append(f"remove did not leave the project as before ({removal.stderr.strip()})")
    return failures


def main():
    modgen = os.path.abspath(sys.argv[1])
    repository = os.path.abspath(sys.argv[2])
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="modgen-generamba-groups-")
    failed = False
    for index, (name, setting) in enumerate(SETTINGS.items()):
        folder = os.path.join(work, str(index))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        failures = check(modgen, repository, folder, name, setting)
        print(f"{name}: {'ok' if not failures else 'FAILED'}")
        for failure in failures:
            print(f"  {failure}")
        failed = failed or bool(failures)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
