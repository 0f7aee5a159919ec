#!/usr/bin/env python3
"""A loopback stand-in for the Chomp food API (v2), for tests only.

Serves name.php, barcode.php and search.php under /api/v2/food/branded/ from
Chomp-shaped JSON fixture files, the Recipe API's search.php (title=) and id.php
(id=) under /api/v2/recipe/ from --recipes files (the recipe shape docs/API.md
documents; the Recipe API's real shape is not published), and misbehaves on demand. It listens on
127.0.0.1 only, on the given port (0 = any free one), and prints
"PORT <n>" on its first stdout line.

A path may start with /<session>/<mode>/ before /api/v2 to pick a behaviour;
counters are per session+mode, so tests running at once do not disturb each
other. Modes:
  ok              normal behaviour (the default without a prefix)
  401 400 403 500 that status with a Chomp-style {"error": ...} body, always
  404             404 "No food items were found"
  429x<N>         429 (Retry-After: 1) for the first N requests, then ok
  500x<N>         500 for the first N requests, then ok
  slow<ms>        sleep <ms> before answering
  truncated       200 with the first half of the JSON body (Content-Length matches)
  cut             200 announcing the full Content-Length but closing halfway
  malformed       200 with a body that is not JSON
  html            200 with an HTML page
  huge<MB>        200 with a valid JSON body of about <MB> megabytes
  echo            200 with {"path", "query", "headers"} of the request (also any mode
                  with the path /<session>/<mode>/echo, e.g. slow300 then echo)
The key "bad" (api_key=bad) always gets 401; a missing api_key gets 401 too.
GET /_stats/<session> returns {"requests": n, "ports": [client ports]}.
"""
import argparse
import gzip
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
COUNTS = {}
STATS = {}
ITEMS = []
RECIPES = []


def load(paths):
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        items = data.get("items", data) if isinstance(data, dict) else data
        ITEMS.extend(item for item in items if isinstance(item, dict))


