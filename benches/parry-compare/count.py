#!/usr/bin/env python3
"""Instructions per query for every cell of the parry comparison, both
argument orders, under callgrind. Run from benches/parry-compare after
`cargo build --release`:

    python3 count.py [--reps R] [--jobs J] [--only SUBSTRING ...] [--before FILE]

Each cell (`target/release/count --list`) runs in its own process:

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect='*count::measured*' ./target/release/count <cell> R

so that only `measured` (R runs of the query over the pool of 1024 pairs,
after one uncollected run) is counted; instructions per query = total Ir /
(R * 1024). `count` starts the instrumentation itself (a client request)
just before `measured`, so the pools are built at near-native speed;
--instr-atstart instruments from the start instead (slower; the counts are
the same). Prints a Markdown table on stdout: one row per precision, kind,
mix and query; columns ours and parry in the pools' order (A, B) and
swapped (B, A), and parry / ours for each order. For the box kinds, extra
rows put parry's cuboid-cuboid functions (`intersection_test_cuboid_cuboid`,
`contact_manifold_cuboid_cuboid`) in the parry columns.

With --before FILE (a table this script printed earlier), prints instead
the change of every count against FILE, after / before, marking those
more than 10% above it: issue 10's "no cell slower by more than 10%".
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Run from HERE by a relative path, with an empty environment: the client's
# stack then starts at the same address in every checkout and for every
# user, so libc's memset of stack buffers (the one cost seen to move) counts
# the same. With other paths or environments, one cell (f32 3d-hull16 mixed
# penetration ours ba) read 14803.5 or 14800.3 instructions per query.
BIN = os.path.join(".", "target", "release", "count")
ENV = {}
VALGRIND = shutil.which("valgrind") or "valgrind"
TOGGLE = "*count::measured*"
COLUMNS = [("ours", "ab"), ("ours", "ba"), ("parry", "ab"), ("parry", "ba")]
HEADER = ["ours (A, B)", "ours (B, A)", "parry (A, B)", "parry (B, A)"]


def cells():
    out = subprocess.run(
        [BIN, "--list"], cwd=HERE, env=ENV, check=True, capture_output=True, text=True
    ).stdout
    return [tuple(line.split()) for line in out.splitlines() if line.strip()]


def count(cell, reps, instr_atstart):
    """Instructions per query of one cell, and its hits line."""
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, "callgrind.out")
        cmd = [
            VALGRIND,
            "--tool=callgrind",
            f"--instr-atstart={'yes' if instr_atstart else 'no'}",
            "--collect-atstart=no",
            f"--toggle-collect={TOGGLE}",
            f"--callgrind-out-file={out_file}",
            BIN,
            *cell,
            str(reps),
        ]
        run = subprocess.run(cmd, cwd=HERE, env=ENV, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"failed: {' '.join(cmd)}\n{run.stderr}")
        m = re.search(r"hits=(\d+) queries=(\d+)", run.stdout)
        with open(out_file) as f:
            totals = [line for line in f if line.startswith(("totals:", "summary:"))]
        if not m or not totals:
            sys.exit(f"no count for {' '.join(cell)}:\n{run.stdout}\n{run.stderr}")
        ir = int(totals[-1].split()[1])
        hits, queries = int(m.group(1)), int(m.group(2))
        if ir == 0:
            sys.exit(f"nothing collected for {' '.join(cell)}: is {TOGGLE} still the symbol?")
        return ir / queries, hits // reps


def fmt(x):
    return "–" if x is None else f"{x:.0f}"


def ratio(theirs, ours):
    return "–" if theirs is None or ours is None else f"{theirs / ours:.2f}"


def rows(results):
    """(precision, kind, mix, query label) -> four counts, in table order."""
    table = {}
    for (prec, kind, mix, query, library, order), (per_query, _) in results.items():
        label = query
        if library == "parry-cuboid":
            label = query + " (parry: cuboid–cuboid)"
        key = (prec, kind, mix, label)
        table.setdefault(key, [None] * 4)
        column = ("ours" if library == "ours" else "parry", order)
        table[key][COLUMNS.index(column)] = per_query
    # The cuboid rows share our counts.
    for (prec, kind, mix, label), counts in table.items():
        if label.endswith("(parry: cuboid–cuboid)"):
            ours = table[(prec, kind, mix, label.split()[0])]
            counts[0], counts[1] = ours[0], ours[1]
    return table


def header(args):
    """What was run, where: the table's first lines."""
    git = lambda *a: subprocess.run(["git", *a], cwd=HERE, capture_output=True, text=True).stdout.strip()
    vg = subprocess.run([VALGRIND, "--version"], capture_output=True, text=True).stdout.strip()
    cmd = " ".join(["python3", "count.py", *sys.argv[1:]])
    print("# Instructions per query under callgrind (parry comparison, both argument orders)")
    print()
    print(f"`{cmd}` in benches/parry-compare, after `cargo build --release`; at "
          f"{git('rev-parse', '--short', 'HEAD')}{' (dirty)' if git('status', '--porcelain', '--', '../..') else ''} "
          f"(library last changed in {git('log', '-1', '--format=%h', '--', '../../src', '../../Cargo.toml')}); R = {args.reps} repetitions of each pool "
          f"of 1024 pairs per cell, {vg}. Compare a later run with "
          "`python3 count.py --jobs 2 --before <this file>`.")
    print()


