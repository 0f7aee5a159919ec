// Receipts service worker (served at /sw.js, so its scope is the whole site).
//
// - The app shell (style sheet, scripts, icons, the offline page) is kept at install.
// - The pages of the lists and carts a member opens, and their state from the API, are fetched
//   from the network first (with a short timeout: a shop's basement has a bar of signal that
//   answers nothing) and kept; without a connection the kept copy answers. Only the most recent
//   MAX_KEPT are kept.
// - Changes queued offline are sent by Background Sync where the browser has it (outbox.js).
// The caches are named after the server's build (BUILD_VERSION is replaced when served): a new
// build's worker installs beside the old one and, once active, deletes the old caches.

import { syncAll } from "/assets/outbox.js";

const VERSION = "BUILD_VERSION";
const SHELL = `receipts-shell-${VERSION}`;
const PAGES = `receipts-pages-${VERSION}`;
const SHELL_FILES = [
  "/assets/app.css", "/assets/app.js", "/assets/live.js", "/assets/offline.js", "/assets/outbox.js", "/assets/icon.svg",
  "/assets/icon-192.png", "/assets/icon-512.png", "/manifest.webmanifest", "/offline",
];
const MAX_KEPT = 40;
const NETWORK_TIMEOUT_MS = 2500;

/** Pages and API reads of lists and carts, the pages that lead to them, and the upload page
 *  (a photo taken offline waits on the device). */
const KEPT = [
  /^\/h\/[^/]+$/, /^\/h\/[^/]+\/(lists|upload)$/, /^\/h\/[^/]+\/(lists|carts)\/[^/]+$/,
  /^\/api\/v1\/households\/[^/]+\/sync\/(lists|carts)\/[^/]+$/,
];

self.addEventListener("install", (event) => {
  // "reload": this build's files from the server, not older ones from the HTTP cache.
  const requests = SHELL_FILES.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== SHELL && name !== PAGES) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/assets/") || url.pathname === "/manifest.webmanifest") {
    // Asset URLs carry a version (?v=): the kept copy of this build is the right one.
    event.respondWith(caches.match(request, { ignoreSearch: true }).then((kept) => kept || fetch(request)));
  } else if (KEPT.some((pattern) => pattern.test(url.pathname)) && !url.search) {
    // The page's own live check (a fetch with If-None-Match) must see the network, never a kept
    // copy that would undo the changes shown as waiting; navigations and API reads fall back.
    const fallback = request.mode === "navigate" || url.pathname.startsWith("/api/");
    event.respondWith(networkFirst(event, request, fallback));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline")));
  }
});

/** The network's answer, kept; the kept copy when the network fails or is slower than the timeout. */
async function networkFirst(event, request, fallback) {
  const network = fetch(request).then(async (response) => {
    if (response.status === 200 && !response.redirected) await keep(request, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => {}));
  if (!fallback) return network;
  const kept = () => caches.match(request, { cacheName: PAGES, ignoreVary: true });
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, "timeout"));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== "timeout") return first;
    return (await kept()) || (await network);
  } catch {
    return (await kept()) || (request.mode === "navigate" ? await caches.match("/offline") : Response.error());
  }
}

/** Keeps a response, dropping the least recently kept beyond MAX_KEPT. */
async function keep(request, response) {
  const cache = await caches.open(PAGES);
  await cache.delete(request, { ignoreVary: true }); // re-adding puts it last: the most recent
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT))) await cache.delete(old);
}

self.addEventListener("sync", (event) => {
  if (event.tag === "receipts-outbox") event.waitUntil(syncAll());
});
