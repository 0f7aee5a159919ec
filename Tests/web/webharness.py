"""What every browser test file shares: `receipts serve` on a free loopback port over a throw-away
SQLite store, Debian's Chromium through chromedriver (every host but 127.0.0.1 resolves to nothing),
and `BrowserTestCase`, whose helpers wait, fill forms and take screenshots.

Each `Tests/web/test_*.py` file starts its own server (scripts/web-tests.sh runs them all).
"""


import base64
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Relative to the repository (scripts/web-tests.sh runs the tests from Tests/web).
BIN = os.path.join(ROOT, os.environ.get("RECEIPTS_BIN", os.path.join(".build", "debug", "receipts")))
OUTPUT = os.environ.get("WEB_TEST_OUTPUT", os.path.join(ROOT, ".build", "web-tests"))
SHOTS = os.path.join(OUTPUT, "screenshots")
DOCS_SHOTS = os.path.join(ROOT, "docs", "screenshots") if os.environ.get("WEB_SCREENSHOTS_DOCS") == "1" else None
FIXTURE = os.path.join(ROOT, "Fixtures", "receipts", "us-grocery-freshmart.png")
PASSWORD = "a long password"


class Server:
    """`receipts serve` on a free port over a new SQLite store."""

    def __init__(self):
        self.work = tempfile.mkdtemp(prefix="receipts-web.")
        # Tesseract alone (as the Swift tests run): the same reading on every machine.
        env = dict(os.environ, OMP_THREAD_LIMIT="1", RECEIPTS_STORE="", CHOMP_API_KEY="", RECEIPTS_NEURAL="off")
        self.out = open(os.path.join(self.work, "serve.out"), "w+")
        self.err = open(os.path.join(self.work, "serve.err"), "w+")
        self.process = subprocess.Popen(
            [BIN, "serve", "--store", os.path.join(self.work, "store.sqlite"), "--host", "127.0.0.1", "--port", "0",
             "--workers", "1", "--bcrypt-cost", "4", "--log-level", "error"],
            cwd=ROOT, env=env, stdout=self.out, stderr=self.err)
        deadline = time.time() + 60
        self.port = None
        while time.time() < deadline and self.port is None:
            self.out.seek(0)
            found = re.search(r"^PORT (\d+)$", self.out.read(), re.M)
            if found:
                self.port = int(found.group(1))
            elif self.process.poll() is not None:
                break
            else:
                time.sleep(0.1)
        if self.port is None:
            self.err.seek(0)
            raise RuntimeError("receipts serve did not start: " + self.err.read()[-2000:])
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.out.close()
        self.err.close()
        shutil.rmtree(self.work, ignore_errors=True)


def browser(javascript=True):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(0)
    return driver


class BrowserTestCase(unittest.TestCase):
    """Helpers for a story told in browsers against `cls.server`; a subclass starts the server and browsers."""

    console = []
    server = None
    drivers = []
    # Tests of the class begun so far: a console check run alone has no story behind it to check.
    tests_begun = 0

    def setUp(self):
        type(self).tests_begun += 1

    @classmethod
    def start(cls, *names):
        """`receipts serve` on a new store, and a browser for each name (`cls.<name>`)."""
        cls.server = Server()
        cls.console = []
        cls.drivers = []
        for name in names:
            driver = browser()
            setattr(cls, name, driver)
            cls.drivers.append(driver)
        os.makedirs(SHOTS, exist_ok=True)
        if DOCS_SHOTS:
            os.makedirs(DOCS_SHOTS, exist_ok=True)

    @classmethod
    def stop(cls):
        """Quits the browsers `start` opened, then stops the server."""
        for driver in cls.drivers:
            try:
                driver.quit()
            except Exception:
                pass
        cls.server.stop()

    # --- helpers ---

    def go(self, driver, path):
        driver.get(self.server.base + path)
        self.collect_console(driver)

    def assert_no_console_errors(self, *drivers, ignoring=()):
        """No SEVERE console entry in the browsers the class's story used: `drivers`, else those
        `start` opened (one never started is None and left out); entries containing any of
        `ignoring` do not count. Skipped when no test of the class ran before this one: alone it
        would check a browser that opened no page and pass whatever the pages do."""
        if type(self).tests_begun <= 1:
            self.skipTest("no test of its class ran before it: run the class to check the console of its story")
        for driver in drivers or self.drivers:
            if driver is not None:
                self.collect_console(driver)
        errors = [e for e in self.console if not any(part in e for part in ignoring)]
        self.assertEqual(errors, [])

    def collect_console(self, driver):
        for entry in driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                self.console.append(f"{driver.current_url}: {entry.get('message')}")

    def wait(self, driver, condition, timeout=10):
        # A live region may be swapped between finding an element and reading it: look again.
        def look(d):
            try:
                return condition(d)
            except WebDriverException as error:
                # Chromium reports an element of a page that was just replaced (a form posted
                # without JavaScript loads a new one) this way, not as a stale element.
                if "does not belong to the document" in str(error):
                    return False
                raise
        return WebDriverWait(driver, timeout, poll_frequency=0.05,
                             ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(look)

    def fill(self, driver, field_id, text):
        element = driver.find_element(By.ID, field_id)
        element.clear()
        element.send_keys(text)
        return element

    def submit_form_of(self, driver, field_id, reloads=False):
        """Clicks the submit button of the field's form; with `reloads`, waits until the page the
        form posted from is gone, so what follows reads the answer, not the page it was filled on."""
        form = driver.find_element(By.ID, field_id).find_element(By.XPATH, "./ancestor::form")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        if reloads:
            def gone(d):
                try:
                    return EC.staleness_of(form)(d)
                except WebDriverException as error:
                    # Chromium's word for an element of the page being replaced: it is gone.
                    if "does not belong to the document" in str(error):
                        return True
                    raise
            WebDriverWait(driver, 30, poll_frequency=0.05).until(gone)

    def path(self, driver):
        return driver.current_url[len(self.server.base):]

    def screenshot(self, driver, name, widths=(390, 1280)):
        """A full-page screenshot per width (the page laid out at that width)."""
        for width in widths:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 800})
            height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": min(height, 4000), "scale": 1}})
            data = base64.b64decode(shot["data"])
            with open(os.path.join(SHOTS, f"{name}-{width}.png"), "wb") as file:
                file.write(data)
            if DOCS_SHOTS and width == 390:
                with open(os.path.join(DOCS_SHOTS, f"{name}.png"), "wb") as file:
                    file.write(data)
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def chart_and_heading_font_sizes(self, driver, width):
        """The month chart's label font size as drawn (scaled by any viewBox) and the h2's, in px, at `width`."""
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 800})
        try:
            return driver.execute_script("""
                const label = document.querySelector("svg[data-testid=chart-months] text.label");
                const svg = label.ownerSVGElement;
                const box = svg.viewBox.baseVal;
                const scale = box && box.width ? svg.getBoundingClientRect().width / box.width : 1;
                const h2 = document.querySelector("#spend h2");
                return [parseFloat(getComputedStyle(label).fontSize) * scale, parseFloat(getComputedStyle(h2).fontSize)];
            """)
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def sign_up(self, driver, name, email):
        self.go(driver, "/signup")
        self.fill(driver, "displayName", name)
        self.fill(driver, "email", email)
        self.fill(driver, "password", PASSWORD)
        self.submit_form_of(driver, "password")
        self.wait(driver, EC.url_contains("/households"))
