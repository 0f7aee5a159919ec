// Receipts: the live connection (/api/v1/live), shared by the pages' scripts (app.js follows
// changes, social.js notifications). A page opens one socket, whoever asks for it: each script
// subscribes, and a script that subscribes after the server's "hello" is handed that "hello" so
// it knows the socket is up. The socket keeps its place: it reconnects with the last `seq` it got
// (or the `since` a "resume" event names, or none after "reload", which starts afresh), so
// nothing is missed, and after it closes it tries again, waiting twice as long each time up to a
// limit; the server's "hello" resets the wait.

const subscribers = [];
/** The "hello" of the socket that is open now, or null while there is none. */
let hello = null;
let started = false;
let since = null;
// The waits are the shortest first wait and the longest limit any subscriber asked for.
let firstRetry = Infinity;
let maxRetry = 0;
let retry = 0;

function connect() {
  const url = new URL("/api/v1/live", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  if (since !== null) url.searchParams.set("since", String(since));
  let socket;
  try { socket = new WebSocket(url); } catch { closed(); return; }
  socket.addEventListener("message", (message) => {
    let event;
    try { event = JSON.parse(message.data); } catch { return; }
    if (typeof event.seq === "number") since = event.seq;
    if (event.type === "hello") { retry = firstRetry; hello = event; }
    else if (event.type === "resume") since = event.since;
    else if (event.type === "reload") since = null;
    for (const subscriber of subscribers) subscriber.onEvent(event);
  });
  socket.addEventListener("close", closed);
}

function closed() {
  hello = null;
  for (const subscriber of subscribers) subscriber.onClose();
  setTimeout(connect, retry);
  retry = Math.min(retry * 2, maxRetry);
}

/**
 * Subscribes to the page's live connection, opening it on the first call: `onEvent(event)` is
 * called with every event once its place is kept, `onClose()` whenever the socket closes or cannot
 * be opened (a page may poll meanwhile).
 * @param {{onEvent: (event: object) => void, onClose?: () => void, firstRetry: number, maxRetry: number}} options
 *   the waits in milliseconds before the first reconnection and at the most.
 */
export function connectLive({ onEvent, onClose = () => {}, firstRetry: first, maxRetry: most }) {
  subscribers.push({ onEvent, onClose });
  firstRetry = Math.min(firstRetry, first);
  maxRetry = Math.max(maxRetry, most);
  if (hello) onEvent(hello);
  if (!started) {
    started = true;
    retry = firstRetry;
    connect();
  }
}
