// Receipts: the live connection (/api/v1/live), shared by the pages' scripts (app.js follows
// changes, social.js notifications). The socket keeps its place: it reconnects with the last
// `seq` it got (or the `since` a "resume" event names, or none after "reload", which starts
// afresh), so nothing is missed, and after it closes it tries again, waiting twice as long each
// time up to a limit; the server's "hello" resets the wait.

/**
 * Opens the live connection and calls `onEvent(event)` with every event once its place is kept.
 * `onClose()` is called whenever the socket closes or cannot be opened (a page may poll meanwhile).
 * @param {{onEvent: (event: object) => void, onClose?: () => void, firstRetry: number, maxRetry: number}} options
 *   the waits in milliseconds before the first reconnection and at the most.
 */
export function connectLive({ onEvent, onClose = () => {}, firstRetry, maxRetry }) {
  let since = null;
  let retry = firstRetry;
  function connect() {
    const url = new URL("/api/v1/live", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (since !== null) url.searchParams.set("since", String(since));
    let socket;
    try { socket = new WebSocket(url); } catch { onClose(); return; }
    socket.addEventListener("message", (message) => {
      let event;
      try { event = JSON.parse(message.data); } catch { return; }
      if (typeof event.seq === "number") since = event.seq;
      if (event.type === "hello") retry = firstRetry;
      else if (event.type === "resume") since = event.since;
      else if (event.type === "reload") since = null;
      onEvent(event);
    });
    socket.addEventListener("close", () => {
      onClose();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, maxRetry);
    });
  }
  connect();
}
