// Receipts offline: the page's side. Registers the service worker (which keeps the app shell and
// the lists and carts opened recently), keeps the state of the list or cart on screen, and while
// there is no connection turns the page's forms into changes queued in IndexedDB (outbox.js):
// shown at once, marked "waiting", sent when the connection is back. The header's status says
// whether the app is offline and when it last synced.

import * as outbox from "./outbox.js";

const status = document.getElementById("sync-status");
const me = status ? status.dataset.user : null;
/** The list or cart this page shows: /h/{household}/lists/{id} or /h/{household}/carts/{id}. */
const place = (() => {
  const match = location.pathname.match(/^\/h\/([^/]+)\/(lists|carts)\/([^/]+)$/);
  return match ? { household: match[1], kind: match[2] === "lists" ? "list" : "cart", id: match[3] } : null;
})();
const uploadForm = document.querySelector("form[data-upload]");
let onSynced = () => {};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const time = (ms) => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
const csrfToken = () => (document.cookie.match(/(?:^|; )receipts_csrf=([^;]*)/) || [])[1] || "";

/** The header's status: offline or not, changes waiting, the last sync. */
async function showStatus(note) {
  if (!status) return;
  const waiting = (await outbox.pendingChanges()).length + (await outbox.queuedUploads()).length;
  const last = await outbox.getMeta("lastSynced");
  const parts = [navigator.onLine ? null : "Offline", waiting ? `${waiting} waiting` : null, last ? `synced ${time(last)}` : null, note];
  status.textContent = parts.filter(Boolean).join(" · ");
  status.hidden = !status.textContent;
  status.classList.toggle("offline", !navigator.onLine);
  document.documentElement.classList.toggle("is-offline", !navigator.onLine);
}

// --- What a form means, as registers of an entry ---

function number(text, fallback) {
  const value = Number(String(text ?? "").trim().replace(",", "."));
  return Number.isFinite(value) && String(text ?? "").trim() !== "" ? value : fallback;
}

/** A price as the server reads it ("3.49"), null for none, undefined for something else. */
function price(text) {
  const value = String(text ?? "").trim().replace(",", ".");
  if (!value) return null;
  return /^-?\d{1,9}(\.\d{1,4})?$/.test(value) ? value : undefined;
}

const nowInstant = () => new Date().toISOString();
const newId = (prefix) => prefix + Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The change a form of this page makes; null for forms that need the server (rename, share),
 *  false for what the server would refuse (an empty name, a price that is not one). */
async function changeOf(form) {
  if (!place) return null;
  const base = `/h/${place.household}/${place.kind === "list" ? "lists" : "carts"}/${place.id}`;
  const action = new URL(form.action, location.href).pathname;
  if (!action.startsWith(base + "/")) return null;
  const [collection, entry, verb] = action.slice(base.length + 1).split("/");
  const data = new FormData(form);
  const change = { kind: place.kind, household: place.household, doc: place.id, entry };
  const current = async () => (await view()).entries[entry]?.fields || {};
  const list = place.kind === "list";
  if (collection !== (list ? "entries" : "items")) return null;
  if (!entry) {
    // A new entry: every field, so that the server can make it whole.
    const name = String(data.get("name") || "").trim();
    if (!name) return false;
    const quantity = number(data.get("quantity"), 1);
    if (!(quantity > 0)) return false;
    change.entry = list ? newId("e_") : newId("i_");
    change.fields = list
      ? { name, quantity, unit: null, note: null, priority: data.get("priority") && data.get("priority") !== "normal" ? data.get("priority") : null,
          completed: false, completedBy: null, addedBy: me || "", addedByUserId: "", addedOn: nowInstant(), product: null, photo: null, bought: null }
      : { name, quantity, price: price(data.get("price")), completed: false, addedByUser: me || "", addedOn: nowInstant() };
    return !list && change.fields.price === undefined ? false : change;
  }
  switch (verb) {
    case "tick": {
      const completed = data.get("completed") !== "0";
      change.fields = { completed, completedBy: completed ? me : null };
      return change;
    }
    case "quantity": {
      const quantity = number((await current()).quantity?.value, 1) + (data.get("delta") === "-1" ? -1 : 1);
      if (quantity <= 0) change.removed = true; // as the server does at zero
      else change.fields = { quantity };
      return change;
    }
    case "priority":
      change.fields = { priority: data.get("priority") === "normal" ? null : data.get("priority") };
      return change;
    case "edit": {
      change.fields = {};
      for (const field of ["name", "note"]) {
        if (!data.has(field)) continue;
        const text = String(data.get(field)).trim();
        if (field === "name" && !text) return false;
        change.fields[field] = text || null;
      }
      if (data.has("price") && (change.fields.price = price(data.get("price"))) === undefined) return false;
      if (data.has("quantity") && !((change.fields.quantity = number(data.get("quantity"), NaN)) > 0)) return false;
      return change;
    }
    case "delete":
      change.removed = true;
      return change;
    default:
      return null;
  }
}

