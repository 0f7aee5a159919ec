"""Notifications and list chat in real browsers: Ann and Ben of one household, each in their own
Chromium. Ben hears only of high-priority entries of the list; Ann adds a normal entry and a
high-priority one, and Ben's open page shows a system notification (the Notifications API,
permission granted through CDP; calls recorded by wrapping `window.Notification` before the
page's scripts run) and its unread count, for the high-priority one alone. Then the list's chat
reaches the other browser live, a picture included.

Screenshots docs/screenshots/notifications.png and chat.png with WEB_SCREENSHOTS_DOCS=1.
"""

import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from webharness import FIXTURE, BrowserTestCase

# Runs before any script of every page: records each system notification shown, by the page or
# by a service worker's registration, in `window.__shown`, and each live socket opened, in
# `window.__liveSockets`.
RECORD_NOTIFICATIONS = """
window.__shown = [];
window.__liveSockets = [];
const OriginalSocket = window.WebSocket;
window.WebSocket = class extends OriginalSocket {
  constructor(url, ...rest) {
    super(url, ...rest);
    if (String(url).includes("/api/v1/live")) window.__liveSockets.push(this);
  }
};
const Original = window.Notification;
if (Original) {
  class Recorded extends Original {
    constructor(title, options) {
      window.__shown.push({ title, body: options && options.body });
      super(title, options);
    }
  }
  Object.defineProperty(Recorded, "permission", { get: () => Original.permission });
  Recorded.requestPermission = (...args) => Original.requestPermission(...args);
  window.Notification = Recorded;
}
if (window.ServiceWorkerRegistration) {
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    window.__shown.push({ title, body: options && options.body });
    return show.call(this, title, options);
  };
}
"""


