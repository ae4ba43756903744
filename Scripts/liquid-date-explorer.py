#!/usr/bin/env python3
"""Random date-like text through the Liquid `date` filter of modgen and of Ruby's liquid 5.4, differences printed.

    swift build --product modgen
    python3 Scripts/liquid-date-explorer.py [seed [count [file-of-strings]]]

Each string (a line of the file, or `count` generated from `seed`: month names, weekdays, numbers of 1-8 digits,
times, zones, ordinals, eras, ISO week and ordinal dates, separators; `CHARS=1` joins single characters and short
words instead) is printed with FORMAT (default `%Y-%m-%d %H:%M:%S %z %N|%s`) by `.build/debug/modgen render` and by
`Tests/ModGenLiquidTests/Spec/ruby-liquid.rb serve` (TZ=UTC, as the tests run it). A difference worth keeping
becomes a case in Tests/ModGenLiquidTests/LiquidDifferentialCases+DateText.swift, whose expected answer is Ruby's.
Text that gives no year takes what it leaves out from the clock: differences are run again once, and one that stays
only in the clock's seconds or minutes is the time between the two runs.
"""
import json, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODGEN = os.path.join(ROOT, ".build/debug/modgen")
RUBY = os.path.join(ROOT, "Tests/ModGenLiquidTests/Spec/ruby-liquid.rb")
FORMAT = os.environ.get("FORMAT", "%Y-%m-%d %H:%M:%S %z %N|%s")
TEMPLATE = "{% for s in items %}{{ s | date: '" + FORMAT + "' }}\x1e{% endfor %}"

MONTHS = ["January", "february", "March", "mar", "Sept", "sep", "MAY", "Dec", "dec.", "Marzipan", "jun", "Octo", "nov"]
DAYS = ["Mon", "Tuesday", "wed", "Thu,", "fri.", "Sat", "sunday"]
ZONES = ["Z", "UTC", "GMT", "+01:00", "-0500", "+1", "+05:30", "EST", "pdt", "eastern standard time", "gmt+1", "A",
         "J", "cet", "+0100", "-03", "utc+05:30", "z", "dst", "est dst", "[+9:JST]", "[-5]"]
TIMES = ["14:07", "2:07:09", "14:07:09.250", "2pm", "2 pm", "14h", "10h30m", "10h 30m 15s", "12:00 a.m.", "0:00",
         "23:59:60", "24:00", "25:00", "12:60", "7am", "11 p.m.", "14:07:09,5", "14 : 07"]
ORD = ["1st", "2nd", "3rd", "4th", "22nd", "31st", "11th"]
ERAS = ["AD", "BC", "bce", "c.e.", "b.c."]
SEPS = [" ", " ", " ", ", ", ",", "/", "-", ".", "T", "t", "  ", "@", " - "]

def number():
    digits = random.choice([1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 8])
    if digits == 8:
        return random.choice(["20240305", "19991231", "20240230", "12345678"])
    if digits == 6:
        return random.choice(["240305", "140709", "991231", "000000"])
    value = random.randrange(10 ** digits)
    text = str(value)
    if random.random() < 0.3:
        text = text.zfill(digits)
    return text

def token():
    kind = random.random()
    if kind < 0.30: return number()
    if kind < 0.45: return random.choice(MONTHS)
    if kind < 0.55: return random.choice(TIMES)
    if kind < 0.63: return random.choice(ZONES)
    if kind < 0.70: return random.choice(ORD)
    if kind < 0.77: return random.choice(DAYS)
    if kind < 0.80: return random.choice(ERAS)
    if kind < 0.83: return "'" + str(random.randrange(100)).zfill(2)
    if kind < 0.86: return random.choice(["2024-W10-2", "2024-065", "--03-05", "--0305", "-065", "h31.4.30", "24-100"])
    if kind < 0.90: return random.choice(["am", "pm", "a.m.", "p.m."])
    if kind < 0.93:
        return random.choice(["T", "t", "x", "of", "the", "at", "é", "ı", "ſep", "ſt", "\u212a", "—", "\t", "_",
                              "MÄRZ", "١٢", "[", "]", "@"])
    return number() + random.choice(["-", "/", "."]) + number() + random.choice(["-", "/", ".", ""]) + number()

def sample_chars():
    alphabet = list("0123456789") * 3 + list(" ,./-:+'T") * 2 + [
        "mar", "jun", "sep", "mon", "pm", "am", "h", "m", "s", "z", "w", "bc", "st", "th", "utc", "gmt", "est", "[",
        "]", "e", "x", "t"]
    return "".join(random.choice(alphabet) for _ in range(random.randrange(1, 16)))

def sample():
    if os.environ.get("CHARS"): return sample_chars()
    parts = [token() for _ in range(random.choice([1, 2, 2, 3, 3, 3, 4, 4, 5, 6]))]
    text = parts[0]
    for part in parts[1:]:
        text += random.choice(SEPS) + part
    return text

def modgen_render(items):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.liquid")
        with open(path, "w") as f: f.write(TEMPLATE)
        data = os.path.join(tmp, "d.json")
        with open(data, "w") as f: json.dump({"items": items}, f)
        r = subprocess.run([MODGEN, "render", path, "--data", data], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            return None
        return r.stdout.split("\x1e")[:-1]

def modgen_answers(items):
    out = modgen_render(items)
    if out is not None and len(out) == len(items):
        return out
    answers = []
    for item in items:
        one = modgen_render([item])
        answers.append("ERROR" if one is None else one[0])
    return answers

def ruby_answers(items):
    env = dict(os.environ, TZ="UTC")
    lines = "".join(json.dumps({"template": TEMPLATE, "data": {"items": [i]}, "templates": {}}) + "\n" for i in items)
    r = subprocess.run(["timeout", "120", "ruby", RUBY, "serve"], input=lines, capture_output=True, text=True, env=env)
    answers = []
    for line in r.stdout.splitlines():
        reply = json.loads(line)
        answers.append(reply["output"].split("\x1e")[0] if "output" in reply else "ERROR")
    return answers

def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    random.seed(seed)
    items = []
    if len(sys.argv) > 3:
        items = [l.rstrip("\n") for l in open(sys.argv[3])]
    else:
        seen = set()
        while len(items) < count:
            s = sample()
            if s not in seen and len(s.encode()) <= 140:
                seen.add(s); items.append(s)
    ours = []
    for i in range(0, len(items), 500):
        ours += modgen_answers(items[i:i + 500])
    theirs = ruby_answers(items)
    assert len(theirs) == len(items), (len(theirs), len(items))
    bad = [(s, r, m) for s, r, m in zip(items, theirs, ours) if r != m]
    if bad:
        # Text that leaves out the year takes the rest from the clock: a minute may pass between the two runs.
        again = [s for s, _, _ in bad]
        theirs, ours = ruby_answers(again), modgen_answers(again)
        bad = [(s, r, m) for s, r, m in zip(again, theirs, ours) if r != m]
    for s, r, m in bad:
        print(json.dumps(s), "\n  ruby  ", r, "\n  modgen", m)
    print(f"{len(bad)} of {len(items)} differ", file=sys.stderr)

main()
