// Receipts offline store, shared by the page (offline.js) and the service worker (sw.js).
//
// Offline, a change to a list or a cart is not lost and not guessed at: it is written to IndexedDB
// as the registers it sets (field, value, hybrid-clock stamp), the same form the server's
// `POST /api/v1/households/{id}/sync` merges. Sending is idempotent (a register merged twice
// changes nothing), so a change whose answer was lost is simply sent again; a field another
// member changed meanwhile keeps whichever write has the later stamp, as for every API edit.

const DB_NAME = "receipts-offline";
/** A day: the server refuses stamps further ahead of its clock. */
const MAX_AHEAD_MS = 24 * 3600 * 1000;

let opened = null;
/** Set by `clearAll`: this page logged out, and its work still under way (keeping the state of the
 *  page it showed, a sync) must not create the database again after it was deleted. */
let loggedOut = false;
/** The database: `docs` (last server state of each list/cart opened), `outbox` (changes not yet
 *  sent), `uploads` (receipt photos not yet sent) and `meta` (the clock, the CSRF token, last sync). */
export function database() {
  if (loggedOut) return Promise.reject(new Error("logged out"));
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore("docs", { keyPath: "key" });
      db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("uploads", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("meta");
    };
    request.onsuccess = () => {
      // Another tab's logout deletes the database: let it.
      request.result.onversionchange = () => { request.result.close(); opened = null; };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
  return opened;
}

/** An IDBRequest as a promise. Awaiting only these keeps a transaction open. */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** Runs `work(stores)` in one transaction and resolves with its result once committed. */
async function transaction(names, mode, work) {
  const db = await database();
  const tx = db.transaction(names, mode);
  const stores = Object.fromEntries(names.map((name) => [name, tx.objectStore(name)]));
  const result = await work(stores);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
  return result;
}

export const getMeta = (key) => transaction(["meta"], "readonly", (s) => done(s.meta.get(key)));
export const setMeta = (key, value) => transaction(["meta"], "readwrite", (s) => done(s.meta.put(value, key)));

// --- Hybrid logical clock (the server's HybridTimestamp, in its string form) ---

const pad = (n, width) => String(n).padStart(width, "0");
const format = (wall, counter, replica) => `${pad(wall, 18)}-${pad(counter, 6)}-${replica}`;
function parse(stamp) {
  const [wall, counter] = (stamp || "").split("-");
  return { wall: Number(wall) || 0, counter: Number(counter) || 0 };
}

/** The newest stamp anywhere in a replicated state: a change made on top of it stamps later,
 *  so an edit wins over what its editor saw. (Fixed-width stamps sort as text.) */
function newestStamp(state) {
  let newest = "";
  const consider = (at) => { if (at && at > newest) newest = at; };
  for (const register of Object.values(state?.fields || {})) consider(register.at);
  for (const entry of Object.values(state?.entries || {})) {
    consider(entry.removed);
    for (const register of Object.values(entry.fields || {})) consider(register.at);
  }
  return newest;
}

/** The next reading of this browser's clock, later than `seen` and every earlier reading.
 *  Runs inside the caller's transaction (`meta` store), so two tabs never share a reading. */
async function tick(meta, seen) {
  const clock = (await done(meta.get("clock"))) || {
    wall: 0, counter: 0,
    // Replica ids: letters, digits, _ . : (the server checks); one per browser profile.
    replica: "web_" + crypto.getRandomValues(new Uint32Array(2)).join(""),
  };
  const remote = parse(seen);
  // A stamp far ahead (a member's clock gone wrong) is not followed: the server would refuse ours.
  const now = Date.now();
  const followed = remote.wall > now + MAX_AHEAD_MS / 2 ? { wall: 0, counter: 0 } : remote;
  const wall = Math.max(clock.wall, followed.wall, now);
  let counter = 0;
  if (wall === clock.wall && wall === followed.wall) counter = Math.max(clock.counter, followed.counter) + 1;
  else if (wall === clock.wall) counter = clock.counter + 1;
  else if (wall === followed.wall) counter = followed.counter + 1;
  Object.assign(clock, { wall, counter });
  await done(meta.put(clock, "clock"));
  return format(wall, counter, clock.replica);
}

// --- Documents and the outbox ---

export const docKey = (kind, id) => `${kind}:${id}`;

/** Keeps the server's state of a list or cart (a SyncedList / SyncedCart from the API). */
export function keepState(kind, household, synced) {
  return transaction(["docs"], "readwrite", (s) =>
    done(s.docs.put({ key: docKey(kind, synced.id), kind, household, id: synced.id, state: synced.state, order: synced.order || [] })));
}

/** Queues a change: `fields` (name → value) of entry `entry` of a list or cart, or its removal.
 *  Answers the change as stored (with its stamp). */
export function queueChange({ kind, household, doc, entry, fields = {}, removed = false }) {
  return transaction(["docs", "outbox", "meta"], "readwrite", async (s) => {
    const kept = await done(s.docs.get(docKey(kind, doc)));
    const pending = await done(s.outbox.getAll());
    const seen = [newestStamp(kept?.state), ...pending.map((c) => c.at)].reduce((a, b) => (b > a ? b : a), "");
    const change = { kind, household, doc, entry, fields, removed, at: await tick(s.meta, seen), queuedAt: Date.now() };
    change.seq = await done(s.outbox.add(change));
    return change;
  });
}

export const pendingChanges = () => transaction(["outbox"], "readonly", (s) => done(s.outbox.getAll()));
export const keptState = (kind, id) => transaction(["docs"], "readonly", (s) => done(s.docs.get(docKey(kind, id))));

/** `state` with `changes` applied by the merge rules: per field the later stamp, deletion wins. */
export function applyChanges(state, changes) {
  const result = structuredClone(state || { fields: {}, entries: {} });
  for (const change of changes) {
    const entry = (result.entries[change.entry] ??= { fields: {} });
    if (entry.removed) continue;
    if (change.removed) { result.entries[change.entry] = { fields: {}, removed: change.at }; continue; }
    for (const [field, value] of Object.entries(change.fields)) {
      const held = entry.fields[field];
      if (!held || held.at < change.at) entry.fields[field] = { value, at: change.at };
    }
  }
  return result;
}

// --- Sending ---

function csrfHeader(token) {
  return token ? { "X-CSRF-Token": token } : {};
}

async function fetchState(kind, household, id) {
  const path = kind === "list" ? "lists" : "carts";
  const response = await fetch(`/api/v1/households/${household}/sync/${path}/${id}`, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 404) return null; // deleted meanwhile: its changes have nowhere to go
  if (!response.ok) throw new Error(`state of ${id}: HTTP ${response.status}`);
  const synced = await response.json();
  await keepState(kind, household, synced);
  return synced;
}

/** The sync request for one list's or cart's pending changes: each touched entry whole (a live
 *  entry sent must be complete), its untouched fields with the stamps the server gave them. */
function syncBody(changes, synced) {
  const merged = applyChanges(synced.state, changes);
  const entries = {};
  for (const id of new Set(changes.map((c) => c.entry))) {
    const entry = merged.entries[id];
    // A tick of an entry the server has never seen cannot be made complete: leave it out.
    if (entry.removed || (entry.fields.name && entry.fields.name.value)) entries[id] = entry;
  }
  const sent = { id: synced.id, order: synced.order, state: { fields: { name: synced.state.fields.name }, entries } };
  return changes[0].kind === "list" ? { lists: [sent] } : { cartStates: [sent] };
}

/** Sends every queued change and photo; answers what happened ({sent, failed, uploaded}).
 *  One sync at a time per browser (Web Locks), and a change leaves the outbox only once the
 *  server has merged it (or refused it: sent again, it would be refused again). */
export async function syncAll() {
  const run = () => syncNow();
  if (globalThis.navigator?.locks) return navigator.locks.request("receipts-sync", run);
  return run();
}

async function syncNow() {
  const csrf = await getMeta("csrf");
  const report = { sent: 0, failed: [], uploaded: [] };
  const changes = await pendingChanges();
  // One request per list or cart: a change the server refuses holds up no other document's.
  for (const key of new Set(changes.map((c) => docKey(c.kind, c.doc)))) {
    const mine = changes.filter((c) => docKey(c.kind, c.doc) === key);
    const { kind, household, doc } = mine[0];
    const synced = await fetchState(kind, household, doc);
    if (synced) {
      const cursor = await getMeta(`cursor:${household}`);
      const response = await fetch(`/api/v1/households/${household}/sync`, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", ...csrfHeader(csrf) },
        body: JSON.stringify({ ...syncBody(mine, synced), ...(cursor ? { cursor } : {}) }),
      });
      if (response.status >= 500) throw new Error(`sync: HTTP ${response.status}`);
      if (response.ok) {
        await setMeta(`cursor:${household}`, (await response.json()).cursor);
        await fetchState(kind, household, doc);
        report.sent += mine.length;
      } else {
        const problem = await response.json().catch(() => ({}));
        report.failed.push(problem.detail || `HTTP ${response.status}`);
      }
    } // else deleted meanwhile by another member: its changes have nowhere to go
    await transaction(["outbox"], "readwrite", async (s) => { for (const c of mine) await done(s.outbox.delete(c.seq)); });
  }
  report.uploaded = await sendUploads(csrf);
  if (report.sent || report.uploaded.length || report.failed.length) await setMeta("lastSynced", Date.now());
  announce({ type: "synced", ...report });
  return report;
}