// --- Showing waiting changes on the page ---

/** The state of this page's list or cart: the server's, with the changes still waiting. */
async function view() {
  const kept = await outbox.keptState(place.kind, place.id);
  const mine = (await outbox.pendingChanges()).filter((c) => c.kind === place.kind && c.doc === place.id);
  return outbox.applyChanges(kept?.state, mine);
}

/** Markup of a row added offline, with the forms that tick it and change its quantity. */
function newRow(id, fields) {
  const base = escape(location.pathname);
  const csrf = `<input type="hidden" name="_csrf" value="${escape(csrfToken())}">`;
  const list = place.kind === "list";
  const tick = `${base}/${list ? "entries" : "items"}/${escape(id)}/tick`;
  const stepper = list
    ? `<div class="stepper" role="group">` +
      `<form method="post" action="${base}/entries/${escape(id)}/quantity" class="inline" data-enhance>${csrf}<input type="hidden" name="delta" value="-1"><button type="submit" class="round" aria-label="One less ${escape(fields.name)}">−</button></form>` +
      `<output class="qty" data-testid="quantity"></output>` +
      `<form method="post" action="${base}/entries/${escape(id)}/quantity" class="inline" data-enhance>${csrf}<input type="hidden" name="delta" value="1"><button type="submit" class="round" aria-label="One more ${escape(fields.name)}">+</button></form></div>`
    : "";
  return `<form method="post" action="${tick}" class="tick" data-enhance>${csrf}<input type="hidden" name="completed" value="1">` +
    `<button type="submit" class="item-button" aria-pressed="false"><span class="check" aria-hidden="true"></span>` +
    `<span class="grow"><span class="name"></span>${list ? "" : ' <span class="qty"></span>'}</span></button></form>${stepper}`;
}

/** Puts the waiting changes of this page's list or cart on the page, each row marked "waiting". */
async function showPending() {
  if (!place) return;
  const changes = (await outbox.pendingChanges()).filter((c) => c.kind === place.kind && c.doc === place.id);
  const state = await view();
  const region = document.getElementById(place.kind === "list" ? "entries" : "items");
  if (!region) return;
  const attribute = place.kind === "list" ? "data-entry" : "data-item";
  for (const id of new Set(changes.map((c) => c.entry))) {
    const entry = state.entries[id];
    let row = region.querySelector(`[${attribute}="${CSS.escape(id)}"]`);
    if (!entry || entry.removed) { row?.remove(); continue; }
    const fields = Object.fromEntries(Object.entries(entry.fields).map(([k, r]) => [k, r.value]));
    if (!row) {
      if (!fields.name) continue;
      region.querySelector(".empty")?.remove();
      row = document.createElement("li");
      row.className = place.kind === "list" ? "item entry" : "item";
      row.setAttribute(attribute, id);
      row.innerHTML = newRow(id, fields);
      region.append(row);
    }
    const completed = fields.completed === true;
    row.classList.toggle("done", completed);
    row.classList.add("waiting");
    const check = row.querySelector(".check");
    if (check) check.textContent = completed ? "✓" : "";
    const flip = row.querySelector("form.tick input[name=completed]");
    if (flip) flip.value = completed ? "0" : "1";
    row.querySelector("form.tick button")?.setAttribute("aria-pressed", String(completed));
    const name = row.querySelector(".name");
    if (name && fields.name) name.textContent = fields.name;
    if ("note" in fields) {
      let note = row.querySelector(".note");
      if (!note && fields.note) {
        note = document.createElement("span");
        note.className = "meta note";
        row.querySelector(".name")?.after(" ", note);
      }
      if (note) note.textContent = fields.note || "";
    }
    const quantity = row.querySelector(".qty");
    if (quantity && fields.quantity != null) quantity.textContent = place.kind === "list" ? String(fields.quantity) : `× ${fields.quantity}`;
    if (!row.querySelector(".badge.waiting")) {
      const badge = document.createElement("span");
      badge.className = "badge waiting";
      badge.dataset.testid = "waiting";
      badge.textContent = "waiting";
      (row.querySelector(".grow") || row).append(" ", badge);
    }
  }
}

// --- Queuing and sending ---

