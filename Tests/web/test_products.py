"""Products in a real browser (issue 30): browse the catalog by category, star a product, read a
receipt so the household has a price history, then the product page (picture, brand, barcode,
calories, where it was cheapest, the price chart, a review), the Favourites view with its one-tap
add to a list, the star on a list's search results, spending per category on the Spend page, and the account's locale and default currency.

Screenshots go to WEB_TEST_OUTPUT (default .build/web-tests/screenshots); with
WEB_SCREENSHOTS_DOCS=1 docs/screenshots/product.png and favourites.png are written too.
"""

import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from webharness import FIXTURE, BrowserTestCase

MILK = "0071230000016"


class ProductFlows(BrowserTestCase):
    """One story in order: each step builds on the ones before (the names keep the order)."""

    @classmethod
    def setUpClass(cls):
        cls.start("anna")
        cls.household = None

    @classmethod
    def tearDownClass(cls):
        cls.stop()

    def test_01_household_and_a_list(self):
        self.sign_up(self.anna, "Anna", "anna@example.org")
        self.fill(self.anna, "household-name", "Home")
        self.submit_form_of(self.anna, "household-name")
        self.wait(self.anna, EC.url_matches(r"/h/[^/]+$"))
        type(self).household = self.path(self.anna).split("/")[2]
        self.go(self.anna, f"/h/{self.household}/lists")
        self.fill(self.anna, "list-name", "Weekly")
        self.submit_form_of(self.anna, "list-name")
        self.wait(self.anna, EC.url_matches(r"/lists/[^/]+$"))

    def test_02_browse_by_category_and_star(self):
        self.go(self.anna, f"/h/{self.household}")
        self.anna.find_element(By.LINK_TEXT, "Products").click()
        self.wait(self.anna, EC.url_contains("/categories"))
        names = [e.text for e in self.anna.find_elements(By.CSS_SELECTOR, "#categories .name")]
        self.assertIn("Dairy", names)
        self.assertNotIn("Molkereiprodukte", names)
        self.anna.find_element(By.PARTIAL_LINK_TEXT, "Dairy").click()
        self.wait(self.anna, EC.url_contains("/categories/Dairy"))
        row = self.anna.find_element(By.XPATH, "//li[@data-testid='category-product'][.//a[text()='Whole Milk, 1 Gallon']]")
        star = row.find_element(By.CSS_SELECTOR, "[data-testid=star]")
        self.assertEqual(star.get_attribute("aria-pressed"), "false")
        star.click()
        self.wait(self.anna, lambda d: d.find_element(
            By.XPATH, "//li[@data-testid='category-product'][.//a[text()='Whole Milk, 1 Gallon']]//button[@data-testid='star']"
        ).get_attribute("aria-pressed") == "true")

    def test_03_a_product_never_bought_says_so(self):
        self.go(self.anna, f"/h/{self.household}/products/{MILK}")
        self.assertTrue(self.anna.find_elements(By.CSS_SELECTOR, "[data-testid=never-bought]"))

    def test_04_a_receipt_gives_the_product_its_prices(self):
        self.go(self.anna, f"/h/{self.household}/upload")
        self.anna.find_element(By.ID, "photo").send_keys(FIXTURE)
        self.submit_form_of(self.anna, "photo")
        self.wait(self.anna, EC.url_contains("/review"), timeout=180)
        self.go(self.anna, f"/h/{self.household}/products/{MILK}")
        page = self.anna.find_element(By.CSS_SELECTOR, "[data-testid=product-page]")
        self.assertEqual(self.anna.find_element(By.TAG_NAME, "h1").text, "Whole Milk, 1 Gallon")
        self.assertEqual(page.find_element(By.CSS_SELECTOR, "[data-testid=product-brand]").text, "Farm Fresh")
        self.assertEqual(page.find_element(By.CSS_SELECTOR, "[data-testid=product-barcode]").text, MILK)
        self.assertEqual(page.find_element(By.CSS_SELECTOR, "[data-testid=product-category]").text, "Dairy")
        self.assertIn("kcal per 100 g", page.find_element(By.CSS_SELECTOR, "[data-testid=product-calories]").text)
        self.assertEqual(page.find_element(By.CSS_SELECTOR, "[data-testid=cheapest]").text,
                         "cheapest at FRESH MART: 3.49 USD on 2024-03-09")
        self.assertTrue(page.find_elements(By.CSS_SELECTOR, "svg[data-testid=price-chart] circle"))
        self.assertEqual(page.find_element(By.CSS_SELECTOR, "[data-testid=star]").get_attribute("aria-pressed"), "true")

    def test_05_a_review(self):
        self.anna.find_element(By.CSS_SELECTOR, "input[name=rating][value='4']").click()
        self.fill(self.anna, "review-comment", "Creamy <b>and</b> fresh")
        self.submit_form_of(self.anna, "review-comment")
        self.wait(self.anna, lambda d: "Average 4 of 5 from 1 review" in d.find_element(
            By.CSS_SELECTOR, "[data-testid=review-average]").text)
        self.assertIn("Creamy <b>and</b> fresh", self.anna.find_element(By.CSS_SELECTOR, "[data-testid=review]").text)
        self.screenshot(self.anna, "product")

    def test_06_favourites_and_one_tap_to_a_list(self):
        self.go(self.anna, f"/h/{self.household}/favourites")
        favourites = self.anna.find_elements(By.CSS_SELECTOR, "[data-testid=favourite]")
        self.assertEqual(len(favourites), 1)
        self.assertIn("Whole Milk, 1 Gallon", favourites[0].text)
        self.screenshot(self.anna, "favourites")
        favourites[0].find_element(By.CSS_SELECTOR, "[data-testid=add-to-list]").click()
        self.wait(self.anna, EC.url_matches(r"/lists/[^/?]+$"))
        self.assertIn("Whole Milk, 1 Gallon", self.anna.find_element(By.TAG_NAME, "main").text)

    def test_07_a_star_on_search_results(self):
        list_path = self.path(self.anna)
        self.go(self.anna, f"{list_path}?q=bananas")
        stars = self.anna.find_elements(By.CSS_SELECTOR, "li.product [data-testid=star]")
        self.assertTrue(stars)
        stars[0].click()
        # The star posts and the search page comes back with the same address: wait for the new
        # page's star, not the old page's.
        # While the new page loads there may be no star at all: look again until there is.
        def new_star_pressed(d):
            stars = d.find_elements(By.CSS_SELECTOR, "li.product [data-testid=star]")
            return bool(stars) and stars[0].get_attribute("aria-pressed") == "true"
        self.wait(self.anna, new_star_pressed)
        self.go(self.anna, f"/h/{self.household}/favourites")
        self.assertEqual(len(self.anna.find_elements(By.CSS_SELECTOR, "[data-testid=favourite]")), 2)

    def test_08_spending_per_category(self):
        self.go(self.anna, f"/h/{self.household}/spend?period=all")
        section = self.wait(self.anna, EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=spend-categories]")))
        self.assertIn("Dairy", section.get_attribute("innerHTML"))

    def test_09_account_locale_and_default_currency(self):
        self.anna.find_element(By.CSS_SELECTOR, "header .account").click()
        self.wait(self.anna, EC.url_contains("/account"))
        self.fill(self.anna, "profile-currency", "EUR")
        Select(self.anna.find_element(By.ID, "profile-locale")).select_by_value("de-DE")
        self.submit_form_of(self.anna, "profile-name", reloads=True)
        self.wait(self.anna, lambda d: d.find_element(By.ID, "profile-currency").get_attribute("value") == "EUR", timeout=30)
        self.anna.find_element(By.ID, "profile-picture").send_keys(FIXTURE)
        self.submit_form_of(self.anna, "profile-picture", reloads=True)
        # The picture is decoded and checked on the server: give a busy machine time.
        picture = self.wait(self.anna, EC.presence_of_element_located((By.CSS_SELECTOR, "img.profile-picture")), timeout=30)
        self.wait(self.anna, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture), timeout=30)
        self.go(self.anna, f"/h/{self.household}/products/{MILK}")
        self.assertEqual(self.anna.find_element(By.CSS_SELECTOR, "[data-testid=cheapest]").text,
                         "cheapest at FRESH MART: 3,49 $ on 9.3.2024")
        self.go(self.anna, f"/h/{self.household}")
        self.assertEqual(self.anna.find_element(By.ID, "cart-currency").get_attribute("value"), "EUR")

    def test_99_no_console_errors(self):
        self.assert_no_console_errors()


if __name__ == "__main__":
    unittest.main()