// --- Receipt photos ---

export function queueUpload(household, file) {
  return transaction(["uploads"], "readwrite", (s) =>
    done(s.uploads.add({ household, file, name: file.name || "receipt", queuedAt: Date.now() })));
}

export const queuedUploads = () => transaction(["uploads"], "readonly", (s) => done(s.uploads.getAll()));

/** Posts each queued photo as the upload form would; answers the job pages they lead to. */
async function sendUploads(csrf) {
  const pages = [];
  for (const upload of await queuedUploads()) {
    const form = new FormData();
    form.append("_csrf", csrf || "");
    form.append("photo", upload.file, upload.name);
    const response = await fetch(`/h/${upload.household}/upload`, { method: "POST", body: form, credentials: "same-origin" });
    if (response.status >= 500) throw new Error(`upload: HTTP ${response.status}`);
    await transaction(["uploads"], "readwrite", (s) => done(s.uploads.delete(upload.seq)));
    pages.push({ seq: upload.seq, url: response.ok ? response.url : null, status: response.status });
  }
  return pages;
}

/** Tells every open page of the app (and the worker) what happened. */
export function announce(message) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel("receipts-offline");
  channel.postMessage(message);
  channel.close();
}

/** Logging out: nothing of this member stays on the device. */
export async function clearAll() {
  loggedOut = true;
  if (opened) { (await opened).close(); opened = null; }
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = resolve;
  });
  if (globalThis.caches) for (const name of await caches.keys()) await caches.delete(name);
}

// The clock and the merge rules, for Tests/js/replication.test.js (which runs them, in node, on the
// cases Tests/ReplicationTests runs against Sources/Replication: Fixtures/replication/merges.json).
export { format, parse, tick, newestStamp };
