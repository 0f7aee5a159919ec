"""The installable, offline-first web app in real Chromium (issue 28): Anna's phone loses its
signal in the shop while Bo, at home, keeps editing the same list.

Anna's browser reaches the server through a small TCP relay in this process: "offline" closes
the relay's connections and refuses new ones (so the page, its WebSocket and the service worker
all lose the server, as in a basement), and DevTools network emulation tells the page
(`navigator.onLine`, the `offline`/`online` events). Bo talks to the server directly.

Prints the figures docs/WEB-APP.md quotes: the offline data kept after opening a list and a cart,
and the time to open a kept list offline.
"""

import json
import os
import socket
import threading
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from webharness import DOCS_SHOTS, FIXTURE, SHOTS, BrowserTestCase, Server, browser


class Relay:
    """A TCP relay to the server that can be cut ("offline") and restored."""

    def __init__(self, port):
        self.upstream = port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.online = True
        self.open = []
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.online:
                client.close()
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    def pump(self, source, target):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def cut(self):
        self.online = False
        with self.lock:
            for end in self.open:
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                end.close()
            self.open = []

    def restore(self):
        self.online = True

    def close(self):
        self.cut()
        self.listener.close()


class OfflineFirst(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.relay = Relay(cls.server.port)
        cls.anna_base = f"http://127.0.0.1:{cls.relay.port}"
        cls.anna = browser()
        cls.bo = browser()
        cls.console = []
        os.makedirs(SHOTS, exist_ok=True)
        if DOCS_SHOTS:
            os.makedirs(DOCS_SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        for driver in (cls.anna, cls.bo):
            try:
                driver.quit()
            except Exception:
                pass
        cls.relay.close()
        cls.server.stop()

    # --- helpers ---

    def go_anna(self, path):
        self.anna.get(self.anna_base + path)

    def set_offline(self, offline):
        if offline:
            self.relay.cut()
        else:
            self.relay.restore()
        self.anna.execute_cdp_cmd("Network.enable", {})
        self.anna.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def api(self, driver, path):
        """A GET of the API with the browser's session, as JSON."""
        return driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch(arguments[0], {credentials: "same-origin", cache: "no-store"})
              .then((r) => r.json()).then(done, (e) => done({error: String(e)}));
        """, path)

    def wait_for_worker(self, driver):
        """Until the service worker controls the page (it claims pages when it activates)."""
        self.wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)

    def row(self, name):
        return f"//li[@data-entry][.//span[contains(@class,'name') and text()='{name}']]"

    def entries(self, driver):
        """name → (done, quantity, waiting) as the page shows them."""
        return driver.execute_script("""
            const result = {};
            for (const li of document.querySelectorAll("#entries li[data-entry]")) {
              result[li.querySelector(".name").textContent] = [li.classList.contains("done"),
                li.querySelector("output.qty").textContent, !!li.querySelector(".badge.waiting")];
            }
            return result;
        """)

    def kept_bytes(self):
        """What the app keeps on the device: the Cache Storage bodies, and the browser's own estimate."""
        return self.anna.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
              let bytes = 0, count = 0;
              const pages = [];
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) {
                  bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
                  count += 1;
                  if (name.includes("pages")) pages.push(new URL(request.url).pathname);
                }
              }
              const estimate = await navigator.storage.estimate();
              return {bytes, count, pages, usage: estimate.usage};
            })().then(done, (e) => done({error: String(e)}));
        """)

    # --- the story ---

    def test_01_installable(self):
        self.go_anna("/signup")
        self.fill(self.anna, "displayName", "Anna")
        self.fill(self.anna, "email", "anna@example.org")
        self.fill(self.anna, "password", "a long password")
        self.submit_form_of(self.anna, "password")
        self.wait(self.anna, EC.url_contains("/households"))
        self.fill(self.anna, "household-name", "Home")
        self.submit_form_of(self.anna, "household-name")
        self.wait(self.anna, EC.url_matches(r"/h/[^/]+$"))
        type(self).household = self.anna.current_url.split("/")[4]
        self.wait_for_worker(self.anna)
        manifest = self.anna.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(manifest.get("errors"), [], manifest)
        parsed = json.loads(manifest["data"])
        self.assertEqual(parsed["display"], "standalone")
        self.assertEqual({icon["sizes"] for icon in parsed["icons"]}, {"192x192", "512x512", "any"})
        errors = self.anna.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        self.assertEqual(errors.get("installabilityErrors"), [], errors)
        # The worker at the root, not kept by the HTTP cache; the icons are PNGs.
        worker = self.anna.execute_script("return navigator.serviceWorker.controller.scriptURL")
        self.assertEqual(worker, self.anna_base + "/sw.js")

    def test_02_bo_joins(self):
        self.go_anna("/households")
        self.anna.find_element(By.XPATH, "//form[contains(@action, '/invites')]//button").click()
        code = self.wait(self.anna, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=invite-code]"))).text
        self.sign_up(self.bo, "Bo", "bo@example.org")
        self.fill(self.bo, "join-code", code)
        self.submit_form_of(self.bo, "join-code")
        self.wait(self.bo, EC.url_contains(f"/h/{self.household}"))

    def test_03_offline_edits_merge_with_a_change_made_meanwhile(self):
        # Anna makes a list and a cart online, and opens both (the worker keeps them).
        self.go_anna(f"/h/{self.household}/lists")
        self.fill(self.anna, "list-name", "Saturday")
        self.submit_form_of(self.anna, "list-name")
        self.wait(self.anna, EC.url_matches(r"/lists/[^/]+$"))
        list_path = self.anna.current_url[len(self.anna_base):]
        for name in ("Milk", "Bread", "Eggs", "Apples"):
            self.fill(self.anna, "entry-name", name)
            self.anna.find_element(By.ID, "entry-name").submit()
            self.wait(self.anna, lambda d, n=name: n in d.find_element(By.ID, "entries").text)
        self.go_anna(f"/h/{self.household}")
        self.fill(self.anna, "cart-name", "Corner shop")
        self.submit_form_of(self.anna, "cart-name")
        self.wait(self.anna, EC.url_contains("/carts/"))
        cart_path = self.anna.current_url[len(self.anna_base):]
        type(self).list_path = list_path
        type(self).cart_path = cart_path
        self.fill(self.anna, "item-name", "Coffee")
        self.anna.find_element(By.ID, "item-name").submit()
        self.wait(self.anna, lambda d: "Coffee" in d.find_element(By.ID, "items").text)
        self.go_anna(f"/h/{self.household}/upload")
        self.go_anna(cart_path)
        self.go_anna(list_path)
        self.wait(self.anna, lambda d: d.execute_script("return document.getElementById('sync-status').textContent") is not None)
        time.sleep(0.5)  # the worker keeps the page and its state after answering
        kept = self.kept_bytes()
        print(f"\noffline: kept after opening a list and a cart: {kept['bytes']} bytes in {kept['count']} responses "
              f"(storage estimate {kept['usage']} bytes); pages and states: {kept['pages']}")
        self.go(self.bo, list_path)

        # The signal goes. The list opens from what the worker kept.
        self.set_offline(True)
        self.go_anna(list_path)
        self.wait(self.anna, lambda d: d.find_element(By.ID, "entries").text != "")
        timing = self.anna.execute_script("""
            const n = performance.getEntriesByType("navigation")[0];
            return {open: n.domContentLoadedEventEnd - n.startTime, worker: n.workerStart > 0};
        """)
        print(f"offline: a kept list opened offline in {timing['open']:.0f} ms (DOMContentLoaded, served by the worker: {timing['worker']})")
        self.assertTrue(timing["worker"])
        self.wait(self.anna, lambda d: "Offline" in d.find_element(By.ID, "sync-status").text)

        # Anna ticks three entries and adds one; each shows at once, waiting.
        for name in ("Milk", "Bread", "Eggs"):
            self.anna.find_element(By.XPATH, self.row(name) + "//form[contains(@class,'tick')]//button").click()
            self.wait(self.anna, lambda d, n=name: self.entries(d)[n][0] and self.entries(d)[n][2])
        self.fill(self.anna, "entry-name", "Butter")
        self.anna.find_element(By.ID, "entry-name").submit()
        self.wait(self.anna, lambda d: "Butter" in self.entries(d))
        self.assertTrue(self.entries(self.anna)["Butter"][2], "waiting")
        self.wait(self.anna, lambda d: "4 waiting" in d.find_element(By.ID, "sync-status").text)
        self.screenshot(self.anna, "offline", widths=(390,))

        # Meanwhile Bo, online, makes it two bottles of milk.
        self.bo.find_element(By.XPATH, self.row("Milk") + "//button[contains(@aria-label,'One more')]").click()
        self.wait(self.bo, lambda d: self.entries(d)["Milk"][1] == "2")

        # The signal is back: both phones show the merged list without a reload (how soon is
        # printed, not asserted: a wall-clock bound fails on a loaded machine, not a slow app).
        self.set_offline(False)
        back = time.time()
        expected = {"Milk": (True, "2"), "Bread": (True, "1"), "Eggs": (True, "1"), "Apples": (False, "1"), "Butter": (False, "1")}

        def merged(d):
            shown = self.entries(d)
            return {name: (done, quantity) for name, (done, quantity, waiting) in shown.items() if not waiting} == expected

        self.wait(self.anna, merged, timeout=15)
        self.wait(self.bo, merged, timeout=15)
        print(f"offline: both browsers showed the merged list {time.time() - back:.2f}s after the connection returned")
        self.assertNotIn("Offline", self.anna.find_element(By.ID, "sync-status").text)
        self.assertIn("synced", self.anna.find_element(By.ID, "sync-status").text)

        # The server has it, once: one Butter, three ticked, Bo's quantity kept.
        stored = self.api(self.bo, f"/api/v1/households/{self.household}/lists/{list_path.split('/')[-1]}")
        by_name = {}
        for entry in stored["entries"]:
            by_name.setdefault(entry["name"], []).append(entry)
        self.assertEqual(sorted(by_name), ["Apples", "Bread", "Butter", "Eggs", "Milk"])
        self.assertEqual(len(by_name["Butter"]), 1)
        self.assertEqual(by_name["Butter"][0]["addedBy"], "Anna")
        self.assertEqual(sorted(n for n in by_name if by_name[n][0]["completed"]), ["Bread", "Eggs", "Milk"])
        self.assertEqual(by_name["Milk"][0]["quantity"], 2)

    def test_04_entry_and_cart_edits_offline(self):
        self.set_offline(True)
        # An entry's name, quantity and note, from its edit panel.
        self.go_anna(self.list_path)
        self.anna.find_element(By.XPATH, self.row("Apples") + "//summary").click()
        entry_id = self.anna.find_element(By.XPATH, self.row("Apples")).get_attribute("data-entry")
        self.fill(self.anna, f"entry-{entry_id}-name", "Green apples")
        self.fill(self.anna, f"entry-{entry_id}-quantity", "3")
        self.fill(self.anna, f"entry-{entry_id}-note", "the sour ones")
        self.submit_form_of(self.anna, f"entry-{entry_id}-note")
        self.wait(self.anna, lambda d: self.entries(d).get("Green apples") == [False, "3", True])
        self.assertIn("the sour ones", self.anna.find_element(By.XPATH, self.row("Green apples")).text)
        # A cart's item ticked and one added; a price that is not one is not kept.
        self.go_anna(self.cart_path)
        self.fill(self.anna, "item-name", "Tea")
        self.fill(self.anna, "item-price", "a lot")
        self.anna.find_element(By.ID, "item-name").submit()
        self.wait(self.anna, lambda d: "check what you entered" in d.find_element(By.ID, "sync-status").text)
        self.assertNotIn("Tea", self.anna.find_element(By.ID, "items").text)
        self.anna.find_element(By.ID, "item-price").clear()
        coffee = "//li[@data-item][.//span[@class='name' and text()='Coffee']]"
        self.anna.find_element(By.XPATH, coffee + "//form[contains(@class,'tick')]//button").click()
        self.fill(self.anna, "item-name", "Sugar")
        self.fill(self.anna, "item-quantity", "2")
        self.anna.find_element(By.ID, "item-name").submit()
        self.wait(self.anna, lambda d: "Sugar" in d.find_element(By.ID, "items").text)
        self.set_offline(False)
        cart_id = self.cart_path.split("/")[-1]

        def stored(d):
            cart = self.api(d, f"/api/v1/households/{self.household}/carts/{cart_id}")
            items = {item["name"]: item for item in cart.get("items", [])}
            return "Sugar" in items and items["Coffee"]["completed"] and items["Sugar"]["quantity"] == 2

        self.wait(self.bo, stored, timeout=5)
        entry = [e for e in self.api(self.bo, f"/api/v1/households/{self.household}/lists/{self.list_path.split('/')[-1]}")["entries"]
                 if e["id"] == entry_id][0]
        self.assertEqual((entry["name"], entry["quantity"], entry["note"]), ("Green apples", 3, "the sour ones"))
        self.wait(self.anna, lambda d: not d.find_elements(By.CSS_SELECTOR, "#items .badge.waiting"), timeout=5)

    def test_05_a_photo_taken_offline_is_read_when_the_connection_returns(self):
        self.set_offline(True)
        self.go_anna(f"/h/{self.household}/upload")
        self.anna.find_element(By.ID, "photo").send_keys(FIXTURE)
        self.anna.find_element(By.CSS_SELECTOR, "form[data-upload] button[type=submit]").click()
        self.wait(self.anna, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=queued-upload]")))
        self.set_offline(False)
        # Uploaded, then the job's page follows the reading and goes on to its review.
        self.wait(self.anna, EC.url_matches(r"/(jobs/[^/]+|carts/[^/]+/review)$"), timeout=20)
        self.wait(self.anna, EC.url_contains("/review"), timeout=180)
        carts = self.api(self.bo, f"/api/v1/households/{self.household}/carts")
        self.assertTrue(any(cart.get("fromReceipt") for cart in carts["carts"]), carts)

    def test_06_logging_out_clears_the_offline_data(self):
        self.go_anna(self.list_path)
        self.anna.find_element(By.CSS_SELECTOR, "form.logout button").click()
        self.wait(self.anna, EC.url_contains("/login"))
        # Clearing is asynchronous (the page's script and the Clear-Site-Data header both do it,
        # and a fetch the worker had in flight may finish after): wait until nothing is left.
        def leftover(driver):
            return driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                (async () => {
                  const page = await caches.match(arguments[0]);
                  const databases = (await indexedDB.databases()).map((d) => d.name);
                  return {page: !!page, databases};
                })().then(done, (e) => done({error: String(e)}));
            """, self.anna_base + self.list_path)
        try:
            self.wait(self.anna, lambda d: leftover(d) == {"page": False, "databases": []}, timeout=5)
        except Exception:
            self.assertEqual(leftover(self.anna), {"page": False, "databases": []})

    def test_99_no_script_errors(self):
        # Offline on purpose: the failed loads are the story's, not script errors.
        self.assert_no_console_errors(self.anna, self.bo, ignoring=("Failed to load resource", "ERR_"))


if __name__ == "__main__":
    unittest.main()