let syncing = null;
const RETRY_MS = 15000;
/** Sends what waits, when there is a connection; one run at a time. */
export function syncSoon() {
  if (!navigator.onLine) return showStatus();
  syncing ??= (async () => {
    try {
      await outbox.setMeta("csrf", csrfToken());
      const report = await outbox.syncAll();
      await showStatus(report.failed.length ? `not saved: ${report.failed[0]}` : null);
    } catch {
      // No answer although the browser says online (a bar of signal that carries nothing):
      // try again a little later, as well as at the next `online` event.
      setTimeout(syncSoon, RETRY_MS);
      await showStatus();
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

async function askForBackgroundSync() {
  const registration = await navigator.serviceWorker?.ready;
  // Background Sync (Chromium): the worker sends even if the page is closed before the connection returns.
  await registration?.sync?.register("receipts-outbox").catch(() => {});
}

/** Handles a form of a list or cart page without the server: answers false for forms it leaves alone. */
export function offlineSubmit(form, event) {
  if (!place || !form.matches("form[method=post]") || form.closest("form.logout")) return false;
  event?.preventDefault();
  (async () => {
    const change = await changeOf(form);
    if (!change) {
      await showStatus(change === false ? "please check what you entered" : "this needs a connection");
      return;
    }
    await outbox.setMeta("csrf", csrfToken());
    await outbox.queueChange(change);
    await showPending();
    form.closest("details")?.removeAttribute("open");
    if (!form.classList.contains("tick")) form.reset();
    await showStatus();
    await askForBackgroundSync();
    syncSoon();
  })();
  return true;
}

/** A receipt photo chosen offline: kept until the connection is back, shown as queued. */
function queueUploadOffline(event) {
  const file = uploadForm.querySelector("input[type=file]").files[0];
  if (!file) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const household = location.pathname.split("/")[2];
  (async () => {
    await outbox.setMeta("csrf", csrfToken());
    await outbox.queueUpload(household, file);
    uploadForm.reset();
    await showUploads();
    await showStatus();
    await askForBackgroundSync();
  })();
}

async function showUploads(sent = []) {
  if (!uploadForm) return;
  let box = document.getElementById("queued-uploads");
  const queued = await outbox.queuedUploads();
  if (!box) {
    box = document.createElement("ul");
    box.id = "queued-uploads";
    box.className = "list";
    box.setAttribute("aria-label", "Photos waiting to upload");
    uploadForm.after(box);
  }
  box.innerHTML = queued.map((u) => `<li class="queued" data-testid="queued-upload">${escape(u.name)}: waiting for the connection</li>`).join("");
  for (const page of sent) if (page.url) box.insertAdjacentHTML("beforeend", `<li><a href="${escape(page.url)}">Uploaded: follow its reading</a></li>`);
}

// --- Start ---

/** Called by app.js: `refresh` fetches the page again and swaps its live regions. */
export function startOffline(refresh) {
  onSynced = refresh;
  if ("serviceWorker" in navigator) {
    // updateViaCache "none": a new build's worker and its import are found at once.
    navigator.serviceWorker.register("/sw.js", { type: "module", scope: "/", updateViaCache: "none" }).catch(() => {});
  }
  // Logged out (no status in the header): nothing of anyone's is kept, so nothing is opened.
  if (!status) return;
  // Logging out takes this member's offline data with it (the server's Clear-Site-Data does the
  // same where browsers honour it).
  document.querySelector("form.logout")?.addEventListener("submit", (event) => {
    event.preventDefault();
    outbox.clearAll().finally(() => event.target.submit());
  }, { once: true });
  uploadForm?.addEventListener("submit", (event) => { if (!navigator.onLine) queueUploadOffline(event); }, { capture: true });
  const channel = new BroadcastChannel("receipts-offline");
  channel.onmessage = async ({ data }) => {
    if (data?.type !== "synced") return;
    if (data.sent) await onSynced();
    await showPending();
    await showStatus(data.failed?.length ? `not saved: ${data.failed[0]}` : null);
    const started = (data.uploaded || []).find((u) => u.url);
    if (uploadForm) {
      await showUploads(data.uploaded || []);
      if (started && location.pathname.endsWith("/upload")) location.assign(started.url);
    }
  };
  addEventListener("online", () => { showStatus(); syncSoon(); });
  addEventListener("offline", () => showStatus());
  (async () => {
    if (place && navigator.onLine) {
      // Keep the state of what is on screen, to edit it offline later.
      const path = place.kind === "list" ? "lists" : "carts";
      const response = await fetch(`/api/v1/households/${place.household}/sync/${path}/${place.id}`, { credentials: "same-origin" }).catch(() => null);
      if (response?.ok) await outbox.keepState(place.kind, place.household, await response.json());
    }
    await showPending();
    await showUploads();
    await showStatus();
    syncSoon();
  })().catch(() => {}); // storage refused (a private window): the page works online as before
}

/** After app.js swapped the live regions: the changes still waiting stay shown. */
export const afterRegionsApplied = () => showPending();
