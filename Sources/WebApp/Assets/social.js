// Receipts: notifications. The unread count in the header, the notification centre kept up to
// date, and system notifications (the Notifications API) while the app is open: from a service
// worker when one is registered (as an installed app's look), else from the page. Permission is
// asked only when the member presses the centre's button, never on load.
//
// New notifications arrive over the same WebSocket as every live change (/api/v1/live), as
// events of type "notification" that only their own user receives.

import { connectLive } from "./live.js";

const badge = document.querySelector("[data-unread-count]");

function setCount(count) {
  if (!badge) return;
  badge.textContent = count > 99 ? "99+" : String(count);
  badge.hidden = count === 0;
  badge.setAttribute("aria-label", `${count} unread`);
}

async function refreshCount() {
  try {
    const response = await fetch("/api/v1/notifications?limit=1", { credentials: "same-origin", cache: "no-store" });
    if (response.ok) setCount((await response.json()).unread);
  } catch {
    // Offline for a moment: the next event asks again.
  }
}

/** On the notification centre: swaps in its list and count as the server renders them now. */
async function refreshCentre() {
  if (!document.querySelector("[data-notifications-list]")) return;
  try {
    const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return;
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const selector of ["[data-notifications-list]", "[data-testid=unread]"]) {
      const fresh = next.querySelector(selector);
      const here = document.querySelector(selector);
      if (fresh && here && fresh.innerHTML !== here.innerHTML) here.innerHTML = fresh.innerHTML;
    }
  } catch {
    // The next notification tries again.
  }
}

async function showSystem(notification) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  const options = { body: notification.body, tag: notification.id, data: { link: notification.link } };
  try {
    const registration = navigator.serviceWorker && (await navigator.serviceWorker.getRegistration());
    if (registration) {
      await registration.showNotification(notification.title, options);
      return;
    }
  } catch {
    // No worker to show it: the page does.
  }
  const shown = new Notification(notification.title, options);
  shown.addEventListener("click", () => {
    window.focus();
    if (notification.link) location.assign(notification.link);
  });
}

function listen() {
  connectLive({
    firstRetry: 1000,
    maxRetry: 30000,
    onEvent: (event) => {
      if (event.type === "hello") {
        refreshCount();
      } else if (event.type === "notification") {
        refreshCount();
        refreshCentre();
        const notification = event.document;
        // A new one (revision 1); a later revision is it being marked read.
        if (notification && !event.deleted && event.rev === 1 && !notification.read) showSystem(notification);
      }
    },
  });
}

/** The centre's button: asks for permission when pressed, and says what the browser allows. */
function permissionButton() {
  const button = document.querySelector("[data-enable-notifications]");
  const note = document.querySelector("[data-notification-permission]");
  if (!button || !note) return;
  if (!("Notification" in window)) {
    note.hidden = false;
    note.textContent = "This browser cannot show system notifications; the count above still follows them.";
    return;
  }
  const show = () => {
    const permission = Notification.permission;
    button.hidden = permission !== "default";
    note.hidden = permission === "default";
    note.textContent = permission === "granted"
      ? "System notifications are on while the app is open."
      : "System notifications are blocked for this site in the browser's settings.";
  };
  show();
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    show();
  });
}

permissionButton();
if (badge) {
  refreshCount();
  listen();
}
