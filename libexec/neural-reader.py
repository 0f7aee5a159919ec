#!/usr/bin/env python3
"""Neural receipt reader: RapidOCR (PP-OCR det/cls/rec ONNX models) as a long-lived process.

Runs from the virtual environment that `scripts/install-deps.sh --neural` builds in
`.build/ocr-venv`:

    .build/ocr-venv/bin/python libexec/neural-reader.py [--threads N] [--det-limit N] ...

Protocol (UTF-8 JSON Lines; stdout carries nothing else, logs go to stderr):
  - once the models are loaded:  {"ready": true, "reader": "rapidocr", "versions": {...}, "settings": {...},
                                  "startup_cpu_seconds": 2.1}
  - request, one a line:         {"id": "...", "path": "/abs/image.jpg", "crop": [x, y, w, h], "cls": false}
    (crop optional; "cls" turns the page orientation check off or on for this request: the
    direction classifier's vote over the widest boxes, and the page read again turned 180 degrees
    when they say it is upside down)
  - answer, one a line:          {"id": "...", "ok": true, "width": W, "height": H, "turned": 0, "seconds": 1.23, "cpu_seconds": 1.2,
                                  "cpu": {"detect": 0.5, "classify": 0.02, "recognise": 0.6, "other": 0.08},
                                  "lines": [{"text": "...", "confidence": 0.97, "box": [x, y, w, h]}],
                                  "words": [{"text": "...", "confidence": 0.99, "box": [x, y, w, h],
                                             "quad": [[x, y] x4], "line": 0}]}
    `words` are the detected text boxes as the recogniser read them (a box may hold several
    words: "SUB TOTAL:"), `line` is the index of the line it was joined into. Boxes are in
    pixels of the whole image after EXIF orientation (and after turning it 180 degrees when
    `turned` is 180), also when a crop was asked for; `width`/`height` are that image's size.
  - an error:                    {"id": "...", "ok": false, "code": "image.missing", "message": "..."}
    and the process goes on with the next request. Codes: request.invalid, image.missing,
    image.unreadable, crop.invalid, ocr.failed.
  - end of input (or {"quit": true}) ends the process with status 0.

Threads: --threads or NEURAL_READER_THREADS (ONNX Runtime intra-op threads, and OpenCV's),
default 1. Models: the ones bundled in the rapidocr wheel inside the venv (never downloaded);
--models DIR or NEURAL_READER_MODELS points elsewhere.

The line joining (`join_lines`) is importable and pure, so it can be re-run on saved `words`.
"""
import argparse
import bisect
import json
import math
import os
import sys
import time

DET_MODEL = "PP-OCRv6_det_small.onnx"
REC_MODEL = "PP-OCRv6_rec_small.onnx"
CLS_MODEL = "ch_ppocr_mobile_v2.0_cls_mobile.onnx"
# The page's orientation is voted by this many of its widest boxes, each counted when the
# classifier is at least this sure that it is upside down.
PAGE_VOTE_BOXES = 12
PAGE_VOTE_SCORE = 0.9

# Line joining defaults (tuned on the TUNING part of the labelled corpus, see docs/NEURAL-READER.md).
JOIN_DEFAULTS = {
    "overlap": 0.4,      # vertical overlap / smaller box height needed to share a line
    "space_unit": 1.0,   # one space per this many character widths of horizontal gap
    "max_spaces": 40,    # cap on the spaces between two boxes
    "deskew": True,      # measure the page's text slope and join along it
}


# ---------------------------------------------------------------- line joining (pure)

