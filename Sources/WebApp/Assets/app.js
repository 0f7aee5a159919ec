// Receipts: the one script. Every page works without it (plain forms, POST then redirect); with it,
// forms marked data-enhance submit in place, uploads show progress, and the regions marked
// data-live follow what other members change.
//
// Live updates: the server's WebSocket (/api/v1/live) says when something this user may see
// changed; the page then asks for itself again with If-None-Match (a 304 while its HTML is the
// same) and swaps the regions that differ. While the socket is down the page asks every
// POLL_MS instead, and reconnects with the last `seq` it got, so nothing is missed.
//
// Offline (offline.js): the forms of a list or cart page queue their changes on the device and
// send them when the connection is back; the service worker keeps the pages opened recently.

import { connectLive } from "./live.js";
import { afterRegionsApplied, offlineSubmit, startOffline } from "./offline.js";

const POLL_MS = 1000;
/** Set once a form posts the plain way (see the submit listeners below). */
let leaving = false;
/** Replaces each [data-live] region of the page with the one of the same id in `html`. */
function applyRegions(html) {
  const next = new DOMParser().parseFromString(html, "text/html");
  const active = document.activeElement;
  const anchor = active && active.closest("[data-item],[data-entry],[data-expense]");
  const anchorKey = anchor && [...anchor.attributes].find((a) => a.name.startsWith("data-") && a.name !== "data-live");
  const typing = active && active.matches("input:not([type=hidden]), select, textarea");
  for (const region of document.querySelectorAll("[data-live][id]")) {
    const fresh = next.getElementById(region.id);
    if (!fresh) continue;
    // Someone typing in a region (an item's edit form) keeps what they typed; the next change
    // after they leave the field brings the region up to date.
    if (typing && region.contains(active)) continue;
    // What the person opened stays open.
    const opened = [...region.querySelectorAll("details")].map((d) => d.open);
    fresh.querySelectorAll("details").forEach((d, i) => { if (opened[i]) d.open = true; });
    if (fresh.innerHTML !== region.innerHTML) region.innerHTML = fresh.innerHTML;
  }
  if (anchorKey && !document.contains(active)) {
    const again = document.querySelector(`[${anchorKey.name}="${CSS.escape(anchorKey.value)}"] button`);
    if (again) again.focus();
  }
  afterRegionsApplied();
  followJob();
}

/** Fetches the page again and applies it when its HTML changed (the ETag says). */
function pageRefresher(apply) {
  let etag = null;
  let busy = false;
  let again = false;
  let forced = false;
  // `force`: apply the page even if it is the first answer (after an offline sync, the page on
  // screen may be a kept copy with changes shown as waiting).
  return async function refresh(force = false) {
    if (force) forced = true;
    if (leaving) return;
    if (busy) { again = true; return; }
    busy = true;
    try {
      const headers = { Accept: "text/html" };
      if (etag && !forced) headers["If-None-Match"] = etag;
      const response = await fetch(location.href, { headers, credentials: "same-origin", cache: "no-store" });
      if (response.status === 200) {
        const first = etag === null;
        etag = response.headers.get("ETag");
        const html = await response.text();
        if (!first || forced) apply(html);
        forced = false;
      }
    } catch {
      // Offline for a moment: the next change or tick tries again.
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  };
}

/** Calls `onChange()` whenever something may have changed: on the WebSocket's events, else by polling. */
function liveSource(onChange) {
  let poller = null;
  let pending = null;
  const poll = (on) => {
    if (on && !poller) poller = setInterval(() => { if (!document.hidden) onChange(); }, POLL_MS);
    if (!on && poller) { clearInterval(poller); poller = null; }
  };
  const soon = () => { if (!pending) pending = setTimeout(() => { pending = null; onChange(); }, 30); };
  poll(true); // until the socket says hello
  connectLive({
    firstRetry: 500,
    maxRetry: 15000,
    onEvent: (event) => {
      if (event.type === "hello") { poll(false); soon(); }
      else if (event.type === "change" || event.type === "presence" || event.type === "reload") soon();
    },
    onClose: () => poll(true),
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) onChange(); });
}

/** Submits a form in place and refreshes the live regions from the page the server redirects to. */
async function submitInPlace(form, event) {
  event.preventDefault();
  const body = new URLSearchParams(new FormData(form));
  const item = form.closest(".item");
  if (item && form.classList.contains("tick")) item.classList.toggle("done"); // at once; the page confirms
  try {
    const response = await fetch(form.action, {
      method: "POST", body, credentials: "same-origin", headers: { "X-Requested-With": "fetch" },
    });
    const html = await response.text();
    if (!response.ok) {
      const message = new DOMParser().parseFromString(html, "text/html").querySelector(".error");
      showMessage(message ? message.textContent : "That did not work; reload the page and try again.");
      if (item) item.classList.toggle("done");
      return;
    }
    applyRegions(html);
    if (!form.classList.contains("tick")) {
      for (const input of form.querySelectorAll("input:not([type=hidden])")) input.value = input.defaultValue;
      const first = form.querySelector("input:not([type=hidden])");
      if (first) first.focus();
    }
  } catch {
    // The network failed under fetch: keep the change on the device (a list or cart page), else
    // let the browser try the plain way.
    if (item && form.classList.contains("tick")) item.classList.toggle("done");
    if (!offlineSubmit(form)) form.submit();
  }
}

function showMessage(text) {
  let box = document.getElementById("script-message");
  if (!box) {
    box = document.createElement("p");
    box.id = "script-message";
    box.className = "error";
    box.setAttribute("role", "alert");
    document.getElementById("main").prepend(box);
  }
  box.textContent = text;
}

/** Uploads with a progress bar, then goes where the server sends (the job's page). */
function uploadWithProgress(form, event) {
  event.preventDefault();
  const bar = form.querySelector("progress");
  const button = form.querySelector("button[type=submit]");
  const request = new XMLHttpRequest();
  request.open("POST", form.action);
  request.upload.addEventListener("progress", (e) => {
    if (e.lengthComputable) bar.value = Math.round((100 * e.loaded) / e.total);
  });
  request.addEventListener("load", () => {
    if (request.status < 400) location.assign(request.responseURL);
    else {
      const message = new DOMParser().parseFromString(request.responseText, "text/html").querySelector(".error");
      showMessage(message ? message.textContent : "The upload failed.");
      button.disabled = false;
      bar.hidden = true;
    }
  });
  request.addEventListener("error", () => {
    showMessage("The upload failed: check the connection and try again.");
    button.disabled = false;
  });
  bar.hidden = false;
  button.disabled = true;
  request.send(new FormData(form));
}

/** On a receipt job's page: once it is read, go on to review it. */
function followJob() {
  const done = document.querySelector('[data-job-status="done"] a[href$="/review"]');
  if (done) location.assign(done.href);
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!navigator.onLine && offlineSubmit(form, event)) return;
  if (form.matches("form[data-upload]")) uploadWithProgress(form, event);
  else if (form.matches("form[data-enhance]")) submitInPlace(form, event);
});

// A form posted the plain way: the page is being left (slower while the service worker starts), and
// asking for itself again meanwhile would only find it gone (a list just left answers 404).
document.addEventListener("submit", (event) => { if (!event.defaultPrevented) leaving = true; });

// A choice that stands for its form (an entry's priority) submits it when it changes.
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-submit]")) event.target.form.requestSubmit();
});

const refresh = pageRefresher(applyRegions);
if (document.querySelector("[data-live]")) liveSource(refresh);
startOffline(() => refresh(true));
followJob();
