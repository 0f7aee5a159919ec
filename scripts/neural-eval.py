#!/usr/bin/env python3
"""Measures the neural reader (libexec/neural-reader.py) on the labelled corpus.

  neural-eval.py read CORPUS RAW [--part tuning|check|all] [--limit N] [-- reader args...]
      runs one reader process over the images and saves each answer as RAW/<set>/<stem>.json
      (prints seconds per image and the reader's peak RSS on stderr).
  neural-eval.py text RAW OUT [--overlap X --space-unit X --max-spaces N --no-deskew] [--tsv]
      re-joins the saved boxes into lines and writes OUT/<set>/<stem>.txt (or .tsv with line and
      word boxes, the format `receipts eval --text` reads), for scoring without re-reading.
  neural-eval.py score CORPUS TEXT [--receipts BIN]
      scores TEXT with `receipts eval --text --dump` and prints per set, per part (CHECK/TUNING)
      and per field: correct/labelled, and items precision/recall/F1.
  neural-eval.py ceiling CORPUS TEXT...
      how often the labelled total/subtotal/tax (and date) appear anywhere in each reading.

Split: an image is CHECK when the first byte of SHA-256("<set>/<stem>") is divisible by 3,
else TUNING. Tune only on TUNING.
Runs with the ocr venv's python for `read`/`text` (needs rapidocr only for `read`); `score` and
`ceiling` need only the standard library.
"""
import argparse
import datetime
import difflib
import hashlib
import importlib.util
import json
import os
import re
import resource
import subprocess
import sys
import time
from decimal import Decimal, InvalidOperation

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ["us-restaurant-photos", "my-scans-sroie", "de-supermarket-scans"]
FIELDS = ["total", "date", "merchant", "subtotal", "tax"]
IMAGE_EXT = (".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp", ".bmp")


def part_of(set_name, stem):
    return "check" if hashlib.sha256(f"{set_name}/{stem}".encode()).digest()[0] % 3 == 0 else "tuning"


def corpus_images(corpus, part="all"):
    for s in SETS:
        folder = os.path.join(corpus, s, "images")
        for f in sorted(os.listdir(folder)):
            stem, ext = os.path.splitext(f)
            if ext.lower() not in IMAGE_EXT:
                continue
            if not os.path.exists(os.path.join(corpus, s, "labels", stem + ".json")):
                continue
            if part != "all" and part_of(s, stem) != part:
                continue
            yield s, stem, os.path.join(folder, f)