def _quad_angle(quad):
    """Slope angle (radians) of a detected box's long edges, or None for short boxes."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    top = (x1 - x0, y1 - y0)
    bottom = (x2 - x3, y2 - y3)
    width = (math.hypot(*top) + math.hypot(*bottom)) / 2
    height = (math.hypot(x3 - x0, y3 - y0) + math.hypot(x2 - x1, y2 - y1)) / 2
    if width < 2.5 * max(height, 1) or top[0] <= 0 or bottom[0] <= 0:
        return None
    return (math.atan2(top[1], top[0]) + math.atan2(bottom[1], bottom[0])) / 2


def page_angle(box_angles):
    """Median text slope of the page (radians, positive when lines fall to the right), from its
    boxes' own slopes (`_quad_angle`, None for short boxes)."""
    angles = sorted(a for a in box_angles if a is not None)
    if not angles:
        return 0.0
    return angles[len(angles) // 2]


# A box's local slope is the median own slope of the boxes whose centres lie within this many
# line heights above or below it, when there are at least LOCAL_SLOPE_BOXES of them.
LOCAL_SLOPE_REACH = 6
LOCAL_SLOPE_BOXES = 5


def join_lines(words, overlap=None, space_unit=None, max_spaces=None, deskew=None):
    """Groups detected boxes into visual lines.

    words: [{"text", "confidence", "quad": [[x, y] x4]}]. Returns (lines, line_of_word) where
    lines are {"text", "confidence", "box": [x, y, w, h]} top to bottom and line_of_word[i] is
    the line index of words[i]. Boxes are measured in a frame turned by the page's median text
    slope (deskew); two boxes share a line when their vertical extents overlap by at least
    `overlap` of the smaller height, the line's nearest box moved along the slope around it
    (its neighbours' median slope less the page's: perspective makes it vary down the page);
    a line's boxes go left to right, separated by one space per `space_unit` average character
    widths of gap (at least one), so columns stay apart.
    """
    overlap = JOIN_DEFAULTS["overlap"] if overlap is None else overlap
    space_unit = JOIN_DEFAULTS["space_unit"] if space_unit is None else space_unit
    max_spaces = JOIN_DEFAULTS["max_spaces"] if max_spaces is None else max_spaces
    deskew = JOIN_DEFAULTS["deskew"] if deskew is None else deskew
    if not words:
        return [], []
    own_angles = [_quad_angle(w["quad"]) for w in words] if deskew else [None] * len(words)
    angle = page_angle(own_angles) if deskew else 0.0
    cos, sin = math.cos(-angle), math.sin(-angle)

    items = []
    for i, w in enumerate(words):
        pts = [(x * cos - y * sin, x * sin + y * cos) for x, y in w["quad"]]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        own = own_angles[i]
        items.append({"i": i, "x0": min(xs), "x1": max(xs), "y0": min(ys), "y1": max(ys),
                      "text": w["text"], "conf": float(w.get("confidence", 0.0)),
                      # The box's own slope against the page's: a photo taken at an angle
                      # (perspective) slopes its lines more at one end of the page than the other.
                      "tilt": None if own is None else math.tan(own - angle)})

    # The slope around each box: the median of its vertical neighbours' own slopes, so that it
    # changes smoothly down a page photographed at an angle and no single box decides it.
    heights = sorted(it["y1"] - it["y0"] for it in items)
    reach = LOCAL_SLOPE_REACH * heights[len(heights) // 2]
    sloped = sorted(((o["y0"] + o["y1"]) / 2, o["tilt"]) for o in items if o["tilt"] is not None)
    centres = [c for c, _ in sloped]
    for it in items:
        cy = (it["y0"] + it["y1"]) / 2
        around = sorted(t for _, t in sloped[bisect.bisect_left(centres, cy - reach):bisect.bisect_right(centres, cy + reach)])
        it["local"] = around[len(around) // 2] if len(around) >= LOCAL_SLOPE_BOXES else 0.0

    # Character width: median over boxes of width per character (for the spacing).
    per_char = sorted((it["x1"] - it["x0"]) / max(len(it["text"]), 1) for it in items if it["text"].strip())
    char_w = per_char[len(per_char) // 2] if per_char else 10.0
    char_w = max(char_w, 1.0)

    # Greedy grouping, tallest-confidence-independent: boxes in order of their centre.
    order = sorted(items, key=lambda it: ((it["y0"] + it["y1"]) / 2, it["x0"]))
    lines = []  # each: {"members": [...], "y0", "y1"} with y0/y1 the median extents
    for it in order:
        h = it["y1"] - it["y0"]
        best, best_score = None, 0.0
        for ln in lines:
            # Overlap with the line's member nearest in x (follows gentle curvature).
            near = min(ln["members"], key=lambda m: max(0.0, max(m["x0"], it["x0"]) - min(m["x1"], it["x1"])))
            if any(not (m["x1"] <= it["x0"] + 0.25 * char_w or m["x0"] >= it["x1"] - 0.25 * char_w) for m in ln["members"]):
                continue  # a box on top of a box of this line (two text rows): not the same line
            # Follow the slope around the nearest box from there to this one: an amount far right
            # of its label on a page photographed at an angle sits lower or higher than the page's
            # median slope says (on the tuning part: 2 of 104 readings better, 1 changed in a logo).
            shift = near["local"] * (((it["x0"] + it["x1"]) - (near["x0"] + near["x1"])) / 2)
            inter = min(near["y1"] + shift, it["y1"]) - max(near["y0"] + shift, it["y0"])
            denom = max(min(h, near["y1"] - near["y0"]), 1e-6)
            score = inter / denom
            if score >= overlap and score > best_score:
                best, best_score = ln, score
        if best is None:
            lines.append({"members": [it]})
        else:
            best["members"].append(it)

    def centre(ln):
        ys = sorted((m["y0"] + m["y1"]) / 2 for m in ln["members"])
        return ys[len(ys) // 2]

    lines.sort(key=centre)
    out, line_of_word = [], [0] * len(words)
    for li, ln in enumerate(lines):
        members = sorted(ln["members"], key=lambda m: m["x0"])
        text = ""
        prev = None
        for m in members:
            piece = m["text"].strip()
            if prev is not None:
                gap = m["x0"] - prev["x1"]
                spaces = 1 if gap <= 0 else max(1, min(max_spaces, int(round(gap / (char_w * space_unit)))))
                text += " " * spaces
            text += piece
            prev = m
            line_of_word[m["i"]] = li
        # Line box: axis-aligned hull of its words' quads in image coordinates.
        xs = [p[0] for m in members for p in words[m["i"]]["quad"]]
        ys = [p[1] for m in members for p in words[m["i"]]["quad"]]
        total = sum(max(len(m["text"]), 1) for m in members)
        conf = sum(m["conf"] * max(len(m["text"]), 1) for m in members) / total
        out.append({"text": text, "confidence": round(conf, 4),
                    "box": [round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))]})
    return out, line_of_word


# ---------------------------------------------------------------- reader process

class ReaderError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def load_image(path, crop, max_side=0, min_width=0):
    """The image as BGR pixels (EXIF orientation applied), cropped when asked, and scaled down
    so its long side is at most max_side (0: never), as RapidOCR would do anyway: JPEGs are
    decoded at reduced size, which keeps a 5000x7000 scan from costing 300 MB. A page narrower
    than min_width (a photo shared in a chat or on the web) is enlarged to it (Lanczos): the
    recogniser gets each line's crop from these pixels, and a few-pixel glyph enlarged by its
    own linear resize to 48 px loses the digits of totals.
    Returns (bgr, width, height, ox, oy, scale): boxes map back as x / scale + ox."""
    import numpy as np
    from PIL import Image, ImageOps
    if not isinstance(path, str) or not path:
        raise ReaderError("request.invalid", "the request needs a \"path\" string")
    if not os.path.isfile(path):
        raise ReaderError("image.missing", f"no image file at {path}")
    try:
        with Image.open(path) as im:
            full = im.size
            if max_side and crop is None and max(full) > max_side:
                im.draft("RGB", (full[0] * max_side // max(full), full[1] * max_side // max(full)))
                decoded = im.size
            else:
                decoded = full
            im = ImageOps.exif_transpose(im)
            im = im.convert("RGB")
            if im.size != decoded and (im.size[1], im.size[0]) == decoded:
                full = (full[1], full[0])  # turned by its EXIF orientation
            if max_side and crop is None and max(im.size) > max_side:
                r = max_side / max(im.size)
                im = im.resize((max(1, round(im.size[0] * r)), max(1, round(im.size[1] * r))), Image.BILINEAR)
            if min_width and crop is None and im.size[0] < min_width:
                r = min_width / im.size[0]
                if max_side:
                    r = min(r, max_side / max(im.size))
                if r > 1:
                    im = im.resize((max(1, round(im.size[0] * r)), max(1, round(im.size[1] * r))), Image.LANCZOS)
            scale = im.size[0] / full[0]
            rgb = np.asarray(im)
    except Exception as e:  # PIL raises many kinds
        raise ReaderError("image.unreadable", f"cannot decode {path}: {e}")
    if crop is None:
        width, height = full
    else:
        height, width = rgb.shape[:2]
        scale = 1.0
    ox = oy = 0
    if crop is not None:
        if (not isinstance(crop, list) or len(crop) != 4
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in crop)):
            raise ReaderError("crop.invalid", "\"crop\" must be [x, y, w, h] in pixels")
        x, y, w, h = (int(round(v)) for v in crop)
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(width, x + w), min(height, y + h)
        if w <= 0 or h <= 0 or x1 - x0 < 8 or y1 - y0 < 8:
            raise ReaderError("crop.invalid", f"crop {crop} leaves no image inside {width}x{height}")
        rgb = rgb[y0:y1, x0:x1]
        ox, oy = x0, y0
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    return bgr, width, height, ox, oy, scale


class Reader:
    def __init__(self, args):
        import cv2
        import onnxruntime
        import rapidocr
        from rapidocr import RapidOCR
        cv2.setNumThreads(args.threads)
        models = args.models or os.path.join(os.path.dirname(rapidocr.__file__), "models")
        paths = {name: os.path.join(models, f) for name, f in (("det", DET_MODEL), ("rec", REC_MODEL), ("cls", CLS_MODEL))}
        for name, p in paths.items():
            if not os.path.isfile(p):
                raise ReaderError("models.missing", f"{name} model not found at {p}: run scripts/install-deps.sh --neural")
        params = {
            "Global.log_level": "warning",
            "Global.text_score": args.text_score,
            "Global.max_side_len": args.max_side,
            "Global.use_cls": not args.no_cls,
            "EngineConfig.onnxruntime.intra_op_num_threads": args.threads,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
            "Det.model_path": paths["det"],
            "Det.limit_side_len": args.det_limit,
            "Det.limit_type": args.det_limit_type,
            "Det.thresh": args.det_thresh,
            "Det.box_thresh": args.box_thresh,
            "Det.unclip_ratio": args.unclip,
            "Rec.model_path": paths["rec"],
            # Recognition costs in proportion to the width a line is padded to: the widest line
            # of its batch, and at least `rec_min_width` pixels (at height 48).
            "Rec.rec_img_shape": [3, 48, args.rec_min_width],
            "Rec.rec_batch_num": args.rec_batch,
            "Cls.model_path": paths["cls"],
        }
        self.engine = RapidOCR(params=params)
        self.max_side = args.max_side
        self.min_width = args.min_width
        self.cls = not args.no_cls
        self.join = {"overlap": args.overlap, "space_unit": args.space_unit, "max_spaces": args.max_spaces,
                     "deskew": not args.no_deskew}
        self.settings = {"threads": args.threads, "det_limit": args.det_limit, "det_limit_type": args.det_limit_type,
                         "det_thresh": args.det_thresh, "box_thresh": args.box_thresh, "unclip": args.unclip,
                         "text_score": args.text_score, "max_side": args.max_side, "min_width": args.min_width, "cls": not args.no_cls,
                         "rec_min_width": args.rec_min_width, "rec_batch": args.rec_batch,
                         **self.join, "models": models}
        self.versions = {"rapidocr": getattr(rapidocr, "__version__", None) or _dist_version("rapidocr"),
                         "onnxruntime": onnxruntime.__version__, "opencv": cv2.__version__,
                         "python": sys.version.split()[0]}
        # Warm up: the first run pays for graph optimisation and allocations.
        import numpy as np
        warm = np.full((256, 256, 3), 255, dtype=np.uint8)
        cv2.putText(warm, "TOTAL 1.00", (8, 128), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (0, 0, 0), 2)
        self.engine(warm)
        # CPU seconds of each model in the current request (see `CPUTimed`), for `"cpu"` in the answer.
        self.cpu = {}
        self.engine.text_det = CPUTimed(self.engine.text_det, "detect", self.cpu)
        self.engine.text_rec = CPUTimed(self.engine.text_rec, "recognise", self.cpu)
        if self.engine.text_cls is not None:
            self.engine.text_cls = CPUTimed(self.engine.text_cls, "classify", self.cpu)

    def upside_down(self, img, boxes):
        """Whether the whole page is upside down, by the direction classifier's vote over its widest
        boxes (their widths weigh). Asked box by box, as rapidocr does, the classifier turns some
        short boxes of an upright page ("45.90" read as "065h"); on the tuning part turning no
        box read one more date and items F1 0.831 -> 0.840, so the page turns as a whole or not."""
        import numpy as np
        if boxes is None or len(boxes) == 0:
            return False
        widths = [float(np.linalg.norm(np.asarray(q[1]) - np.asarray(q[0]))) for q in boxes]
        widest = sorted(range(len(boxes)), key=lambda i: -widths[i])[:PAGE_VOTE_BOXES]
        crops = self.engine.crop_text_regions(img, [np.asarray(boxes[i], dtype=np.float32) for i in widest])
        votes = self.engine._load_cls_model()(crops).cls_res
        turned = sum(widths[i] for i, (label, score) in zip(widest, votes) if "180" in label and score >= PAGE_VOTE_SCORE)
        return turned > 0.5 * sum(widths[i] for i in widest)

    def read(self, req):
        import numpy as np
        start, cpu_start = time.monotonic(), time.process_time()
        self.cpu.clear()
        img, width, height, ox, oy, scale = load_image(req.get("path"), req.get("crop"), self.max_side, self.min_width)
        cls = req.get("cls", self.cls)
        if not isinstance(cls, bool):
            raise ReaderError("request.invalid", "\"cls\" must be true or false")
        try:
            # Boxes are never turned one by one (see `upside_down`): passed every time, rapidocr keeps it.
            res = self.engine(img, use_cls=False)
            turned = cls and self.upside_down(img, res.boxes)
            if turned:
                # The page is read again turned, so that lines run top to bottom and left to right;
                # its boxes are given in the turned page (same width and height as the image).
                img = np.ascontiguousarray(img[::-1, ::-1])
                res = self.engine(img, use_cls=False)
                ox, oy = width - ox - img.shape[1] / scale, height - oy - img.shape[0] / scale
        except Exception as e:
            raise ReaderError("ocr.failed", f"{type(e).__name__}: {e}")
        words = []
        boxes = res.boxes if getattr(res, "boxes", None) is not None else []
        txts = res.txts or ()
        scores = res.scores or ()
        for quad, text, score in zip(boxes, txts, scores):
            if not text or not text.strip():
                continue
            q = [[float(x) / scale + ox, float(y) / scale + oy] for x, y in quad]
            words.append({"text": text, "confidence": round(float(score), 4), "quad": [[round(x, 1), round(y, 1)] for x, y in q]})
        lines, line_of = join_lines(words, **self.join)
        for w, li in zip(words, line_of):
            xs = [p[0] for p in w["quad"]]
            ys = [p[1] for p in w["quad"]]
            w["box"] = [round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))]
            w["line"] = li
        cpu_seconds = time.process_time() - cpu_start
        cpu = {part: round(seconds, 4) for part, seconds in self.cpu.items()}
        cpu["other"] = round(max(0.0, cpu_seconds - sum(self.cpu.values())), 4)
        return {"id": req.get("id"), "ok": True, "width": width, "height": height, "turned": 180 if turned else 0,
                "seconds": round(time.monotonic() - start, 3),
                "cpu_seconds": round(cpu_seconds, 3), "cpu": cpu, "lines": lines, "words": words}


class CPUTimed:
    """A rapidocr model (detector, classifier, recogniser) whose calls add their CPU seconds
    (this process's, so one thread's work and its OpenMP helpers alike) to `totals[part]`;
    everything else is the model's own. The answer's `"cpu"` gives each part and "other"
    (decoding, resizing, cropping, line joining), so a profile can tell the models apart."""

    def __init__(self, model, part, totals):
        self._model, self._part, self._totals = model, part, totals

    def __call__(self, *args, **kwargs):
        start = time.process_time()
        try:
            return self._model(*args, **kwargs)
        finally:
            self._totals[self._part] = self._totals.get(self._part, 0.0) + time.process_time() - start

    def __getattr__(self, name):
        return getattr(self._model, name)


def _dist_version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return None


def parse_args(argv):
    env_threads = os.environ.get("NEURAL_READER_THREADS")
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--threads", type=int, default=int(env_threads) if env_threads else 1,
                   help="ONNX Runtime intra-op threads (env NEURAL_READER_THREADS; default 1)")
    p.add_argument("--models", default=os.environ.get("NEURAL_READER_MODELS"),
                   help="folder with the .onnx models (default: those bundled in the rapidocr package)")
    p.add_argument("--det-limit", type=int, default=736, help="detector resize limit (pixels)")
    p.add_argument("--det-limit-type", choices=["min", "max"], default="min",
                   help="min: scale up so the short side is at least --det-limit; max: scale down the long side to it")
    p.add_argument("--det-thresh", type=float, default=0.3, help="detector pixel threshold")
    p.add_argument("--box-thresh", type=float, default=0.5, help="detector box score threshold")
    p.add_argument("--unclip", type=float, default=1.6, help="detector box expansion ratio")
    p.add_argument("--text-score", type=float, default=0.5, help="drop recognised boxes below this score")
    p.add_argument("--max-side", type=int, default=2000, help="images are first scaled down to this long side")
    env_min_width = os.environ.get("NEURAL_READER_MIN_WIDTH")
    p.add_argument("--min-width", type=int, default=int(env_min_width) if env_min_width else 0,
                   help="narrower pages are first enlarged to this width (env NEURAL_READER_MIN_WIDTH; 0: never)")
    p.add_argument("--no-cls", action="store_true", help="skip the page orientation check (the direction classifier's vote over the widest boxes)")
    p.add_argument("--rec-min-width", type=int, default=96,
                   help="recogniser input width every line is padded to at least (pixels at height 48)")
    p.add_argument("--rec-batch", type=int, default=1, help="lines per recogniser run (each padded to the widest)")
    p.add_argument("--overlap", type=float, default=JOIN_DEFAULTS["overlap"])
    p.add_argument("--space-unit", type=float, default=JOIN_DEFAULTS["space_unit"])
    p.add_argument("--max-spaces", type=int, default=JOIN_DEFAULTS["max_spaces"])
    p.add_argument("--no-deskew", action="store_true")
    args = p.parse_args(argv)
    if args.threads < 1:
        p.error("--threads must be at least 1")
    return args


# ONNX Runtime's activations (tens of MB a run) are above glibc's mmap threshold, so every run
# mapped them afresh and page-faulted through them: about a tenth of the process's time. Kept in
# the heap instead: -11 % per US photo, -25 % on a mix with large scans, the same peak RSS (docs/NEURAL-READER.md).
# (ONNX Runtime's own arena, which rapidocr turns off, was as fast but grew to 1.5 GB over the corpus.)
# glibc reads these only at start-up: the process starts itself again with them.
MALLOC_TUNING = {"MALLOC_MMAP_THRESHOLD_": str(1 << 30), "MALLOC_TRIM_THRESHOLD_": str(1 << 30)}


def main(argv=None):
    if argv is None and any(os.environ.get(k) != v for k, v in MALLOC_TUNING.items()):
        os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **MALLOC_TUNING})
    args = parse_args(argv)
    # Keep stdout for the protocol alone: whatever a library prints (Python or C) goes to stderr.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))

    def send(obj):
        out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()

    try:
        reader = Reader(args)
    except ReaderError as e:
        send({"ready": False, "ok": False, "code": e.code, "message": e.message})
        return 1
    except Exception as e:
        send({"ready": False, "ok": False, "code": "models.unloadable", "message": f"{type(e).__name__}: {e}"})
        return 1
    # CPU seconds from the start (the re-exec included: exec keeps the process's times) to ready:
    # imports, model loading and the warm-up run, paid once per process.
    startup = os.times()
    send({"ready": True, "reader": "rapidocr", "versions": reader.versions, "settings": reader.settings,
          "startup_cpu_seconds": round(startup.user + startup.system, 3)})

    for raw in sys.stdin:
        raw = raw.strip()
        if not raw:
            continue
        rid = None
        try:
            req = json.loads(raw)
            if not isinstance(req, dict):
                raise ReaderError("request.invalid", "a request is a JSON object")
            rid = req.get("id")
            if req.get("quit"):
                break
            send(reader.read(req))
        except json.JSONDecodeError as e:
            send({"id": rid, "ok": False, "code": "request.invalid", "message": f"not JSON: {e}"})
        except ReaderError as e:
            send({"id": rid, "ok": False, "code": e.code, "message": e.message})
        except Exception as e:  # keep serving
            print(f"neural-reader: {type(e).__name__}: {e}", file=sys.stderr)
            send({"id": rid, "ok": False, "code": "ocr.failed", "message": f"{type(e).__name__}: {e}"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