def text_of(item):
    parts = [item.get("name"), item.get("brand")]
    parts += item.get("keywords") or []
    parts += item.get("categories") or []
    return " ".join(str(p) for p in parts if p).lower()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-chomp/1"

    def log_message(self, *args):  # quiet: tests read stdout for the port only
        pass

    def send(self, status, body, content_type="application/json", headers=None, length=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        if "gzip" in (self.headers.get("Accept-Encoding") or "") and len(body) > 64 and length is None:
            body = gzip.compress(body)
            headers = dict(headers or {}, **{"Content-Encoding": "gzip"})
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length if length is not None else len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def error_body(self, status, text):
        return {"error": f"{status} {text}"}

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        parts = [p for p in url.path.split("/") if p]
        if len(parts) >= 2 and parts[0] == "_stats":
            with LOCK:
                stats = STATS.get(parts[1], {"requests": 0, "ports": []})
            return self.send(200, stats)
        session, mode = "default", "ok"
        if len(parts) >= 2 and parts[0] != "api":
            session, mode = parts[0], parts[1]
            parts = parts[2:]
        key = session + "/" + mode
        with LOCK:
            COUNTS[key] = COUNTS.get(key, 0) + 1
            count = COUNTS[key]
            stats = STATS.setdefault(session, {"requests": 0, "ports": []})
            stats["requests"] += 1
            stats["ports"].append(self.client_address[1])

        if mode == "echo":
            return self.send(200, {"path": url.path, "query": url.query,
                                   "headers": {k: v for k, v in self.headers.items()}})
        match = re.fullmatch(r"(429|500)x(\d+)", mode)
        if match:
            status, times = int(match.group(1)), int(match.group(2))
            if count <= times:
                headers = {"Retry-After": "1"} if status == 429 else {}
                return self.send(status, self.error_body(status, "Too Many Requests" if status == 429 else "Internal Server Error"), headers=headers)
        elif mode in ("400", "401", "403", "500"):
            status = int(mode)
            text = {"400": "Bad Request: invalid parameter 'limit'",
                    "401": "Unauthorized: Invalid API key or usage limits exceeded. Please try again in a minute or contact us.",
                    "403": "Forbidden", "500": "Internal Server Error"}[mode]
            return self.send(status, self.error_body(status, text))
        elif mode == "404":
            return self.send(404, self.error_body(404, "No food items were found"))
        elif mode.startswith("slow"):
            time.sleep(int(mode[4:] or "2000") / 1000)
        elif mode == "malformed":
            return self.send(200, "{items: [oops", length=None)
        elif mode == "html":
            return self.send(200, "<html><body>Maintenance</body></html>", content_type="text/html")
        elif mode.startswith("huge"):
            megabytes = int(mode[4:] or "20")
            filler = "x" * 1000
            items = [{"name": f"Item {i}", "description": filler} for i in range(megabytes * 1000)]
            return self.send(200, {"items": items})

        if parts == ["echo"]:
            return self.send(200, {"path": url.path, "query": url.query,
                                   "headers": {k: v for k, v in self.headers.items()}})
        api_key = (query.get("api_key") or [""])[0]
        if api_key in ("", "bad"):
            return self.send(401, self.error_body(401, "Unauthorized: Invalid API key or usage limits exceeded."))

        endpoint = "/".join(parts)
        if endpoint.endswith("recipe/search.php") or endpoint.endswith("recipe/id.php"):
            return self.recipes(endpoint, query)
        if endpoint.endswith("food/branded/name.php"):
            name = (query.get("name") or [""])[0].lower()
            if not name:
                return self.send(400, self.error_body(400, "Bad Request: missing parameter 'name'"))
            words = name.split()
            found = [i for i in ITEMS if all(w in text_of(i) for w in words)]
        elif endpoint.endswith("food/branded/barcode.php"):
            code = (query.get("code") or [""])[0]
            if not code:
                return self.send(400, self.error_body(400, "Bad Request: missing parameter 'code'"))
            found = [i for i in ITEMS if i.get("barcode") == code]
        elif endpoint.endswith("food/branded/search.php"):
            filters = {k: v[0].lower() for k, v in query.items() if k in ("brand", "category", "keyword", "ingredient")}
            if not filters:
                return self.send(400, self.error_body(400, "Bad Request: at least one filter parameter is required"))
            def ok(item):
                for name, value in filters.items():
                    if name == "brand" and value not in str(item.get("brand") or "").lower():
                        return False
                    if name == "category" and not any(value in c.lower() for c in item.get("categories") or []):
                        return False
                    if name == "keyword" and not any(value in k.lower() for k in item.get("keywords") or []):
                        return False
                    if name == "ingredient" and value not in str(item.get("ingredients") or "").lower():
                        return False
                return True
            found = [i for i in ITEMS if ok(i)]
        else:
            return self.send(404, self.error_body(404, "Not Found"))

        try:
            limit = int((query.get("limit") or ["10"])[0])
            page = int((query.get("page") or ["1"])[0])
        except ValueError:
            return self.send(400, self.error_body(400, "Bad Request: invalid parameter 'limit' or 'page'"))
        if not 1 <= limit <= 10:
            return self.send(400, self.error_body(400, "Bad Request: invalid parameter 'limit'"))
        window = found[(page - 1) * limit: page * limit]
        if not window:
            return self.send(404, self.error_body(404, "No food items were found"))
        body = json.dumps({"items": window}).encode()
        if mode == "truncated":
            return self.send(200, body[: len(body) // 2])
        if mode == "cut":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        return self.send(200, body)

    def recipes(self, endpoint, query):
        if endpoint.endswith("recipe/id.php"):
            wanted = (query.get("id") or [""])[0]
            if not wanted:
                return self.send(400, self.error_body(400, "Bad Request: missing parameter 'id'"))
            found = [r for r in RECIPES if str(r.get("id")) == wanted]
        else:
            title = (query.get("title") or [""])[0].lower()
            if not title:
                return self.send(400, self.error_body(400, "Bad Request: missing parameter 'title'"))
            words = title.split()
            def text(recipe):
                return " ".join([recipe.get("title") or ""] + (recipe.get("categories") or [])
                                + [i.get("name") or "" for i in recipe.get("ingredients") or []]).lower()
            found = [r for r in RECIPES if all(w.rstrip("s") in text(r) for w in words)]
        if not found:
            return self.send(404, self.error_body(404, "No recipes were found"))
        return self.send(200, {"items": found[:10]})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--data", action="append", default=[], help="Chomp-shaped JSON file ({items:[...]} or [...])")
    parser.add_argument("--recipes", action="append", default=[], help="recipes JSON file ({items:[...]})")
    args = parser.parse_args()
    load(args.data)
    for path in args.recipes:
        with open(path, encoding="utf-8") as handle:
            RECIPES.extend(json.load(handle)["items"])
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