def load_reader_module():
    sys.dont_write_bytecode = True  # no __pycache__ in scripts/
    spec = importlib.util.spec_from_file_location("neural_reader", os.path.join(HERE, "..", "libexec", "neural-reader.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------------- read

def cmd_read(a, reader_args):
    images = list(corpus_images(a.corpus, a.part))
    if a.min_long_side:
        from PIL import Image
        images = [im for im in images if max(Image.open(im[2]).size) > a.min_long_side]
    if a.per_set:
        images = [im for im in images if sum(1 for o in images[: images.index(im)] if o[0] == im[0]) < a.per_set]
    images = images[: a.limit or None]
    py = a.python or sys.executable
    cmd = ["/usr/bin/time", "-f", "%M", "-o", os.path.join(a.raw, ".rss-kb"), py, os.path.join(HERE, "..", "libexec", "neural-reader.py")] + reader_args
    os.makedirs(a.raw, exist_ok=True)
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    ready = json.loads(proc.stdout.readline())
    load_s = time.monotonic() - t0
    if not ready.get("ready"):
        sys.exit(f"reader failed: {ready}")
    secs, cpus = [], []
    for s, stem, path in images:
        proc.stdin.write(json.dumps({"id": f"{s}/{stem}", "path": path}) + "\n")
        proc.stdin.flush()
        ans = json.loads(proc.stdout.readline())
        if not ans.get("ok"):
            print(f"{s}/{stem}: {ans}", file=sys.stderr)
            continue
        secs.append(ans["seconds"])
        cpus.append(ans.get("cpu_seconds", 0.0))
        os.makedirs(os.path.join(a.raw, s), exist_ok=True)
        with open(os.path.join(a.raw, s, stem + ".json"), "w") as f:
            json.dump(ans, f, ensure_ascii=False)
    proc.stdin.close()
    proc.wait()
    rss = open(os.path.join(a.raw, ".rss-kb")).read().split()[-1]
    summary = {"images": len(secs), "load_seconds": round(load_s, 2),
               "mean_seconds": round(sum(secs) / max(len(secs), 1), 3),
               "median_seconds": sorted(secs)[len(secs) // 2] if secs else None,
               "max_seconds": max(secs) if secs else None,
               "mean_cpu_seconds": round(sum(cpus) / max(len(cpus), 1), 3), "peak_rss_mb": round(int(rss) / 1024),
               "settings": ready.get("settings"), "versions": ready.get("versions")}
    with open(os.path.join(a.raw, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary), file=sys.stderr)


# ---------------------------------------------------------------- text

def tsv_escape(t):
    return t.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def cmd_text(a):
    mod = load_reader_module()
    join = {"overlap": a.overlap, "space_unit": a.space_unit, "max_spaces": a.max_spaces,
            "deskew": not a.no_deskew}
    n = 0
    for s in SETS:
        files = {}
        for root in ([a.fallback] if a.fallback else []) + [a.raw]:
            d = os.path.join(root, s)
            if os.path.isdir(d):
                files.update({f: os.path.join(d, f) for f in os.listdir(d) if f.endswith(".json")})
        if not files:
            continue
        os.makedirs(os.path.join(a.out, s), exist_ok=True)
        for f in sorted(files):
            ans = json.load(open(files[f]))
            stem = f[:-5]
            words = ans["words"]
            lines, line_of = mod.join_lines(words, **join)
            if a.tsv:
                rows = ["level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
                        f"1\t1\t0\t0\t0\t0\t0\t0\t{ans['width']}\t{ans['height']}\t-1\t"]
                for li, ln in enumerate(lines):
                    x, y, w, h = ln["box"]
                    rows.append(f"4\t1\t1\t1\t{li + 1}\t0\t{x}\t{y}\t{w}\t{h}\t-1\t{tsv_escape(ln['text'])}")
                    members = sorted((wd for wd, l in zip(words, line_of) if l == li), key=lambda wd: min(p[0] for p in wd["quad"]))
                    k = 0
                    for wd in members:
                        xs = [p[0] for p in wd["quad"]]
                        ys = [p[1] for p in wd["quad"]]
                        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
                        toks = wd["text"].split()
                        total = max(sum(len(t) for t in toks) + len(toks) - 1, 1)
                        pos = 0
                        for t in toks:  # split the box among its words by character count
                            wx0 = x0 + (x1 - x0) * pos / total
                            wx1 = x0 + (x1 - x0) * (pos + len(t)) / total
                            pos += len(t) + 1
                            k += 1
                            rows.append(f"5\t1\t1\t1\t{li + 1}\t{k}\t{round(wx0)}\t{round(y0)}\t{round(wx1 - wx0)}\t{round(y1 - y0)}\t{wd['confidence'] * 100:.2f}\t{tsv_escape(t)}")
                with open(os.path.join(a.out, s, stem + ".tsv"), "w") as f2:
                    f2.write("\n".join(rows) + "\n")
            else:
                with open(os.path.join(a.out, s, stem + ".txt"), "w") as f2:
                    f2.write("\n".join(l["text"] for l in lines) + "\n")
            n += 1
    print(f"wrote {n} readings to {a.out}", file=sys.stderr)


# ---------------------------------------------------------------- score

def norm_name(t):
    return re.sub(r"[^a-z0-9]", "", (t or "").lower())


def names_similar(a, b, threshold):
    if a is None or b is None:
        return False
    if a.strip().lower() == b.strip().lower():
        return True
    x, y = norm_name(a), norm_name(b)
    if len(x) >= 3 and len(y) >= 3 and (x in y or y in x):
        return True
    return bool(x and y) and difflib.SequenceMatcher(None, x, y).ratio() >= threshold


def dec(v):
    if v is None:
        return None
    try:
        return Decimal(str(v).replace(",", "."))
    except InvalidOperation:
        return None


def parse_eval_output(text):
    """`receipts eval --dump --misses --json` output: dump lines ({"image": ...}) then the report."""
    dumps, rest = {}, []
    for line in text.splitlines():
        if line.startswith('{"image"'):
            o = json.loads(line)
            dumps[o["image"]] = o.get("parsed")
        else:
            rest.append(line)
    return dumps, json.loads("\n".join(rest))


def cmd_score(a):
    if a.from_output:
        text = open(a.from_output).read()
    else:
        cmd = [a.receipts, "eval", a.corpus, "--text", a.text, "--dump", "--misses", "--json"]
        text = subprocess.run(cmd, capture_output=True, text=True, check=True,
                              env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    dumps, report = parse_eval_output(text)
    missed = {(m["set"], m["stem"], m["field"]) for m in report["misses"]}
    rows = {}
    for s, stem, path in corpus_images(a.corpus):
        lab = json.load(open(os.path.join(a.corpus, s, "labels", stem + ".json")))
        parsed = dumps.get(f"{s}/{stem}")
        for group in (("all", "all"), (s, "all"), ("all", part_of(s, stem)), (s, part_of(s, stem))):
            r = rows.setdefault(group, {f: [0, 0] for f in FIELDS} | {"items": [0, 0, 0]})
            for f in FIELDS:
                if lab.get(f) in (None, ""):
                    continue
                r[f][1] += 1
                r[f][0] += (s, stem, f) not in missed
            tp, npred, nlab = match_items(lab, parsed)
            r["items"][0] += tp
            r["items"][1] += npred
            r["items"][2] += nlab
    # Cross-check with the CLI's own totals.
    o = report["overall"]
    mine = rows[("all", "all")]
    for f in FIELDS:
        if f in o["fields"] and o["fields"][f]["correct"] != mine[f][0]:
            print(f"warning: {f}: eval says {o['fields'][f]}, split count {mine[f]}", file=sys.stderr)
    if (o["itemsMatched"], o["itemsPredicted"], o["itemsLabelled"]) != tuple(mine["items"]):
        print(f"warning: items: eval says {o['itemsMatched']}/{o['itemsPredicted']}/{o['itemsLabelled']}, mine {mine['items']}", file=sys.stderr)
    result = {f"{k[0]}|{k[1]}": v for k, v in sorted(rows.items())}
    if a.json:
        print(json.dumps(result))
        return
    print(f"{'set|part':34} {'total':>8} {'date':>8} {'merchant':>8} {'subtotal':>8} {'tax':>8}  items P/R/F1")
    for k, v in result.items():
        cells = " ".join(f"{v[f][0]:>3}/{v[f][1]:<4}" if v[f][1] else f"{'-':>8}" for f in FIELDS)
        tp, npred, nlab = v["items"]
        items = f"{tp / npred if npred else 0:.2f}/{tp / nlab if nlab else 0:.2f}/{2 * tp / (npred + nlab) if nlab else 0:.2f}" if nlab else "-"
        print(f"{k:34} {cells}  {items}")


def match_items(lab, parsed):
    labelled = [i for i in (lab.get("items") or []) if i.get("price") not in (None, "")]
    if not labelled:
        return 0, 0, 0
    predicted = (parsed or {}).get("items") or []
    used = [False] * len(labelled)
    tp = 0
    for p in predicted:
        for j, li in enumerate(labelled):
            if not used[j] and dec(p.get("price")) == dec(li["price"]) and names_similar(p.get("name") or "", li.get("name") or "", 0.6):
                used[j] = True
                tp += 1
                break
    return tp, len(predicted), len(labelled)


# ---------------------------------------------------------------- ceiling

def amount_forms(v):
    d = dec(v)
    if d is None:
        return []
    s = f"{d:.2f}"
    whole, frac = s.split(".")
    grouped = f"{int(whole):,}"
    return sorted({s, s.replace(".", ","), f"{grouped}.{frac}", f"{grouped.replace(',', '.')},{frac}"})


def date_pattern(iso):
    """A regex for the date in the common receipt spellings (numeric M/D/Y, D.M.Y, Y-M-D with
    2- or 4-digit years; 26 May 2016, 26-May-16, May 26, 2016), case-insensitive."""
    try:
        d = datetime.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    y, m, dd = d.year, d.month, d.day
    Y = f"(?:{y}|{y % 100:02d})"
    M = f"0?{m}"
    D = f"0?{dd}"
    sep = r"\s?[/.\-]\s?"
    mon = f"(?:{d.strftime('%B').lower()}|{d.strftime('%b').lower()}\\.?)"
    alts = [f"{M}{sep}{D}{sep}{Y}", f"{D}{sep}{M}{sep}{Y}", f"{y}{sep}{M}{sep}{D}",
            f"{D}[\\s\\-/]*{mon}[\\s\\-/,']*{Y}", f"{mon}[\\s\\-/]*{D}(?:st|nd|rd|th)?[\\s,'\\-/]*{Y}"]
    return re.compile(r"(?<![0-9])(?:" + "|".join(alts) + r")(?![0-9])", re.I)


def contains_amount(text, forms):
    for f in forms:
        for m in re.finditer(re.escape(f), text):
            before = text[m.start() - 1] if m.start() > 0 else " "
            after = text[m.end()] if m.end() < len(text) else " "
            if not before.isdigit() and not after.isdigit():
                return True
    return False


def reading_text(path_base):
    if os.path.exists(path_base + ".txt"):
        return open(path_base + ".txt").read()
    if os.path.exists(path_base + ".tsv"):
        words = []
        lines = {}
        for row in open(path_base + ".tsv").read().split("\n")[1:]:
            f = row.split("\t")
            if len(f) >= 12 and f[0] == "4" and f[11].strip():
                lines[f[4]] = f[11]
            elif len(f) >= 12 and f[0] == "5":
                words.append(f[11])
        return "\n".join(lines.values()) if lines else " ".join(words)
    return ""


def cmd_ceiling(a):
    res = {}
    for s, stem, path in corpus_images(a.corpus):
        lab = json.load(open(os.path.join(a.corpus, s, "labels", stem + ".json")))
        texts = [reading_text(os.path.join(t, s, stem)) for t in a.text]
        # Compare amounts with spaces squeezed out around separators ("12 . 34" reads as 12.34).
        squeezed = [re.sub(r"(?<=\d)\s*([.,])\s*(?=\d)", r"\1", t) for t in texts]
        for f in ("total", "subtotal", "tax", "date"):
            if lab.get(f) is None:
                continue
            if f == "date":
                pat = date_pattern(lab[f])
                hit = [bool(pat and pat.search(t)) for t in texts]
            else:
                forms = amount_forms(lab[f])
                hit = [contains_amount(t, forms) for t in squeezed]
            for group in ((s, "all"), ("all", "all"), ("all", part_of(s, stem)), (s, part_of(s, stem))):
                r = res.setdefault(f"{group[0]}|{group[1]}|{f}", [0] * (len(texts) + 2))
                r[-1] += 1
                for i, h in enumerate(hit):
                    r[i] += h
                r[-2] += any(hit)
    print("group|part|field: " + " ".join(os.path.basename(t.rstrip('/')) for t in a.text) + " union labelled")
    for k in sorted(res):
        print(k, res[k])


def main():
    argv = sys.argv[1:]
    reader_args = []
    if "--" in argv:
        i = argv.index("--")
        argv, reader_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("read")
    r.add_argument("corpus")
    r.add_argument("raw")
    r.add_argument("--part", default="all", choices=["all", "tuning", "check"])
    r.add_argument("--limit", type=int, default=0)
    r.add_argument("--python")
    r.add_argument("--min-long-side", type=int, default=0, help="only images whose long side exceeds this")
    r.add_argument("--per-set", type=int, default=0, help="at most this many images of each set")
    t = sub.add_parser("text")
    t.add_argument("raw")
    t.add_argument("out")
    t.add_argument("--overlap", type=float)
    t.add_argument("--space-unit", type=float)
    t.add_argument("--max-spaces", type=int)
    t.add_argument("--no-deskew", action="store_true")
    t.add_argument("--tsv", action="store_true")
    t.add_argument("--fallback", help="another RAW folder for the images RAW lacks (variants read on a subset)")
    s = sub.add_parser("score")
    s.add_argument("corpus")
    s.add_argument("text")
    s.add_argument("--receipts", default=os.path.join(os.path.dirname(HERE), ".build", "release", "receipts"))
    s.add_argument("--json", action="store_true")
    s.add_argument("--from-output", help="score a saved `receipts eval --dump --misses --json` output instead")
    c = sub.add_parser("ceiling")
    c.add_argument("corpus")
    c.add_argument("text", nargs="+")
    a = p.parse_args(argv)
    if a.cmd == "read":
        cmd_read(a, reader_args)
    elif a.cmd == "text":
        cmd_text(a)
    elif a.cmd == "score":
        cmd_score(a)
    else:
        cmd_ceiling(a)


if __name__ == "__main__":
    main()
