#!/usr/bin/env python3
"""The CPU time of one command: what the benchmark scripts time runs with, on Linux and macOS alike.

    python3 Benchmarks/cpu-time.py [--repeat N] [--any-status] <command> [<argument>...]

Runs the command (N times, default once, one after the other, its output discarded) and prints, for each run, one
line: the CPU time the process and the processes it waited for took (user plus system, from `wait4`), then the
wall time, both in microseconds. CPU time is what the scripts compare: on a machine busy with other work a run
waits longer, but does not execute more. Exits with the first failing run's status (printing nothing for it), or 0; with
--any-status every run is printed whatever its status (`modgen update --check` exits 1 when modules would change).
The timer's own start-up is outside every measured interval: only the command is timed.
"""

import os
import subprocess
import sys
import time


def timed_run(command):
    """(cpu_microseconds, wall_microseconds, status) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return round(cpu * 1e6), round(wall * 1e6), process.returncode


def main(arguments):
    repeat = 1
    any_status = False
    while arguments[:1] in (["--repeat"], ["--any-status"]):
        if arguments[0] == "--repeat":
            repeat = int(arguments[1])
            arguments = arguments[2:]
        else:
            any_status = True
            arguments = arguments[1:]
    if not arguments:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    for _ in range(repeat):
        cpu, wall, status = timed_run(arguments)
        if status != 0 and not any_status:
            return status
        print(cpu, wall, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