class SocialFlows(BrowserTestCase):
    """One story in order (the names keep it)."""

    @classmethod
    def setUpClass(cls):
        cls.start("ann", "ben")
        cls.ben.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_NOTIFICATIONS})
        cls.ben.execute_cdp_cmd("Browser.grantPermissions", {"origin": cls.server.base, "permissions": ["notifications"]})

    @classmethod
    def tearDownClass(cls):
        cls.stop()

    def shown(self):
        return self.ben.execute_script("return window.__shown || []")

    def test_01_two_members_and_a_list(self):
        self.sign_up(self.ann, "Ann", "ann@example.org")
        self.fill(self.ann, "household-name", "Home")
        self.submit_form_of(self.ann, "household-name")
        self.wait(self.ann, EC.url_matches(r"/h/[^/]+$"))
        household = self.path(self.ann).split("/")[2]
        self.go(self.ann, "/households")
        self.ann.find_element(By.XPATH, "//form[contains(@action, '/invites')]//button").click()
        code = self.wait(self.ann, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=invite-code]"))).text
        self.sign_up(self.ben, "Ben", "ben@example.org")
        self.fill(self.ben, "join-code", code)
        self.submit_form_of(self.ben, "join-code")
        self.wait(self.ben, EC.url_contains(f"/h/{household}"))
        self.go(self.ann, f"/h/{household}/lists")
        self.fill(self.ann, "list-name", "Weekly")
        self.submit_form_of(self.ann, "list-name")
        self.wait(self.ann, EC.url_matches(r"/lists/[^/]+$"))
        type(self).list_path = self.path(self.ann)

    def test_02_a_high_priority_entry_notifies_whatever_the_setting(self):
        # Ben hears of this list's high-priority entries only; the centre asks nothing on load.
        self.go(self.ben, "/notifications")
        self.assertEqual(self.shown(), [])
        self.wait(self.ben, lambda d: "on while the app is open" in d.find_element(
            By.CSS_SELECTOR, "[data-notification-permission]").text)
        self.go(self.ben, self.list_path)
        Select(self.ben.find_element(By.ID, "notify-level")).select_by_value("highPriority")
        self.submit_form_of(self.ben, "notify-level", reloads=True)
        self.wait(self.ben, lambda d: Select(d.find_element(By.ID, "notify-level")).first_selected_option.get_attribute("value")
                  == "highPriority")
        badge = self.ben.find_element(By.CSS_SELECTOR, "[data-unread-count]")
        self.assertFalse(badge.is_displayed())

        # A normal entry: nothing for Ben. A high-priority one: a system notification, and the count.
        self.go(self.ann, self.list_path)
        self.fill(self.ann, "entry-name", "Bread")
        self.submit_form_of(self.ann, "entry-name")
        self.wait(self.ann, EC.presence_of_element_located((By.XPATH, "//li[contains(@class,'entry')]//span[text()='Bread']")))
        self.fill(self.ann, "entry-name", "Medicine")
        Select(self.ann.find_element(By.ID, "entry-priority")).select_by_value("high")
        self.submit_form_of(self.ann, "entry-name")
        started = time.time()
        self.wait(self.ben, lambda d: any("Medicine" in n["title"] for n in self.shown()), timeout=5)
        print(f"\nsystem notification after {time.time() - started:.2f}s")
        self.assertFalse(any("Bread" in n["title"] for n in self.shown()))
        self.assertEqual(self.shown()[0]["title"], "Ann added Medicine in Weekly")
        self.wait(self.ben, lambda d: d.find_element(By.CSS_SELECTOR, "[data-unread-count]").text == "1", timeout=3)

        # The centre lists it; marking all read clears the count.
        self.go(self.ben, "/notifications")
        self.assertIn("Ann added Medicine in Weekly", self.ben.find_element(By.ID, "notifications").text)
        self.screenshot(self.ben, "notifications", widths=(390,))
        self.ben.find_element(By.XPATH, "//button[text()='Mark all read']").click()
        self.wait(self.ben, lambda d: d.find_element(By.CSS_SELECTOR, "[data-testid=unread]").text == "Nothing unread.")
        self.wait(self.ben, lambda d: not d.find_element(By.CSS_SELECTOR, "[data-unread-count]").is_displayed(), timeout=3)

    def test_03_the_chat_reaches_the_other_browser_live(self):
        self.go(self.ben, self.list_path)
        self.go(self.ann, self.list_path)
        self.fill(self.ann, "chat-text", "Which brand of coffee?")
        self.submit_form_of(self.ann, "chat-text")
        started = time.time()
        self.wait(self.ben, lambda d: "Which brand of coffee?" in d.find_element(By.ID, "chat-messages").text, timeout=3)
        print(f"chat message live after {time.time() - started:.2f}s")
        # The list page follows changes (app.js) and notifications (social.js) over one socket.
        self.assertEqual(self.ben.execute_script(
            "return window.__liveSockets.filter((s) => s.readyState === WebSocket.OPEN).length"), 1)
        # Ben answers with a picture; Ann's open page shows it.
        self.fill(self.ben, "chat-text", "This one?")
        self.ben.find_element(By.ID, "chat-picture").send_keys(FIXTURE)
        self.submit_form_of(self.ben, "chat-text")
        self.wait(self.ann, EC.presence_of_element_located((By.CSS_SELECTOR, "#chat-messages img.chat-picture")), timeout=5)
        self.wait(self.ann, lambda d: d.execute_script(
            "const i = document.querySelector('#chat-messages img.chat-picture'); return i.complete && i.naturalWidth > 0"))
        self.assertIn("This one?", self.ann.find_element(By.ID, "chat-messages").text)
        # Only one's own messages have a delete button.
        self.assertEqual(len(self.ann.find_elements(By.CSS_SELECTOR, "#chat-messages .mine button")), 1)
        self.ann.execute_script("document.getElementById('chat').scrollIntoView()")
        self.screenshot(self.ann, "chat", widths=(390,))
        self.collect_console(self.ann)
        self.collect_console(self.ben)
        self.assertEqual(self.console, [])


if __name__ == "__main__":
    unittest.main()
