"""Schemathesis hooks for scripts/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).

- filter_body keeps out of generated bodies the numbers the server cannot keep exactly.
- before_call gives the requests meant to be valid the state a real client would have.
- after_call writes the server's refusals of those requests to FUZZ_TRACE, when set.
"""

import hashlib
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request

import schemathesis

# The server reads JSON numbers as exact decimals (Foundation's Decimal: about 38 digits, exponents
# from -128 to 127) and refuses with 400 a number it cannot keep exactly rather than round it to zero
# or infinity (RFC 8259, section 9, lets a reader limit the range of numbers). JSON Schema cannot
# say that of the free-form members the cart document keeps, so bodies holding such numbers are not
# generated; tests in ReceiptModelTests check the refusal itself.
LARGEST = 1e120
SMALLEST = 1e-90


def keepable(value):
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return True
    if isinstance(value, (int, float)):
        magnitude = abs(value)
        return magnitude == 0 or SMALLEST <= magnitude < LARGEST
    if isinstance(value, list):
        return all(keepable(item) for item in value)
    if isinstance(value, dict):
        return all(keepable(item) for item in value.values())
    return True


@schemathesis.hook
def filter_body(context, body):
    return keepable(body)


# The state no schema can state. A request the document calls valid may still be refused for what
# the server holds: a stale If-Match (412), an Idempotency-Key already used for another request
# (422), bytes that are no image (415, 422). Schemathesis counts those refusals against the document
# ("Schema validation mismatch") and they keep it from the code behind them, so in the requests it
# means to be valid the hook below supplies what a real client would have: the resource's current
# ETag (in the generated header's own form: weak or not, padded or not), a key of its own for each
# distinct request, and a real image as an upload. Requests meant to be invalid keep what
# was generated.
BASE = os.environ.get("FUZZ_BASE", "")
TOKEN = os.environ.get("FUZZ_TOKEN", "")


def ascii_bmp(side=100, gray=0x60):
    """A side x side 24-bit BMP whose every byte is below 0x80, as text.

    The document describes an image body as a string, and schemathesis re-checks a body a hook
    changed against it (bytes are no string: the request would count as invalid) and sends a string
    as UTF-8: only an image made of ASCII bytes passes through both unchanged.
    """
    pixels = bytes([gray]) * (side * side * 3)  # rows of side * 3 bytes: a multiple of 4 for side 100
    header = b"BM" + (54 + len(pixels)).to_bytes(4, "little") + bytes(4) + (54).to_bytes(4, "little")
    info = (40).to_bytes(4, "little") + side.to_bytes(4, "little") + side.to_bytes(4, "little")
    info += (1).to_bytes(2, "little") + (24).to_bytes(2, "little") + bytes(4) + len(pixels).to_bytes(4, "little")
    info += (2835).to_bytes(4, "little") * 2 + bytes(8)
    image = header + info + pixels
    assert max(image) < 0x80
    return image.decode("ascii")


IMAGE = ascii_bmp()
REVISION = re.compile(r'"[0-9]+"')


def positive(case):
    return case.meta is not None and case.meta.generation.mode.value == "positive"


def current_etag(path):
    """The ETag of the nearest resource at or above `path` that a GET answers with one."""
    segments = path.split("/")
    while len(segments) > 4:  # stop above /api/v1/{collection}
        request = urllib.request.Request(BASE + "/".join(segments), headers={"Authorization": f"Bearer {TOKEN}"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                etag = response.headers.get("ETag")
                if etag:
                    return etag
        except (urllib.error.URLError, OSError):
            pass
        segments.pop()
    return None


def as_bytes(body):
    if isinstance(body, (bytes, bytearray)):
        return bytes(body)
    if isinstance(body, str):
        return body.encode(errors="surrogatepass")
    # In the members' order, as the body is sent: the server compares the bytes.
    return json.dumps(body, default=repr).encode(errors="surrogatepass")


def request_digest(case):
    return hashlib.sha256(case.method.encode() + case.formatted_path.encode() + as_bytes(case.body)).hexdigest()[:16]


def is_upload(case):
    return case.media_type is not None and case.media_type.startswith(("image/", "application/octet-stream"))


@schemathesis.hook
def before_call(context, case, **kwargs):
    if not positive(case):
        return
    if is_upload(case) and isinstance(case.body, str):
        # Every one: schemathesis judges each batch of about 20 requests alone, and a batch whose
        # valid requests all drew random bytes would count as a mismatch. Bytes that are no image
        # still reach the server in the requests meant to be invalid (and in ReceiptServerTests).
        case.body = IMAGE
    headers = case.headers or {}
    if_match = headers.get("If-Match")
    if if_match and REVISION.search(if_match):
        etag = current_etag(urllib.parse.quote(case.formatted_path, safe="/"))
        if etag:
            headers["If-Match"] = REVISION.sub(etag.removeprefix("W/"), if_match, count=1)
    key = headers.get("Idempotency-Key")
    if key:
        # The same request keeps its key (a replay, answered as the first time); another gets its own.
        headers["Idempotency-Key"] = key[: 255 - 17] + "." + request_digest(case)


# FUZZ_TRACE (a file): the answer to each request the document calls valid as a JSON line: phase,
# operation, status, the problem's code, the request. Shows what lies behind schemathesis's "Schema
# validation mismatch" warning (an operation whose valid requests a phase saw all refused).
TRACE = os.environ.get("FUZZ_TRACE")


def shortened(value):
    if isinstance(value, (bytes, bytearray)):
        return f"<{len(value)} bytes>"
    text = json.dumps(value, default=repr)
    return value if len(text) <= 1000 else text[:1000] + "…"


@schemathesis.hook
def after_call(context, case, response):
    if not TRACE or not positive(case):
        return
    code = None
    if response.status_code >= 400:
        try:
            code = response.json().get("code")
        except (ValueError, AttributeError):
            pass
    line = {
        "phase": case.meta.phase.name.value,
        "operation": f"{case.method} {case.path}",
        "status": response.status_code,
        "code": code,
        "headers": {name: value for name, value in (case.headers or {}).items() if name != "Authorization"},
        "query": case.query,
        "body": shortened(case.body),
    }
    with open(TRACE, "a") as trace:
        trace.write(json.dumps(line, default=repr) + "\n")
