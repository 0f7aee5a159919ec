#!/usr/bin/env python3
"""Where an ingest run's wall time went, from its debug log:
    receipts ingest --fast --jobs 2 --log-level debug --store S PHOTOS 2> run.log
    python3 scripts/ingest-timeline.py run.log [--jobs 2] [--files]

Reads the `ingest phases` line (the serial start and end, seconds since the process started)
and the `ingest timeline` line of each file (seconds since the batch started; the pipeline's
IngestFileTimes). A file's OCR is taken to end when its reading ended (parsing after it is a
few ms) and to begin its OCR seconds before. Prints the phases, how long 0, 1, ... OCR passes
ran at once (below --jobs: a core without OCR work), the idle time at the end (the last
file's tail), and with --files one row per file.
"""

import argparse
import re

FIELD = re.compile(r"((?:t|p)\.[\w-]+|receipt\.file)=([^ \]]+)")


def parse(path):
    phases, files = {}, []
    for line in open(path, encoding="utf-8", errors="replace"):
        if "ingest phases" in line:
            phases = {k[2:]: float(v) for k, v in FIELD.findall(line)}
        elif "ingest timeline" in line:
            fields = dict(FIELD.findall(line))
            row = {k[2:]: (None if v == "-" else float(v)) for k, v in fields.items() if k.startswith("t.")}
            row["file"] = fields.get("receipt.file", "?").rsplit("/", 1)[-1]
            files.append(row)
    return phases, files


def concurrency(files, end):
    """Seconds during which k OCR passes ran at once, k = 0, 1, 2, ..."""
    events = []
    for row in files:
        if row.get("read") is None:
            continue
        events += [(row["read"] - row["ocr"], 1), (row["read"], -1)]
    events.sort()
    running, last, spent = 0, 0.0, {}
    for time, change in events:
        spent[running] = spent.get(running, 0.0) + time - last
        last, running = time, running + change
    spent[0] = spent.get(0, 0.0) + max(0.0, end - last)
    return spent


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("log")
    arguments.add_argument("--jobs", type=int, default=2)
    arguments.add_argument("--files", action="store_true", help="one row per file")
    options = arguments.parse_args()
    phases, files = parse(options.log)
    if phases:
        order = sorted(phases.items(), key=lambda item: item[1])
        print("phases (s since the process started): " + ", ".join(f"{name} {age:.3f}" for name, age in order))
    if not files:
        print("no `ingest timeline` lines: run with --log-level debug")
        return
    end = max(row["reported"] for row in files)
    ocr = sum(row["ocr"] for row in files)
    after = sum(row["ended"] - row["read"] for row in files if row.get("read") is not None)
    spent = concurrency(files, end)
    print(f"batch {end:.3f} s, {len(files)} files, OCR {ocr:.3f} s summed ({ocr / options.jobs:.3f} s a worker)")
    print("OCR passes at once: " + ", ".join(f"{k}: {v:.3f} s" for k, v in sorted(spent.items())))
    idle = sum((options.jobs - k) * v for k, v in spent.items() if k < options.jobs)
    print(f"core-seconds without OCR in the batch: {idle:.3f} (of {options.jobs * end:.3f})")
    last_ocr_ends = sorted(row["read"] for row in files if row.get("read") is not None)
    if options.jobs > 1 and len(last_ocr_ends) >= options.jobs:
        print(f"tail: the last OCR ends {last_ocr_ends[-1] - last_ocr_ends[-options.jobs]:.3f} s after the one before it")
    print(f"after reading (matching, duplicate check, store write) summed: {after:.3f} s")
    if options.files:
        print(f"{'file':28} {'started':>8} {'OCR from':>8} {'OCR s':>7} {'read':>8} {'ended':>8}")
        for row in sorted(files, key=lambda row: row["started"]):
            ocr_from = row["read"] - row["ocr"] if row.get("read") is not None else float("nan")
            read = row["read"] if row.get("read") is not None else float("nan")
            print(f"{row['file']:28} {row['started']:8.3f} {ocr_from:8.3f} {row['ocr']:7.3f} {read:8.3f} {row['ended']:8.3f}")


if __name__ == "__main__":
    main()
