#!/usr/bin/env python3
"""Prints the ratio table of docs/benchmarks.md from criterion's results:
parry's median time / ours, per pair, pool and precision.
Run after `cargo bench --bench compare` in this directory."""
import json, os, sys

root = os.path.join(os.path.dirname(__file__), "target", "criterion")

def median(group, bench):
    path = os.path.join(root, group.replace("/", "_"), bench, "new", "estimates.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"] / 1024.0  # ns per query

# (pair, our query, parry's query, the ratio the issue asks for)
targets = [
    ("3d-box", "ours_intersects", "parry_intersection_test_cuboid_cuboid", 3),
    ("3d-box", "ours_penetration", "parry_contact_manifold_cuboid_cuboid", 3),
    ("3d-box", "ours_penetration", "parry_contact", 10),
    ("2d-box", "ours_intersects", "parry_intersection_test_cuboid_cuboid", 2),
    ("2d-box", "ours_penetration", "parry_contact_manifold_cuboid_cuboid", 2),
    ("2d-8gon", "ours_intersects", "parry_intersection_test", 3),
    ("2d-8gon", "ours_penetration", "parry_contact", 3),
    ("2d-circle-8gon", "ours_penetration", "parry_contact", 3),
    ("3d-hull16", "ours_penetration", "parry_contact", 3),
    ("3d-hull32", "ours_penetration", "parry_contact", 2),
    # Not targets of the issue, but shared queries: shown so that no gap hides.
    ("3d-hull16", "ours_intersects", "parry_intersection_test", 1),
    ("3d-hull32", "ours_intersects", "parry_intersection_test", 1),
]

print("| pair | ours | parry | target | " + " | ".join(f"{p} {m}" for p in ("f32", "f64") for m in ("mixed", "separated", "deep")) + " |")
print("|---|---|---|---|" + "---|" * 6)
for pair, ours, theirs, target in targets:
    cells = []
    for prec in ("f32", "f64"):
        for mix in ("mixed", "separated", "deep"):
            g = f"{prec}/{pair}/{mix}"
            o, t = median(g, ours), median(g, theirs)
            if o is None or t is None:
                cells.append("–")
            else:
                r = t / o
                mark = "" if r >= target else " ✗"
                cells.append(f"{r:.2f}× ({o:.0f} / {t:.0f} ns){mark}")
    print(f"| {pair} | `{ours[5:]}` | `{theirs[6:]}` | ≥ {target}× | " + " | ".join(cells) + " |")
