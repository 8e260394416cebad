#!/usr/bin/env python3
"""Validates every scenario in Scenarios/ against Scenarios/scenario.schema.json.

The Swift decoder is the authority (wristsim check); this keeps the JSON Schema that
editors use for completion and validation in step with the files we ship.
Needs the `jsonschema` package (pip install jsonschema). Exit 1 on any mismatch.
"""
import glob
import json
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource


def main() -> int:
    root = "Scenarios"
    schemas = {}
    for path in glob.glob(f"{root}/**/*.schema.json", recursive=True):
        with open(path) as handle:
            schemas[path[len(root) + 1:]] = json.load(handle)
    for name, schema in schemas.items():
        Draft202012Validator.check_schema(schema)
    registry = Registry().with_resources(
        (name, Resource.from_contents(schema)) for name, schema in schemas.items())
    validator = Draft202012Validator(schemas["scenario.schema.json"], registry=registry)
    failures = 0
    files = sorted(p for p in glob.glob(f"{root}/**/*.json", recursive=True)
                   if not p.endswith(".schema.json") and "/schema/" not in p)
    for path in files:
        with open(path) as handle:
            errors = sorted(validator.iter_errors(json.load(handle)), key=lambda e: list(e.path))
        if errors:
            failures += 1
            for error in errors[:3]:
                location = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path)
                print(f"{path}: schema: at {location}: {error.message}")
    print(f"schema: {len(files) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
