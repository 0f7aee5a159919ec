"""Recommendations and presets in a real browser (issue 30's recommendations, issue 28's presets).

Ada's household has four weeks of carts (imported into the server's store): milk and corn flakes
go together, bread comes every 7 days. Her list page then suggests bread as due again and corn
flakes as bought with the milk on the list; a recipe from the Recipe API (the loopback fake
Chomp server, with its --recipes fixture) becomes a preset, which goes onto the list scaled to
8 servings. Screenshots: docs/screenshots/recommendations.png and preset.png (with
WEB_SCREENSHOTS_DOCS=1).
"""

import datetime
import json
import os
import re
import subprocess
import sys
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from webharness import BIN, ROOT, BrowserTestCase

MILK = {"barcode": "0071230000016", "name": "Whole Milk, 1 Gallon", "brand": "Farm Fresh", "source": "catalog"}
FLAKES = {"barcode": "0071233000075", "name": "Corn Flakes Cereal", "source": "catalog"}
BREAD = {"barcode": "0071233000013", "name": "White Sandwich Bread", "source": "catalog"}


def start_fake_chomp():
    process = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "scripts", "fake-chomp-server.py"),
         "--recipes", os.path.join(ROOT, "Fixtures", "catalog", "recipes.json")],
        stdout=subprocess.PIPE, text=True)
    port = int(re.match(r"PORT (\d+)", process.stdout.readline()).group(1))
    return process, port


class RecommendationFlows(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.chomp, port = start_fake_chomp()
        cls.saved_env = {name: os.environ.get(name) for name in ("CHOMP_RECIPE_API_KEY", "CHOMP_BASE_URL")}
        os.environ["CHOMP_RECIPE_API_KEY"] = "recipe-key"
        os.environ["CHOMP_BASE_URL"] = f"http://127.0.0.1:{port}/api/v2"
        cls.start("ada")
        cls.household = None
        cls.list_path = None

    @classmethod
    def tearDownClass(cls):
        cls.stop()
        cls.chomp.terminate()
        cls.chomp.wait(timeout=10)
        for name, value in cls.saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value

    def import_carts(self):
        """Four weekly carts: milk with corn flakes three times, bread every time."""
        today = datetime.datetime.now(datetime.timezone.utc).date()
        lines = []
        for days_ago, products in ((28, [MILK, FLAKES, BREAD]), (21, [MILK, FLAKES, BREAD]), (14, [BREAD]), (7, [MILK, FLAKES, BREAD])):
            day = (today - datetime.timedelta(days=days_ago)).isoformat()
            cart_id = f"history-{days_ago}"
            lines.append(json.dumps({"collection": "carts", "id": cart_id, "rev": 1, "deleted": False, "document": {
                "id": cart_id, "type": "cart", "name": f"Fresh Mart {day}", "addedByUser": "Ada", "addedOn": day, "date": day,
                "currency": "USD", "household": self.household,
                "items": [{"name": p["name"].upper(), "completed": True, "product": p} for p in products]}}))
        path = os.path.join(self.server.work, "history.jsonl")
        with open(path, "w") as file:
            file.write("\n".join(lines) + "\n")
        subprocess.run([BIN, "import", "--store", os.path.join(self.server.work, "store.sqlite"), path],
                       check=True, capture_output=True, env=dict(os.environ, OMP_THREAD_LIMIT="1", RECEIPTS_NEURAL="off"))

    def test_01_a_list_page_suggests_what_is_due_and_what_goes_with_it(self):
        self.sign_up(self.ada, "Ada", "ada@example.org")
        self.fill(self.ada, "household-name", "Ada's")
        self.submit_form_of(self.ada, "household-name")
        self.wait(self.ada, EC.url_matches(r"/h/[^/]+$"))
        type(self).household = self.path(self.ada).split("/")[2]
        self.import_carts()
        self.go(self.ada, f"/h/{self.household}/lists")
        self.fill(self.ada, "list-name", "Week")
        self.submit_form_of(self.ada, "list-name")
        self.wait(self.ada, EC.url_matches(r"/lists/[^/]+$"))
        type(self).list_path = self.path(self.ada)
        self.fill(self.ada, "entry-name", "milk")
        self.submit_form_of(self.ada, "entry-name")
        self.wait(self.ada, lambda d: "milk" in d.find_element(By.ID, "entries").text.lower())
        self.wait(self.ada, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=bought-together]")))
        due = self.wait(self.ada, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=due-again]")))
        self.assertIn("White Sandwich Bread", due.text)
        self.assertIn("you buy this about every 7 days", due.text)
        together = self.ada.find_element(By.CSS_SELECTOR, "[data-testid=bought-together]")
        self.assertIn("Corn Flakes Cereal", together.text)
        self.assertIn("often bought with whole milk, 1 gallon", together.text)
        self.ada.find_element(By.ID, "suggestions").location_once_scrolled_into_view
        self.screenshot(self.ada, "recommendations")
        # One tap adds it, with its catalog product; it is then no longer suggested.
        together.find_element(By.CSS_SELECTOR, "button[aria-label='Add Corn Flakes Cereal']").click()
        self.wait(self.ada, lambda d: "Corn Flakes Cereal" in d.find_element(By.ID, "entries").text)
        self.wait(self.ada, lambda d: "Corn Flakes Cereal" not in d.find_element(By.ID, "suggestions-section").text)

    def test_02_a_recipe_becomes_a_preset_and_goes_onto_the_list_scaled(self):
        self.go(self.ada, f"/h/{self.household}/presets")
        self.fill(self.ada, "recipe-search", "tacos")
        self.submit_form_of(self.ada, "recipe-search")
        recipe = self.wait(self.ada, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=recipe]")))
        self.assertIn("Beef Tacos", recipe.text)
        recipe.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        preset = self.wait(self.ada, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=preset]")))
        self.assertIn("Beef Tacos", preset.text)
        self.assertIn("8 Flour Tortillas", preset.text)
        self.go(self.ada, self.list_path)
        Select(self.ada.find_element(By.ID, "preset-choice")).select_by_visible_text("Beef Tacos (for 4)")
        self.fill(self.ada, "preset-servings", "8")
        self.submit_form_of(self.ada, "preset-servings")
        self.wait(self.ada, lambda d: "Flour Tortillas" in d.find_element(By.ID, "entries").text)
        row = self.ada.find_element(By.XPATH, "//li[contains(@class,'entry')][.//span[@class='name' and text()='Flour Tortillas']]")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, "[data-testid=quantity]").text, "16")
        self.screenshot(self.ada, "preset")
        self.assertEqual(self.console, [])


if __name__ == "__main__":
    unittest.main()