def print_table(table, hits):
    print("| precision | kind | mix | query | " + " | ".join(HEADER)
          + " | parry / ours (A, B) | parry / ours (B, A) | hits: ours / parry (A, B) |")
    print("|---|---|---|---|" + "---:|" * 6 + "---|")
    for (prec, kind, mix, label), c in table.items():
        h = hits.get((prec, kind, mix, label), "–")
        print(f"| {prec} | {kind} | {mix} | {label} | "
              + " | ".join(fmt(x) for x in c)
              + f" | {ratio(c[2], c[0])} | {ratio(c[3], c[1])} | {h} |")


def read_table(path):
    """The counts of a table this script printed: key -> four counts."""
    table = {}
    with open(path) as f:
        for line in f:
            cols = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cols) >= 8 and cols[0] in ("f32", "f64"):
                table[tuple(cols[:4])] = [None if c == "–" else float(c) for c in cols[4:8]]
    return table


def print_diff(before, after):
    print("Instructions per query, after / before (✗: more than 10% above before).")
    print()
    print("| precision | kind | mix | query | " + " | ".join(HEADER) + " |")
    print("|---|---|---|---|" + "---:|" * 4)
    worst = 0.0
    for key, c in after.items():
        b = before.get(key)
        cells = []
        for i, x in enumerate(c):
            if b is None or b[i] is None or x is None:
                cells.append("–")
                continue
            r = x / b[i]
            if i < 2:  # only our columns can move
                worst = max(worst, r)
            cells.append(f"{fmt(b[i])} → {fmt(x)} ({r:.3f}){' ✗' if r > 1.10 else ''}")
        print("| " + " | ".join(key) + " | " + " | ".join(cells) + " |")
    print()
    print(f"Largest after / before of ours: {worst:.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=2, help="pool repetitions per cell (default 2)")
    ap.add_argument("--jobs", type=int, default=1, help="cells run at once (default 1)")
    ap.add_argument("--only", nargs="*", default=[],
                    help="keep cells whose line (e.g. 'f64 3d-box deep') contains every substring")
    ap.add_argument("--instr-atstart", action="store_true",
                    help="instrument from the start (off x86-64, where count cannot start it)")
    ap.add_argument("--before", help="a table printed earlier: print after / before instead")
    args = ap.parse_args()

    todo = [c for c in cells() if all(s in " ".join(c) for s in args.only)]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(count, c, args.reps, args.instr_atstart): c for c in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            c = futures[fut]
            results[c] = fut.result()
            print(f"[{i}/{len(todo)}] {' '.join(c)}: {results[c][0]:.1f}", file=sys.stderr)
    results = {c: results[c] for c in todo}  # table order, not completion order

    table = rows(results)
    hits = {}
    for (prec, kind, mix, query, library, order), (_, h) in results.items():
        if order == "ab" and library != "ours":
            label = query + (" (parry: cuboid–cuboid)" if library == "parry-cuboid" else "")
            ours = results.get((prec, kind, mix, query, "ours", "ab"))
            hits[(prec, kind, mix, label)] = f"{ours[1] if ours else '–'} / {h}"
    header(args)
    if args.before:
        print_diff(read_table(args.before), table)
    else:
        print_table(table, hits)


if __name__ == "__main__":
    main()
