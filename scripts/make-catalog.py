#!/usr/bin/python3
"""Write the embedded default product catalog Fixtures/catalog/products.json.

Command (from the repository root):

    /usr/bin/python3 scripts/make-catalog.py

Plain Python 3, no dependencies, deterministic (no randomness: barcodes come
from fixed invented manufacturer prefixes and a per-brand counter).

The output is Chomp-shaped ({"items": [...]}, see ../shared/docs/chomp-api.md):
barcode, name, brand, categories, keywords, package {quantity, size}, serving,
nutrients per 100 g (Energy kcal, Protein, Total lipid (fat), Carbohydrate, by
difference, Sugars, total including NLEA, Sodium, Na). ALL BARCODES ARE
INVENTED (valid EAN-13 / UPC-A check digits, but not real products' codes),
and every item has the keyword "fixture". Nutrient values are rounded
typical values for the kind of food, not any brand's label.

It also writes Fixtures/matching/receipt-lines.json from CASES (receipt-style
lines -> expected product barcode or null) and checks it: every expected
barcode must exist in the catalog and no line may repeat.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "catalog", "products.json")
MATCHING = os.path.join(ROOT, "Fixtures", "matching", "receipt-lines.json")

# profile -> (kcal, protein g, fat g, carbs g, sugars g, sodium mg, serving size, unit, serving text)
P = {
    "milk_whole": (61, 3.2, 3.3, 4.8, 5.1, 43, "240", "ml", "1 cup (240 ml)"),
    "milk_2": (50, 3.3, 2.0, 4.8, 5.1, 44, "240", "ml", "1 cup (240 ml)"),
    "milk_1": (42, 3.4, 1.0, 5.0, 5.0, 44, "240", "ml", "1 cup (240 ml)"),
    "milk_skim": (34, 3.4, 0.1, 5.0, 5.0, 42, "240", "ml", "1 cup (240 ml)"),
    "milk_choc": (83, 3.2, 3.4, 10.3, 9.5, 60, "240", "ml", "1 cup (240 ml)"),
    "milk_almond": (15, 0.6, 1.2, 0.6, 0.0, 70, "240", "ml", "1 cup (240 ml)"),
    "milk_oat": (48, 1.0, 2.8, 5.1, 3.3, 42, "240", "ml", "1 cup (240 ml)"),
    "eggs": (143, 12.6, 9.5, 0.7, 0.4, 142, "50", "g", "1 large egg (50 g)"),
    "butter": (717, 0.9, 81.1, 0.1, 0.1, 643, "14", "g", "1 tbsp (14 g)"),
    "butter_unsalted": (717, 0.9, 81.1, 0.1, 0.1, 11, "14", "g", "1 tbsp (14 g)"),
    "cheddar": (403, 24.9, 33.1, 1.3, 0.5, 621, "28", "g", "1 oz (28 g)"),
    "mozzarella": (280, 27.5, 17.1, 3.1, 1.0, 627, "28", "g", "1 oz (28 g)"),
    "swiss": (380, 27.0, 31.0, 1.5, 1.3, 192, "28", "g", "1 oz (28 g)"),
    "american": (307, 16.7, 25.0, 6.3, 4.7, 1400, "21", "g", "1 slice (21 g)"),
    "parmesan": (431, 38.5, 29.0, 4.1, 0.9, 1529, "5", "g", "1 tbsp (5 g)"),
    "gouda": (356, 24.9, 27.4, 2.2, 2.2, 819, "28", "g", "1 slice (28 g)"),
    "cream_cheese": (342, 6.0, 34.0, 4.1, 3.2, 321, "28", "g", "2 tbsp (28 g)"),
    "sour_cream": (198, 2.4, 19.4, 4.6, 3.4, 31, "30", "g", "2 tbsp (30 g)"),
    "yogurt_greek": (59, 10.2, 0.4, 3.6, 3.2, 36, "170", "g", "1 container (170 g)"),
    "yogurt_greek_van": (95, 8.5, 2.0, 11.0, 10.0, 35, "150", "g", "1 container (150 g)"),
    "yogurt_fruit": (95, 3.5, 1.4, 16.0, 15.0, 50, "150", "g", "1 container (150 g)"),
    "yogurt_plain": (61, 3.5, 3.3, 4.7, 4.7, 46, "150", "g", "3/4 cup (150 g)"),
    "quark": (67, 12.0, 0.2, 4.0, 4.0, 40, "125", "g", "125 g"),
    "cottage": (98, 11.1, 4.3, 3.4, 2.7, 364, "113", "g", "1/2 cup (113 g)"),
    "cream_heavy": (340, 2.8, 36.0, 2.7, 2.9, 27, "15", "ml", "1 tbsp (15 ml)"),
    "half_half": (131, 3.1, 11.5, 4.3, 4.1, 61, "30", "ml", "2 tbsp (30 ml)"),
    "ice_cream": (207, 3.5, 11.0, 23.6, 21.0, 80, "66", "g", "2/3 cup (66 g)"),
    "banana": (89, 1.1, 0.3, 22.8, 12.2, 1, "118", "g", "1 medium (118 g)"),
    "apple": (52, 0.3, 0.2, 13.8, 10.4, 1, "182", "g", "1 medium (182 g)"),
    "orange": (47, 0.9, 0.1, 11.8, 9.4, 0, "131", "g", "1 medium (131 g)"),
    "avocado": (160, 2.0, 14.7, 8.5, 0.7, 7, "50", "g", "1/3 medium (50 g)"),
    "tomato": (18, 0.9, 0.2, 3.9, 2.6, 5, "123", "g", "1 medium (123 g)"),
    "lettuce": (17, 1.2, 0.3, 3.3, 1.2, 8, "85", "g", "1 1/2 cup (85 g)"),
    "onion": (40, 1.1, 0.1, 9.3, 4.2, 4, "110", "g", "1 medium (110 g)"),
    "potato": (77, 2.0, 0.1, 17.5, 0.8, 6, "148", "g", "1 medium (148 g)"),
    "sweet_potato": (86, 1.6, 0.1, 20.1, 4.2, 55, "130", "g", "1 medium (130 g)"),
    "carrot": (41, 0.9, 0.2, 9.6, 4.7, 69, "78", "g", "1 medium (78 g)"),
    "broccoli": (34, 2.8, 0.4, 6.6, 1.7, 33, "91", "g", "1 cup (91 g)"),
    "spinach": (23, 2.9, 0.4, 3.6, 0.4, 79, "85", "g", "3 cups (85 g)"),
    "cucumber": (15, 0.7, 0.1, 3.6, 1.7, 2, "99", "g", "1/3 medium (99 g)"),
    "pepper": (31, 1.0, 0.3, 6.0, 4.2, 4, "148", "g", "1 medium (148 g)"),
    "strawberry": (32, 0.7, 0.3, 7.7, 4.9, 1, "147", "g", "8 medium (147 g)"),
    "blueberry": (57, 0.7, 0.3, 14.5, 10.0, 1, "148", "g", "1 cup (148 g)"),
    "grapes": (69, 0.7, 0.2, 18.1, 15.5, 2, "126", "g", "3/4 cup (126 g)"),
    "lemon": (29, 1.1, 0.3, 9.3, 2.5, 2, "58", "g", "1 medium (58 g)"),
    "lime": (30, 0.7, 0.2, 10.5, 1.7, 2, "67", "g", "1 medium (67 g)"),
    "celery": (16, 0.7, 0.2, 3.0, 1.3, 80, "110", "g", "2 stalks (110 g)"),
    "mushroom": (22, 3.1, 0.3, 3.3, 2.0, 5, "84", "g", "5 medium (84 g)"),
    "garlic": (149, 6.4, 0.5, 33.1, 1.0, 17, "3", "g", "1 clove (3 g)"),
    "corn": (86, 3.3, 1.4, 19.0, 6.3, 15, "90", "g", "1 medium ear (90 g)"),
    "melon": (30, 0.6, 0.2, 7.6, 6.2, 1, "280", "g", "2 cups (280 g)"),
    "pineapple": (50, 0.5, 0.1, 13.1, 9.9, 1, "112", "g", "2 slices (112 g)"),
    "peach": (39, 0.9, 0.3, 9.5, 8.4, 0, "147", "g", "1 medium (147 g)"),
    "pear": (57, 0.4, 0.1, 15.2, 9.8, 1, "166", "g", "1 medium (166 g)"),
    "cabbage": (25, 1.3, 0.1, 5.8, 3.2, 18, "84", "g", "1/12 head (84 g)"),
    "green_beans": (31, 1.8, 0.2, 7.0, 3.3, 6, "83", "g", "3/4 cup (83 g)"),
    "herb": (23, 2.1, 0.5, 3.7, 0.9, 46, "4", "g", "1/4 cup (4 g)"),
    "zucchini": (17, 1.2, 0.3, 3.1, 2.5, 8, "196", "g", "1 medium (196 g)"),
    "kale": (35, 2.9, 1.5, 4.4, 1.0, 53, "85", "g", "1 1/2 cups (85 g)"),
    "salad_mix": (17, 1.2, 0.2, 3.3, 1.0, 30, "85", "g", "3 cups (85 g)"),
    "chicken_breast": (120, 22.5, 2.6, 0.0, 0.0, 45, "112", "g", "4 oz (112 g)"),
    "chicken_thigh": (177, 19.7, 10.9, 0.0, 0.0, 84, "112", "g", "4 oz (112 g)"),
    "chicken_whole": (215, 18.6, 15.1, 0.0, 0.0, 70, "112", "g", "4 oz (112 g)"),
    "chicken_wings": (191, 17.5, 12.9, 0.0, 0.0, 73, "112", "g", "4 oz (112 g)"),
    "beef_80": (254, 17.2, 20.0, 0.0, 0.0, 66, "112", "g", "4 oz (112 g)"),
    "beef_90": (176, 20.0, 10.0, 0.0, 0.0, 66, "112", "g", "4 oz (112 g)"),
    "ribeye": (291, 18.9, 23.8, 0.0, 0.0, 54, "112", "g", "4 oz (112 g)"),
    "sirloin": (160, 21.0, 8.0, 0.0, 0.0, 58, "112", "g", "4 oz (112 g)"),
    "pork_chop": (172, 21.0, 9.4, 0.0, 0.0, 50, "112", "g", "4 oz (112 g)"),
    "bacon": (458, 11.6, 45.0, 1.5, 0.0, 833, "16", "g", "2 slices (16 g)"),
    "ham_deli": (107, 16.8, 3.7, 1.5, 1.0, 1080, "56", "g", "2 oz (56 g)"),
    "turkey_deli": (104, 17.0, 2.0, 3.0, 2.0, 1015, "56", "g", "2 oz (56 g)"),
    "salami": (336, 22.0, 26.0, 1.2, 1.0, 1700, "28", "g", "1 oz (28 g)"),
    "hot_dog": (290, 10.3, 26.0, 4.0, 2.0, 1090, "45", "g", "1 frank (45 g)"),
    "sausage": (301, 12.0, 27.0, 1.4, 0.7, 730, "85", "g", "1 link (85 g)"),
    "turkey_ground": (150, 19.0, 8.0, 0.0, 0.0, 73, "112", "g", "4 oz (112 g)"),
    "salmon": (208, 20.0, 13.4, 0.0, 0.0, 59, "112", "g", "4 oz (112 g)"),
    "shrimp": (85, 20.0, 0.5, 0.0, 0.0, 119, "112", "g", "4 oz (112 g)"),
    "white_fish": (96, 20.0, 1.7, 0.0, 0.0, 52, "112", "g", "4 oz (112 g)"),
    "tuna_can": (116, 25.5, 0.8, 0.0, 0.0, 247, "56", "g", "2 oz drained (56 g)"),
    "liverwurst": (326, 14.1, 28.5, 2.2, 1.0, 860, "30", "g", "30 g"),
    "bread_white": (266, 7.6, 3.3, 49.0, 5.0, 490, "25", "g", "1 slice (25 g)"),
    "bread_wheat": (252, 12.4, 3.5, 43.0, 6.0, 450, "28", "g", "1 slice (28 g)"),
    "bread_sourdough": (289, 11.8, 1.8, 56.0, 2.5, 600, "50", "g", "1 slice (50 g)"),
    "bread_rye": (259, 8.5, 3.3, 48.0, 3.9, 603, "50", "g", "1 Scheibe (50 g)"),
    "bread_wholegrain": (220, 7.0, 2.0, 41.0, 3.0, 450, "50", "g", "1 Scheibe (50 g)"),
    "roll": (270, 9.0, 2.0, 53.0, 3.0, 500, "50", "g", "1 roll (50 g)"),
    "pretzel_soft": (300, 8.0, 3.5, 57.0, 1.5, 1100, "80", "g", "1 pretzel (80 g)"),
    "bagel": (257, 10.0, 1.5, 50.0, 5.0, 430, "99", "g", "1 bagel (99 g)"),
    "english_muffin": (227, 8.9, 1.7, 44.0, 3.5, 425, "57", "g", "1 muffin (57 g)"),
    "tortilla": (306, 8.2, 8.0, 50.0, 2.5, 736, "45", "g", "1 tortilla (45 g)"),
    "croissant": (406, 8.2, 21.0, 45.8, 11.0, 467, "57", "g", "1 croissant (57 g)"),
    "muffin": (377, 4.6, 17.0, 52.0, 30.0, 340, "113", "g", "1 muffin (113 g)"),
    "donut": (452, 4.9, 25.0, 51.0, 23.0, 326, "60", "g", "1 donut (60 g)"),
    "cookie": (488, 5.0, 24.0, 64.0, 35.0, 350, "30", "g", "3 cookies (30 g)"),
    "cake": (370, 4.0, 16.0, 53.0, 37.0, 300, "80", "g", "1 slice (80 g)"),
    "peanut_butter": (598, 22.0, 51.0, 22.0, 10.0, 430, "32", "g", "2 tbsp (32 g)"),
    "jelly": (266, 0.2, 0.0, 70.0, 50.0, 30, "20", "g", "1 tbsp (20 g)"),
    "hazelnut_spread": (539, 6.3, 30.9, 57.5, 56.3, 41, "37", "g", "2 tbsp (37 g)"),
    "pasta": (371, 13.0, 1.5, 75.0, 2.7, 6, "56", "g", "2 oz dry (56 g)"),
    "rice": (365, 7.1, 0.7, 80.0, 0.1, 5, "45", "g", "1/4 cup dry (45 g)"),
    "rice_brown": (367, 7.5, 3.2, 76.0, 0.9, 4, "45", "g", "1/4 cup dry (45 g)"),
    "cereal_flakes": (357, 7.5, 0.4, 84.0, 10.0, 729, "28", "g", "1 cup (28 g)"),
    "cereal_oat_rings": (367, 12.0, 6.7, 73.0, 4.4, 500, "28", "g", "1 cup (28 g)"),
    "cereal_sweet": (400, 5.0, 4.0, 88.0, 33.0, 400, "30", "g", "3/4 cup (30 g)"),
    "granola": (471, 10.0, 20.0, 64.0, 24.0, 26, "50", "g", "1/2 cup (50 g)"),
    "oats": (379, 13.2, 6.5, 67.7, 1.0, 6, "40", "g", "1/2 cup dry (40 g)"),
    "flour": (364, 10.3, 1.0, 76.3, 0.3, 2, "30", "g", "1/4 cup (30 g)"),
    "sugar": (387, 0.0, 0.0, 100.0, 100.0, 1, "4", "g", "1 tsp (4 g)"),
    "salt": (0, 0.0, 0.0, 0.0, 0.0, 38758, "1.5", "g", "1/4 tsp (1.5 g)"),
    "oil": (884, 0.0, 100.0, 0.0, 0.0, 0, "14", "ml", "1 tbsp (14 ml)"),
    "pasta_sauce": (50, 1.5, 1.5, 8.0, 5.0, 420, "125", "g", "1/2 cup (125 g)"),
    "beans_can": (91, 6.0, 0.3, 16.0, 0.3, 384, "130", "g", "1/2 cup (130 g)"),
    "tomatoes_can": (32, 1.6, 0.3, 7.0, 4.0, 180, "121", "g", "1/2 cup (121 g)"),
    "broth": (4, 0.6, 0.2, 0.3, 0.2, 343, "240", "ml", "1 cup (240 ml)"),
    "soup_can": (50, 2.0, 1.5, 7.0, 1.0, 300, "245", "g", "1 cup (245 g)"),
    "mac_cheese": (376, 13.0, 4.3, 70.0, 8.0, 720, "70", "g", "2.5 oz dry (70 g)"),
    "ketchup": (101, 1.0, 0.1, 27.0, 22.0, 907, "17", "g", "1 tbsp (17 g)"),
    "mustard": (60, 3.7, 3.3, 5.8, 0.9, 1120, "5", "g", "1 tsp (5 g)"),
    "mayo": (680, 1.0, 75.0, 0.6, 0.6, 635, "13", "g", "1 tbsp (13 g)"),
    "bbq_sauce": (172, 0.8, 0.6, 40.0, 33.0, 1027, "36", "g", "2 tbsp (36 g)"),
    "salsa": (36, 1.5, 0.2, 6.6, 4.0, 711, "32", "g", "2 tbsp (32 g)"),
    "honey": (304, 0.3, 0.0, 82.0, 82.0, 4, "21", "g", "1 tbsp (21 g)"),
    "syrup": (260, 0.0, 0.1, 67.0, 60.0, 12, "60", "ml", "1/4 cup (60 ml)"),
    "coffee": (2, 0.1, 0.0, 0.0, 0.0, 2, "240", "ml", "1 cup brewed (240 ml)"),
    "tea": (1, 0.0, 0.0, 0.3, 0.0, 3, "240", "ml", "1 cup brewed (240 ml)"),
    "corn_can": (64, 2.0, 0.5, 14.0, 4.0, 200, "125", "g", "1/2 cup (125 g)"),
    "crackers": (421, 9.5, 8.6, 74.0, 1.8, 940, "16", "g", "5 crackers (16 g)"),
    "popcorn": (535, 7.7, 30.0, 54.0, 0.5, 800, "33", "g", "1 bag popped (33 g)"),
    "soy_sauce": (53, 8.0, 0.6, 4.9, 0.4, 5493, "15", "ml", "1 tbsp (15 ml)"),
    "ramen": (436, 10.0, 17.0, 60.0, 2.0, 1600, "85", "g", "1 package (85 g)"),
    "chocolate": (535, 7.7, 29.7, 59.4, 51.5, 79, "43", "g", "1 bar (43 g)"),
    "chocolate_dark": (598, 7.8, 42.6, 45.9, 24.0, 20, "40", "g", "4 squares (40 g)"),
    "vinegar": (18, 0.0, 0.0, 0.04, 0.04, 2, "15", "ml", "1 tbsp (15 ml)"),
    "sauerkraut": (19, 0.9, 0.1, 4.3, 1.8, 661, "100", "g", "100 g"),
    "cola": (42, 0.0, 0.0, 10.6, 10.6, 4, "355", "ml", "1 can (355 ml)"),
    "cola_diet": (0.4, 0.1, 0.0, 0.1, 0.0, 12, "355", "ml", "1 can (355 ml)"),
    "lemon_lime": (40, 0.0, 0.0, 10.0, 10.0, 9, "355", "ml", "1 can (355 ml)"),
    "juice_orange": (45, 0.7, 0.2, 10.4, 8.4, 1, "240", "ml", "1 cup (240 ml)"),
    "juice_apple": (46, 0.1, 0.1, 11.3, 9.6, 4, "240", "ml", "1 cup (240 ml)"),
    "spritzer": (24, 0.0, 0.0, 5.5, 5.5, 3, "250", "ml", "1 glass (250 ml)"),
    "water": (0, 0.0, 0.0, 0.0, 0.0, 2, "500", "ml", "1 bottle (500 ml)"),
    "sports_drink": (26, 0.0, 0.0, 6.4, 5.9, 41, "591", "ml", "1 bottle (591 ml)"),
    "energy_drink": (45, 0.0, 0.0, 11.0, 11.0, 80, "250", "ml", "1 can (250 ml)"),
    "beer": (43, 0.5, 0.0, 3.6, 0.0, 4, "355", "ml", "1 bottle (355 ml)"),
    "wine": (85, 0.1, 0.0, 2.6, 0.6, 4, "150", "ml", "1 glass (150 ml)"),
    "iced_tea": (30, 0.0, 0.0, 7.6, 7.6, 7, "500", "ml", "1 bottle (500 ml)"),
    "lemonade": (40, 0.0, 0.0, 10.0, 9.5, 4, "240", "ml", "1 cup (240 ml)"),
    "chips": (536, 7.0, 34.6, 52.9, 0.3, 525, "28", "g", "1 oz (28 g)"),
    "tortilla_chips": (489, 7.0, 23.0, 64.0, 0.5, 422, "28", "g", "1 oz (28 g)"),
    "pretzels": (380, 10.0, 3.0, 80.0, 3.0, 1357, "28", "g", "1 oz (28 g)"),
    "cheese_crackers": (480, 10.0, 22.0, 60.0, 3.0, 880, "30", "g", "55 pieces (30 g)"),
    "granola_bar": (440, 6.0, 15.0, 70.0, 28.0, 290, "24", "g", "1 bar (24 g)"),
    "trail_mix": (462, 13.8, 29.4, 44.9, 25.0, 229, "30", "g", "1/4 cup (30 g)"),
    "almonds": (579, 21.2, 49.9, 21.6, 4.4, 1, "28", "g", "1 oz (28 g)"),
    "peanuts": (599, 24.4, 52.5, 15.3, 4.2, 320, "28", "g", "1 oz (28 g)"),
    "gummies": (343, 6.9, 0.0, 77.0, 46.0, 20, "40", "g", "1 serving (40 g)"),
    "frozen_pizza": (270, 11.0, 12.0, 29.0, 4.0, 620, "130", "g", "1/4 pizza (130 g)"),
    "frozen_veg": (60, 2.9, 0.5, 12.0, 3.0, 47, "85", "g", "2/3 cup (85 g)"),
    "frozen_fries": (147, 2.2, 4.8, 24.0, 0.2, 270, "85", "g", "3 oz (85 g)"),
    "nuggets": (296, 14.0, 19.0, 16.0, 0.0, 540, "90", "g", "5 pieces (90 g)"),
    "burrito": (230, 7.0, 8.0, 32.0, 2.0, 480, "142", "g", "1 burrito (142 g)"),
    "waffles": (273, 6.5, 9.5, 41.0, 4.3, 530, "70", "g", "2 waffles (70 g)"),
    "frozen_meal": (130, 7.0, 5.0, 14.0, 3.0, 380, "283", "g", "1 tray (283 g)"),
    "frozen_berries": (48, 0.7, 0.3, 12.0, 8.0, 1, "140", "g", "1 cup (140 g)"),
    "fish_sticks": (270, 11.0, 14.0, 24.0, 2.0, 410, "100", "g", "6 sticks (100 g)"),
    "ice_pops": (78, 0.0, 0.0, 20.0, 16.0, 5, "50", "g", "1 pop (50 g)"),
    # restaurant dishes (per 100 g of the dish as served)
    "burger": (250, 13.0, 12.0, 22.0, 5.0, 480, "220", "g", "1 burger (220 g)"),
    "fries": (312, 3.4, 15.0, 41.0, 0.3, 210, "117", "g", "1 medium (117 g)"),
    "pizza": (266, 11.0, 10.0, 33.0, 3.6, 598, "107", "g", "1 slice (107 g)"),
    "plate": (160, 9.0, 7.0, 15.0, 2.0, 420, "400", "g", "1 plate (400 g)"),
    "salad_dish": (90, 4.0, 6.0, 6.0, 2.0, 250, "250", "g", "1 bowl (250 g)"),
    "sandwich": (240, 12.0, 10.0, 25.0, 4.0, 600, "250", "g", "1 sandwich (250 g)"),
    "fried_chicken": (260, 18.0, 15.0, 12.0, 0.5, 600, "200", "g", "1 order (200 g)"),
    "soup": (60, 3.0, 2.5, 6.0, 1.5, 380, "350", "ml", "1 bowl (350 ml)"),
    "dessert": (330, 5.0, 16.0, 42.0, 30.0, 250, "120", "g", "1 slice (120 g)"),
    "latte": (54, 3.4, 2.0, 5.3, 4.9, 45, "473", "ml", "1 grande (473 ml)"),
    "espresso": (9, 0.1, 0.2, 1.7, 0.0, 14, "30", "ml", "1 shot (30 ml)"),
    "mocha": (76, 2.9, 2.8, 10.0, 8.5, 45, "473", "ml", "1 grande (473 ml)"),
    "hot_chocolate": (77, 3.5, 2.3, 11.0, 9.5, 60, "355", "ml", "1 cup (355 ml)"),
    "milkshake": (112, 3.9, 3.8, 17.0, 15.0, 95, "473", "ml", "1 medium (473 ml)"),
    "pancakes": (227, 6.4, 9.7, 28.0, 6.0, 439, "230", "g", "3 pancakes (230 g)"),
    "omelette": (154, 10.6, 11.7, 0.6, 0.4, 155, "200", "g", "1 omelette (200 g)"),
    "sushi": (150, 5.8, 3.5, 24.0, 4.0, 430, "180", "g", "1 roll (180 g)"),
    "mexican": (210, 10.0, 10.0, 21.0, 1.5, 520, "250", "g", "1 order (250 g)"),
    "noodles": (150, 6.0, 5.0, 20.0, 3.0, 540, "350", "g", "1 plate (350 g)"),
    "nasi_lemak": (190, 6.0, 9.0, 22.0, 3.0, 420, "350", "g", "1 plate (350 g)"),
    "teh_tarik": (60, 1.6, 1.8, 9.5, 9.0, 25, "250", "ml", "1 glass (250 ml)"),
    "none": None,
}

# Invented brands with invented manufacturer prefixes. code: 13-digit EAN
# prefix (before the item number); US ones are UPC-A with a leading 0.
BRANDS = {
    "Farm Fresh": "0071230",
    "Store Brand": "0071231",
    "Sunny Valley": "0071232",
    "Golden Harvest": "0071233",
    "Prairie Gold": "0071234",
    "Blue Ridge Meats": "0071235",
    "Harbor Bay": "0071236",
    "Crisp Co.": "0071237",
    "Polar Pantry": "0071238",
    "CleanHome": "0071239",
    "Bright Brew": "0071240",
    "Maple Lane Bakery": "0071241",
    "Green Acres Organic": "0071242",
    "Coca-Cola": "0071243",
    "Pepsi": "0071244",
    "Spring Peak": "0071245",
    "Landfrisch": "4001230",
    "Backstube Sonnenkorn": "4001231",
    "Alpenhof": "4001232",
    "Gut & Guenstig Haus": "4001233",
    "Kedai Pilihan": "9551230",
    "Restaurant Menu": "0299000",
    "Produce": "0200000",
}

G, U, N = "Grocery", "Produce", None

# name | brand | categories (;) | package size | profile | extra keywords (;)
ROWS = r"""
# --- dairy
Whole Milk, 1 Gallon|Farm Fresh|Dairy;Milk|1 gal (3.78 L)|milk_whole|whole milk;milk;gallon;vitamin d
Whole Milk, Half Gallon|Farm Fresh|Dairy;Milk|64 fl oz (1.89 L)|milk_whole|whole milk;milk;half gallon
2% Reduced Fat Milk, 1 Gallon|Farm Fresh|Dairy;Milk|1 gal (3.78 L)|milk_2|2% milk;reduced fat milk;milk;gallon
2% Reduced Fat Milk, Half Gallon|Farm Fresh|Dairy;Milk|64 fl oz (1.89 L)|milk_2|2% milk;reduced fat milk;half gallon
1% Low Fat Milk, 1 Gallon|Farm Fresh|Dairy;Milk|1 gal (3.78 L)|milk_1|1% milk;low fat milk;gallon
Fat Free Skim Milk, 1 Gallon|Farm Fresh|Dairy;Milk|1 gal (3.78 L)|milk_skim|skim milk;fat free milk;nonfat;gallon
Organic Whole Milk, Half Gallon|Green Acres Organic|Dairy;Milk;Organic|64 fl oz (1.89 L)|milk_whole|organic milk;whole milk;half gallon
Chocolate Milk, Half Gallon|Farm Fresh|Dairy;Milk|64 fl oz (1.89 L)|milk_choc|chocolate milk
Unsweetened Almond Milk|Sunny Valley|Dairy Alternatives;Plant Milk|64 fl oz (1.89 L)|milk_almond|almond milk;almondmilk;non dairy
Oat Milk Original|Sunny Valley|Dairy Alternatives;Plant Milk|64 fl oz (1.89 L)|milk_oat|oat milk;oatmilk;non dairy
Large White Eggs, 12 Count|Farm Fresh|Dairy;Eggs|12 ct|eggs|eggs;large eggs;dozen;grade a
Large White Eggs, 18 Count|Farm Fresh|Dairy;Eggs|18 ct|eggs|eggs;large eggs;18 ct
Organic Brown Eggs, 12 Count|Green Acres Organic|Dairy;Eggs;Organic|12 ct|eggs|organic eggs;brown eggs;cage free
Salted Butter Sticks|Farm Fresh|Dairy;Butter|16 oz (454 g)|butter|butter;salted butter;sweet cream
Unsalted Butter Sticks|Farm Fresh|Dairy;Butter|16 oz (454 g)|butter_unsalted|unsalted butter;butter
Sharp Cheddar Cheese Block|Prairie Gold|Dairy;Cheese|8 oz (226 g)|cheddar|cheddar;sharp cheddar;cheese
Mild Cheddar Shredded Cheese|Prairie Gold|Dairy;Cheese|8 oz (226 g)|cheddar|shredded cheddar;cheddar;cheese
Mozzarella Shredded Cheese|Prairie Gold|Dairy;Cheese|8 oz (226 g)|mozzarella|mozzarella;shredded mozzarella;cheese
Swiss Cheese Slices|Prairie Gold|Dairy;Cheese|8 oz (226 g)|swiss|swiss cheese;sliced cheese
American Cheese Singles|Prairie Gold|Dairy;Cheese|12 oz (340 g)|american|american cheese;singles;slices
Grated Parmesan Cheese|Prairie Gold|Dairy;Cheese|8 oz (226 g)|parmesan|parmesan;grated cheese
Cream Cheese Original|Prairie Gold|Dairy;Cheese|8 oz (226 g)|cream_cheese|cream cheese
Sour Cream|Farm Fresh|Dairy|16 oz (454 g)|sour_cream|sour cream
Plain Nonfat Greek Yogurt|Sunny Valley|Dairy;Yogurt|32 oz (907 g)|yogurt_greek|greek yogurt;plain yogurt;nonfat
Vanilla Greek Yogurt Cup|Sunny Valley|Dairy;Yogurt|5.3 oz (150 g)|yogurt_greek_van|greek yogurt;vanilla yogurt;yogurt cup
Strawberry Yogurt Cup|Sunny Valley|Dairy;Yogurt|6 oz (170 g)|yogurt_fruit|strawberry yogurt;yogurt;fruit yogurt
Small Curd Cottage Cheese|Farm Fresh|Dairy;Cheese|16 oz (454 g)|cottage|cottage cheese
Heavy Whipping Cream|Farm Fresh|Dairy;Cream|16 fl oz (473 ml)|cream_heavy|heavy cream;whipping cream
Half and Half|Farm Fresh|Dairy;Cream|32 fl oz (946 ml)|half_half|half and half;half & half;creamer
Vanilla Ice Cream|Polar Pantry|Frozen;Ice Cream|48 fl oz (1.42 L)|ice_cream|vanilla ice cream;ice cream
Chocolate Ice Cream|Polar Pantry|Frozen;Ice Cream|48 fl oz (1.42 L)|ice_cream|chocolate ice cream;ice cream
# --- produce (sold by weight or each; barcode is the in-store PLU code)
Bananas|Produce|Produce;Fruit|per lb|banana|banana;bananas;plu 4011;4011
Organic Bananas|Produce|Produce;Fruit;Organic|per lb|banana|organic banana;bananas;plu 94011;94011
Gala Apples|Produce|Produce;Fruit|per lb|apple|gala apple;apples;4133
Honeycrisp Apples|Produce|Produce;Fruit|per lb|apple|honeycrisp apple;apples;3283
Granny Smith Apples|Produce|Produce;Fruit|per lb|apple|granny smith;green apple;4139
Fuji Apples|Produce|Produce;Fruit|per lb|apple|fuji apple;apples;4131
Navel Oranges|Produce|Produce;Fruit|per lb|orange|navel orange;oranges;4012
Hass Avocados|Produce|Produce;Fruit|each|avocado|avocado;hass avocado;4046
Roma Tomatoes|Produce|Produce;Vegetables|per lb|tomato|roma tomato;tomatoes;4087
Tomatoes on the Vine|Produce|Produce;Vegetables|per lb|tomato|vine tomatoes;tomatoes;4664
Romaine Lettuce Hearts|Produce|Produce;Vegetables|3 ct|lettuce|romaine;lettuce;romaine hearts
Iceberg Lettuce|Produce|Produce;Vegetables|each|lettuce|iceberg;lettuce;4061
Yellow Onions|Produce|Produce;Vegetables|per lb|onion|yellow onion;onions;4093
Red Onions|Produce|Produce;Vegetables|per lb|onion|red onion;onions;4082
Russet Potatoes, 5 lb Bag|Produce|Produce;Vegetables|5 lb (2.27 kg)|potato|russet potatoes;potatoes;5 lb bag
Sweet Potatoes|Produce|Produce;Vegetables|per lb|sweet_potato|sweet potato;yams;4074
Carrots, 2 lb Bag|Produce|Produce;Vegetables|2 lb (907 g)|carrot|carrots;carrot bag
Broccoli Crowns|Produce|Produce;Vegetables|per lb|broccoli|broccoli;broccoli crowns;3082
Baby Spinach|Green Acres Organic|Produce;Vegetables;Organic|5 oz (142 g)|spinach|spinach;baby spinach;salad
English Cucumber|Produce|Produce;Vegetables|each|cucumber|cucumber;english cucumber;4593
Green Bell Pepper|Produce|Produce;Vegetables|each|pepper|green pepper;bell pepper;4065
Red Bell Pepper|Produce|Produce;Vegetables|each|pepper|red pepper;bell pepper;4088
Strawberries, 1 lb|Produce|Produce;Fruit;Berries|1 lb (454 g)|strawberry|strawberries;berries
Blueberries, 1 Pint|Produce|Produce;Fruit;Berries|1 pint (311 g)|blueberry|blueberries;berries
Red Seedless Grapes|Produce|Produce;Fruit|per lb|grapes|red grapes;grapes;seedless;4023
Lemons|Produce|Produce;Fruit|each|lemon|lemon;lemons;4053
Limes|Produce|Produce;Fruit|each|lime|lime;limes;4048
Celery Hearts|Produce|Produce;Vegetables|1 lb (454 g)|celery|celery
White Mushrooms, 8 oz|Produce|Produce;Vegetables|8 oz (227 g)|mushroom|mushrooms;white mushrooms
Garlic|Produce|Produce;Vegetables|each|garlic|garlic;4608
Sweet Corn|Produce|Produce;Vegetables|each|corn|corn;corn on the cob;4078
Seedless Watermelon|Produce|Produce;Fruit|each|melon|watermelon;3421
Pineapple|Produce|Produce;Fruit|each|pineapple|pineapple;4430
Yellow Peaches|Produce|Produce;Fruit|per lb|peach|peaches;4044
Bartlett Pears|Produce|Produce;Fruit|per lb|pear|pears;4409
Green Cabbage|Produce|Produce;Vegetables|per lb|cabbage|cabbage;4069
Green Beans|Produce|Produce;Vegetables|per lb|green_beans|green beans;string beans;4066
Jalapeno Peppers|Produce|Produce;Vegetables|per lb|pepper|jalapeno;chili pepper;4693
Cilantro|Produce|Produce;Herbs|bunch|herb|cilantro;coriander;4889
Zucchini|Produce|Produce;Vegetables|per lb|zucchini|zucchini;squash;4067
Kale|Produce|Produce;Vegetables|bunch|kale|kale;4627
Spring Mix Salad|Green Acres Organic|Produce;Salad;Organic|5 oz (142 g)|salad_mix|spring mix;salad mix;greens
Cantaloupe|Produce|Produce;Fruit|each|melon|cantaloupe;melon;4050
Clementines, 3 lb Bag|Produce|Produce;Fruit|3 lb (1.36 kg)|orange|clementines;mandarins;cuties
# --- meat and seafood
Boneless Skinless Chicken Breasts|Blue Ridge Meats|Meat;Poultry|per lb|chicken_breast|chicken breast;boneless;skinless;chicken
Boneless Skinless Chicken Thighs|Blue Ridge Meats|Meat;Poultry|per lb|chicken_thigh|chicken thighs;boneless;chicken
Whole Fryer Chicken|Blue Ridge Meats|Meat;Poultry|per lb|chicken_whole|whole chicken;fryer;chicken
Chicken Wings|Blue Ridge Meats|Meat;Poultry|per lb|chicken_wings|chicken wings;wings
Ground Beef 80/20|Blue Ridge Meats|Meat;Beef|per lb|beef_80|ground beef;80/20;hamburger meat;ground chuck
Lean Ground Beef 90/10|Blue Ridge Meats|Meat;Beef|per lb|beef_90|lean ground beef;90/10;ground sirloin
Ribeye Steak|Blue Ridge Meats|Meat;Beef|per lb|ribeye|ribeye;rib eye;steak;beef
Top Sirloin Steak|Blue Ridge Meats|Meat;Beef|per lb|sirloin|sirloin;steak;beef
Bone-In Pork Chops|Blue Ridge Meats|Meat;Pork|per lb|pork_chop|pork chops;pork
Hickory Smoked Bacon|Blue Ridge Meats|Meat;Pork;Bacon|16 oz (454 g)|bacon|bacon;smoked bacon
Honey Ham Deli Slices|Blue Ridge Meats|Deli;Meat|9 oz (255 g)|ham_deli|ham;deli ham;lunch meat
Oven Roasted Turkey Breast Deli Slices|Blue Ridge Meats|Deli;Meat|9 oz (255 g)|turkey_deli|turkey;deli turkey;lunch meat
Genoa Salami|Blue Ridge Meats|Deli;Meat|4 oz (113 g)|salami|salami
Beef Hot Dogs|Blue Ridge Meats|Meat;Hot Dogs|15 oz (425 g)|hot_dog|hot dogs;franks;wieners
Italian Sausage Links|Blue Ridge Meats|Meat;Pork;Sausage|19 oz (538 g)|sausage|italian sausage;sausage
Breakfast Sausage|Blue Ridge Meats|Meat;Pork;Sausage|12 oz (340 g)|sausage|breakfast sausage;pork sausage
Ground Turkey 93/7|Blue Ridge Meats|Meat;Poultry|16 oz (454 g)|turkey_ground|ground turkey
Atlantic Salmon Fillet|Harbor Bay|Seafood;Fish|per lb|salmon|salmon;salmon fillet;fish
Raw Shrimp 31/40|Harbor Bay|Seafood;Shellfish|2 lb (907 g)|shrimp|shrimp;prawns
Tilapia Fillets|Harbor Bay|Seafood;Fish|2 lb (907 g)|white_fish|tilapia;fish fillets
Chunk Light Tuna in Water|Harbor Bay|Pantry;Canned Seafood|5 oz (142 g)|tuna_can|tuna;canned tuna;chunk light
Rotisserie Chicken|Store Brand|Deli;Prepared Foods|each|chicken_whole|rotisserie chicken;cooked chicken
# --- bakery
White Sandwich Bread|Golden Harvest|Bakery;Bread|20 oz (567 g)|bread_white|white bread;sandwich bread;bread
100% Whole Wheat Bread|Golden Harvest|Bakery;Bread|20 oz (567 g)|bread_wheat|wheat bread;whole wheat;bread
Sourdough Bread Loaf|Maple Lane Bakery|Bakery;Bread|24 oz (680 g)|bread_sourdough|sourdough;bread
Plain Bagels, 6 Count|Maple Lane Bakery|Bakery;Bagels|6 ct|bagel|bagels;plain bagel
English Muffins, 6 Count|Golden Harvest|Bakery|6 ct|english_muffin|english muffins
Flour Tortillas, 10 Count|Golden Harvest|Bakery;Tortillas|10 ct|tortilla|flour tortillas;tortillas
Hamburger Buns, 8 Count|Golden Harvest|Bakery;Buns|8 ct|roll|hamburger buns;buns
Hot Dog Buns, 8 Count|Golden Harvest|Bakery;Buns|8 ct|roll|hot dog buns;buns
Butter Croissants, 4 Count|Maple Lane Bakery|Bakery;Pastry|4 ct|croissant|croissants;croissant
Blueberry Muffins, 4 Count|Maple Lane Bakery|Bakery;Pastry|4 ct|muffin|blueberry muffins;muffins
Glazed Donuts, 6 Count|Maple Lane Bakery|Bakery;Pastry|6 ct|donut|donuts;glazed donuts;doughnuts
Chocolate Chip Cookies|Maple Lane Bakery|Bakery;Cookies|13 oz (368 g)|cookie|chocolate chip cookies;cookies
Dinner Rolls, 12 Count|Maple Lane Bakery|Bakery;Rolls|12 ct|roll|dinner rolls;rolls
Chocolate Layer Cake|Maple Lane Bakery|Bakery;Cakes|8 in|cake|chocolate cake;cake
# --- pantry
Creamy Peanut Butter, 16 oz|Store Brand|Pantry;Spreads|16 oz (454 g)|peanut_butter|peanut butter;creamy;16 oz
Crunchy Peanut Butter, 18 oz|Store Brand|Pantry;Spreads|18 oz (510 g)|peanut_butter|peanut butter;crunchy;chunky
Creamy Peanut Butter, 40 oz|Store Brand|Pantry;Spreads|40 oz (1.13 kg)|peanut_butter|peanut butter;creamy;40 oz
Grape Jelly|Store Brand|Pantry;Spreads|30 oz (850 g)|jelly|grape jelly;jelly
Strawberry Preserves|Store Brand|Pantry;Spreads|18 oz (510 g)|jelly|strawberry jam;preserves;jam
Hazelnut Cocoa Spread|Sunny Valley|Pantry;Spreads|13 oz (371 g)|hazelnut_spread|hazelnut spread;chocolate spread
Spaghetti, 16 oz|Store Brand|Pantry;Pasta|16 oz (454 g)|pasta|spaghetti;pasta
Penne Rigate, 16 oz|Store Brand|Pantry;Pasta|16 oz (454 g)|pasta|penne;pasta
Elbow Macaroni, 16 oz|Store Brand|Pantry;Pasta|16 oz (454 g)|pasta|elbow macaroni;macaroni;pasta
Long Grain White Rice, 5 lb|Store Brand|Pantry;Rice|5 lb (2.27 kg)|rice|white rice;long grain rice;rice
Jasmine Rice, 2 lb|Store Brand|Pantry;Rice|2 lb (907 g)|rice|jasmine rice;rice
Brown Rice, 2 lb|Store Brand|Pantry;Rice|2 lb (907 g)|rice_brown|brown rice;rice
Corn Flakes Cereal|Golden Harvest|Pantry;Cereal;Breakfast Foods|18 oz (510 g)|cereal_flakes|corn flakes;cereal
Toasted Oat Rings Cereal|Golden Harvest|Pantry;Cereal;Breakfast Foods|12 oz (340 g)|cereal_oat_rings|oat cereal;toasted oats;cereal;oat rings
Frosted Flakes Cereal|Golden Harvest|Pantry;Cereal;Breakfast Foods|13.5 oz (382 g)|cereal_sweet|frosted flakes;cereal
Honey Nut Oat Rings Cereal|Golden Harvest|Pantry;Cereal;Breakfast Foods|15.4 oz (436 g)|cereal_sweet|honey nut;oat cereal;cereal
Raisin Bran Cereal|Golden Harvest|Pantry;Cereal;Breakfast Foods|16.6 oz (470 g)|cereal_flakes|raisin bran;bran;cereal
Granola Oats and Honey|Golden Harvest|Pantry;Cereal;Breakfast Foods|12 oz (340 g)|granola|granola
Old Fashioned Rolled Oats, 42 oz|Golden Harvest|Pantry;Cereal;Oats|42 oz (1.19 kg)|oats|rolled oats;old fashioned oats;oatmeal;oats
Quick Oats, 18 oz|Golden Harvest|Pantry;Cereal;Oats|18 oz (510 g)|oats|quick oats;oatmeal;oats
Instant Oatmeal Maple Brown Sugar|Golden Harvest|Pantry;Cereal;Oats|15.1 oz (430 g)|oats|instant oatmeal;maple;oatmeal packets
All Purpose Flour, 5 lb|Store Brand|Pantry;Baking|5 lb (2.27 kg)|flour|flour;all purpose flour
Granulated Sugar, 4 lb|Store Brand|Pantry;Baking|4 lb (1.81 kg)|sugar|sugar;granulated sugar;cane sugar
Light Brown Sugar, 2 lb|Store Brand|Pantry;Baking|2 lb (907 g)|sugar|brown sugar
Iodized Salt|Store Brand|Pantry;Baking|26 oz (737 g)|salt|salt;table salt
Extra Virgin Olive Oil|Sunny Valley|Pantry;Oils|16.9 fl oz (500 ml)|oil|olive oil;extra virgin;evoo
Vegetable Oil|Store Brand|Pantry;Oils|48 fl oz (1.42 L)|oil|vegetable oil;cooking oil
Canola Oil|Store Brand|Pantry;Oils|48 fl oz (1.42 L)|oil|canola oil
Traditional Pasta Sauce|Sunny Valley|Pantry;Sauces|24 oz (680 g)|pasta_sauce|pasta sauce;marinara;spaghetti sauce
Black Beans, 15 oz Can|Store Brand|Pantry;Canned Vegetables|15 oz (425 g)|beans_can|black beans;canned beans
Pinto Beans, 15 oz Can|Store Brand|Pantry;Canned Vegetables|15 oz (425 g)|beans_can|pinto beans;canned beans
Kidney Beans, 15 oz Can|Store Brand|Pantry;Canned Vegetables|15 oz (425 g)|beans_can|kidney beans;canned beans
Diced Tomatoes, 14.5 oz Can|Store Brand|Pantry;Canned Vegetables|14.5 oz (411 g)|tomatoes_can|diced tomatoes;canned tomatoes
Tomato Paste, 6 oz Can|Store Brand|Pantry;Canned Vegetables|6 oz (170 g)|tomatoes_can|tomato paste
Whole Kernel Corn, 15 oz Can|Store Brand|Pantry;Canned Vegetables|15.25 oz (432 g)|corn_can|canned corn;whole kernel corn
Chicken Broth, 32 oz|Store Brand|Pantry;Soups|32 fl oz (946 ml)|broth|chicken broth;stock
Chicken Noodle Soup|Sunny Valley|Pantry;Soups|10.75 oz (305 g)|soup_can|chicken noodle soup;soup
Tomato Soup|Sunny Valley|Pantry;Soups|10.75 oz (305 g)|soup_can|tomato soup;soup
Macaroni and Cheese Dinner|Sunny Valley|Pantry;Boxed Meals|7.25 oz (206 g)|mac_cheese|mac and cheese;mac n cheese;macaroni and cheese;mac & cheese
Ramen Noodles Chicken Flavor|Sunny Valley|Pantry;Noodles|3 oz (85 g)|ramen|ramen;instant noodles
Tomato Ketchup|Sunny Valley|Pantry;Condiments|32 oz (907 g)|ketchup|ketchup;catsup
Yellow Mustard|Sunny Valley|Pantry;Condiments|14 oz (397 g)|mustard|mustard;yellow mustard
Real Mayonnaise|Sunny Valley|Pantry;Condiments|30 fl oz (887 ml)|mayo|mayonnaise;mayo
Original BBQ Sauce|Sunny Valley|Pantry;Condiments|18 oz (510 g)|bbq_sauce|bbq sauce;barbecue sauce
Medium Chunky Salsa|Sunny Valley|Pantry;Condiments|16 oz (454 g)|salsa|salsa
Soy Sauce|Sunny Valley|Pantry;Condiments|15 fl oz (444 ml)|soy_sauce|soy sauce
Clover Honey|Sunny Valley|Pantry;Spreads|12 oz (340 g)|honey|honey
Pure Maple Syrup|Sunny Valley|Pantry;Syrups|12.5 fl oz (370 ml)|syrup|maple syrup;syrup
Pancake Syrup|Store Brand|Pantry;Syrups|24 fl oz (710 ml)|syrup|pancake syrup;syrup
Apple Cider Vinegar|Store Brand|Pantry;Condiments|32 fl oz (946 ml)|vinegar|vinegar;apple cider vinegar
Saltine Crackers|Crisp Co.|Snacks;Crackers|16 oz (454 g)|crackers|saltines;crackers
Butter Microwave Popcorn, 3 Pack|Crisp Co.|Snacks;Popcorn|3 ct (249 g)|popcorn|microwave popcorn;popcorn
Medium Roast Ground Coffee|Bright Brew|Beverages;Coffee|12 oz (340 g)|coffee|ground coffee;coffee;medium roast
Dark Roast Ground Coffee|Bright Brew|Beverages;Coffee|24 oz (680 g)|coffee|ground coffee;coffee;dark roast
Whole Bean Coffee Breakfast Blend|Bright Brew|Beverages;Coffee|12 oz (340 g)|coffee|whole bean coffee;coffee beans
Coffee Pods Medium Roast, 24 Count|Bright Brew|Beverages;Coffee|24 ct|coffee|coffee pods;k cups;single serve
Instant Coffee|Bright Brew|Beverages;Coffee|8 oz (226 g)|coffee|instant coffee
Black Tea Bags, 100 Count|Bright Brew|Beverages;Tea|100 ct|tea|tea bags;black tea
Green Tea Bags, 40 Count|Bright Brew|Beverages;Tea|40 ct|tea|green tea;tea bags
Coffee Creamer French Vanilla|Farm Fresh|Dairy;Creamer|32 fl oz (946 ml)|half_half|coffee creamer;creamer;french vanilla
# --- beverages
Coca-Cola Classic, 2 Liter|Coca-Cola|Beverages;Soft Drinks|2 L|cola|coke;coca cola;cola;soda;2 liter
Coca-Cola Classic, 12 Pack Cans|Coca-Cola|Beverages;Soft Drinks|12 x 12 fl oz (355 ml)|cola|coke;coca cola;cola;soda;12 pack
Coca-Cola Classic, 20 oz Bottle|Coca-Cola|Beverages;Soft Drinks|20 fl oz (591 ml)|cola|coke;coca cola;cola;soda;20 oz
Diet Coke, 2 Liter|Coca-Cola|Beverages;Soft Drinks|2 L|cola_diet|diet coke;diet cola;soda
Sprite, 2 Liter|Coca-Cola|Beverages;Soft Drinks|2 L|lemon_lime|sprite;lemon lime soda;soda
Pepsi, 2 Liter|Pepsi|Beverages;Soft Drinks|2 L|cola|pepsi;cola;soda;2 liter
Pepsi, 12 Pack Cans|Pepsi|Beverages;Soft Drinks|12 x 12 fl oz (355 ml)|cola|pepsi;cola;soda;12 pack
Diet Pepsi, 2 Liter|Pepsi|Beverages;Soft Drinks|2 L|cola_diet|diet pepsi;diet cola;soda
Ginger Ale, 2 Liter|Store Brand|Beverages;Soft Drinks|2 L|lemon_lime|ginger ale;soda
Root Beer, 2 Liter|Store Brand|Beverages;Soft Drinks|2 L|cola|root beer;soda
Orange Juice No Pulp|Sunny Valley|Beverages;Juice|52 fl oz (1.54 L)|juice_orange|orange juice;oj;no pulp
Orange Juice with Pulp|Sunny Valley|Beverages;Juice|52 fl oz (1.54 L)|juice_orange|orange juice;oj;pulp
Apple Juice|Sunny Valley|Beverages;Juice|64 fl oz (1.89 L)|juice_apple|apple juice
Cranberry Juice Cocktail|Sunny Valley|Beverages;Juice|64 fl oz (1.89 L)|juice_apple|cranberry juice
Purified Drinking Water, 24 Pack|Spring Peak|Beverages;Water|24 x 16.9 fl oz (500 ml)|water|bottled water;water;24 pack
Spring Water, 1 Gallon|Spring Peak|Beverages;Water|1 gal (3.78 L)|water|spring water;water;gallon
Sparkling Water Lime|Spring Peak|Beverages;Water|1 L|water|sparkling water;seltzer;lime
Sparkling Water Variety, 12 Pack|Spring Peak|Beverages;Water|12 x 12 fl oz (355 ml)|water|sparkling water;seltzer;12 pack
Sports Drink Fruit Punch|Spring Peak|Beverages;Sports Drinks|28 fl oz (828 ml)|sports_drink|sports drink;electrolyte;fruit punch
Energy Drink Original|Spring Peak|Beverages;Energy Drinks|8.4 fl oz (250 ml)|energy_drink|energy drink
Sweet Iced Tea|Bright Brew|Beverages;Tea|59 fl oz (1.75 L)|iced_tea|iced tea;sweet tea
Lemonade|Sunny Valley|Beverages;Juice|59 fl oz (1.75 L)|lemonade|lemonade
Cold Brew Coffee|Bright Brew|Beverages;Coffee|48 fl oz (1.42 L)|coffee|cold brew;iced coffee
Lager Beer, 6 Pack Bottles|Store Brand|Beverages;Beer|6 x 12 fl oz (355 ml)|beer|beer;lager;6 pack
Cabernet Sauvignon Red Wine|Store Brand|Beverages;Wine|750 ml|wine|red wine;cabernet;wine
# --- snacks
Classic Potato Chips|Crisp Co.|Snacks;Chips|8 oz (226 g)|chips|potato chips;chips
BBQ Potato Chips|Crisp Co.|Snacks;Chips|8 oz (226 g)|chips|bbq chips;potato chips
Sour Cream and Onion Potato Chips|Crisp Co.|Snacks;Chips|8 oz (226 g)|chips|sour cream onion chips;potato chips
Restaurant Style Tortilla Chips|Crisp Co.|Snacks;Chips|13 oz (368 g)|tortilla_chips|tortilla chips;chips
Nacho Cheese Tortilla Chips|Crisp Co.|Snacks;Chips|9.75 oz (276 g)|tortilla_chips|nacho chips;cheese chips
Mini Twist Pretzels|Crisp Co.|Snacks;Pretzels|16 oz (454 g)|pretzels|pretzels
Cheddar Cheese Crackers|Crisp Co.|Snacks;Crackers|6.6 oz (187 g)|cheese_crackers|cheese crackers;cheddar crackers
Wheat Snack Crackers|Crisp Co.|Snacks;Crackers|9 oz (255 g)|crackers|wheat crackers;crackers
Chewy Granola Bars, 8 Count|Golden Harvest|Snacks;Bars|8 ct (192 g)|granola_bar|granola bars;chewy bars
Trail Mix|Crisp Co.|Snacks;Nuts|26 oz (737 g)|trail_mix|trail mix
Roasted Almonds|Crisp Co.|Snacks;Nuts|16 oz (454 g)|almonds|almonds
Salted Peanuts|Crisp Co.|Snacks;Nuts|16 oz (454 g)|peanuts|peanuts;salted peanuts
Milk Chocolate Bar|Sunny Valley|Snacks;Candy|1.55 oz (43 g)|chocolate|chocolate bar;milk chocolate;candy bar
Dark Chocolate Bar|Sunny Valley|Snacks;Candy|3.5 oz (100 g)|chocolate_dark|dark chocolate
Gummy Bears|Sunny Valley|Snacks;Candy|5 oz (142 g)|gummies|gummy bears;gummies;candy
Sandwich Cookies Chocolate Creme|Maple Lane Bakery|Snacks;Cookies|14.3 oz (405 g)|cookie|sandwich cookies;creme cookies
# --- frozen
Pepperoni Frozen Pizza|Polar Pantry|Frozen;Pizza|21 oz (595 g)|frozen_pizza|frozen pizza;pepperoni pizza
Cheese Frozen Pizza|Polar Pantry|Frozen;Pizza|20 oz (567 g)|frozen_pizza|frozen pizza;cheese pizza
Frozen Mixed Vegetables|Polar Pantry|Frozen;Vegetables|16 oz (454 g)|frozen_veg|mixed vegetables;frozen vegetables
Frozen Broccoli Florets|Polar Pantry|Frozen;Vegetables|12 oz (340 g)|broccoli|frozen broccoli
Frozen Peas|Polar Pantry|Frozen;Vegetables|16 oz (454 g)|frozen_veg|peas;green peas
Crinkle Cut French Fries|Polar Pantry|Frozen;Potatoes|32 oz (907 g)|frozen_fries|french fries;frozen fries;crinkle cut
Chicken Nuggets|Polar Pantry|Frozen;Poultry|29 oz (822 g)|nuggets|chicken nuggets;nuggets
Bean and Cheese Burritos, 8 Pack|Polar Pantry|Frozen;Meals|8 ct|burrito|burritos;frozen burrito
Homestyle Frozen Waffles|Polar Pantry|Frozen;Breakfast|12.3 oz (349 g)|waffles|waffles;frozen waffles
Lasagna with Meat Sauce Frozen Meal|Polar Pantry|Frozen;Meals|10.5 oz (298 g)|frozen_meal|lasagna;frozen dinner;frozen meal
Frozen Mixed Berries|Polar Pantry|Frozen;Fruit|48 oz (1.36 kg)|frozen_berries|mixed berries;frozen berries
Fish Sticks|Polar Pantry|Frozen;Seafood|24.6 oz (697 g)|fish_sticks|fish sticks
Ice Pops, 12 Count|Polar Pantry|Frozen;Desserts|12 ct|ice_pops|ice pops;popsicles
# --- household (not food: no nutrients)
Paper Towels, 6 Rolls|CleanHome|Household;Paper Goods|6 rolls|none|paper towels;towels
Bath Tissue, 12 Mega Rolls|CleanHome|Household;Paper Goods|12 rolls|none|toilet paper;bath tissue;tp
Facial Tissues|CleanHome|Household;Paper Goods|160 ct|none|tissues;kleenex;facial tissue
Paper Napkins, 250 Count|CleanHome|Household;Paper Goods|250 ct|none|napkins
Liquid Laundry Detergent|CleanHome|Household;Laundry|92 fl oz (2.72 L)|none|laundry detergent;detergent
Laundry Detergent Pacs, 42 Count|CleanHome|Household;Laundry|42 ct|none|detergent pods;laundry pacs
Fabric Softener|CleanHome|Household;Laundry|64 fl oz (1.89 L)|none|fabric softener
Dish Soap Original|CleanHome|Household;Cleaning|24 fl oz (709 ml)|none|dish soap;dishwashing liquid
Dishwasher Detergent Pacs|CleanHome|Household;Cleaning|45 ct|none|dishwasher detergent;dishwasher pods
Tall Kitchen Trash Bags, 13 Gallon|CleanHome|Household;Bags|40 ct|none|trash bags;garbage bags;13 gal
Aluminum Foil|CleanHome|Household;Kitchen|75 sq ft|none|aluminum foil;foil
Plastic Wrap|CleanHome|Household;Kitchen|200 sq ft|none|plastic wrap;cling wrap
Zipper Storage Bags Gallon|CleanHome|Household;Bags|30 ct|none|ziploc;storage bags;freezer bags
Scrub Sponges, 6 Pack|CleanHome|Household;Cleaning|6 ct|none|sponges
Disinfecting Wipes|CleanHome|Household;Cleaning|75 ct|none|disinfecting wipes;wipes
Regular Bleach|CleanHome|Household;Cleaning|81 fl oz (2.4 L)|none|bleach
Hand Soap Refill|CleanHome|Personal Care;Soap|56 fl oz (1.66 L)|none|hand soap;liquid soap
Fluoride Toothpaste|CleanHome|Personal Care;Oral Care|6 oz (170 g)|none|toothpaste
AA Alkaline Batteries, 8 Pack|CleanHome|Household;Batteries|8 ct|none|aa batteries;batteries
# --- restaurant menu items (sold per serving; barcode is an in-store code)
Cheeseburger|Restaurant Menu|Restaurant;Burgers|1 burger|burger|cheeseburger;burger
Hamburger|Restaurant Menu|Restaurant;Burgers|1 burger|burger|hamburger;burger
Bacon Cheeseburger|Restaurant Menu|Restaurant;Burgers|1 burger|burger|bacon burger;cheeseburger
Veggie Burger|Restaurant Menu|Restaurant;Burgers|1 burger|burger|veggie burger;vegetarian
French Fries|Restaurant Menu|Restaurant;Sides|1 order|fries|fries;french fries
Sweet Potato Fries|Restaurant Menu|Restaurant;Sides|1 order|fries|sweet potato fries
Onion Rings|Restaurant Menu|Restaurant;Sides|1 order|fries|onion rings
Mozzarella Sticks|Restaurant Menu|Restaurant;Appetizers|1 order|fried_chicken|mozzarella sticks;cheese sticks
Pepperoni Pizza Slice|Restaurant Menu|Restaurant;Pizza|1 slice|pizza|pizza slice;pepperoni
Large Cheese Pizza|Restaurant Menu|Restaurant;Pizza|16 in|pizza|cheese pizza;large pizza
Margherita Pizza|Restaurant Menu|Restaurant;Pizza|12 in|pizza|margherita;pizza
Lunch Special|Restaurant Menu|Restaurant;Specials|1 plate|plate|lunch special;daily special;special
Dinner Special|Restaurant Menu|Restaurant;Specials|1 plate|plate|dinner special;special
Soup of the Day|Restaurant Menu|Restaurant;Soups|1 bowl|soup|soup of the day;soup
New England Clam Chowder|Restaurant Menu|Restaurant;Soups|1 bowl|soup|clam chowder;chowder
Caesar Salad|Restaurant Menu|Restaurant;Salads|1 bowl|salad_dish|caesar salad;salad
Garden Salad|Restaurant Menu|Restaurant;Salads|1 bowl|salad_dish|garden salad;house salad;side salad
Cobb Salad|Restaurant Menu|Restaurant;Salads|1 bowl|salad_dish|cobb salad
Club Sandwich|Restaurant Menu|Restaurant;Sandwiches|1 sandwich|sandwich|club sandwich
BLT Sandwich|Restaurant Menu|Restaurant;Sandwiches|1 sandwich|sandwich|blt;bacon lettuce tomato
Grilled Cheese Sandwich|Restaurant Menu|Restaurant;Sandwiches|1 sandwich|sandwich|grilled cheese
Philly Cheesesteak|Restaurant Menu|Restaurant;Sandwiches|1 sandwich|sandwich|cheesesteak;philly
Buffalo Chicken Wings|Restaurant Menu|Restaurant;Appetizers|10 pc|fried_chicken|wings;buffalo wings;hot wings
Chicken Tenders|Restaurant Menu|Restaurant;Entrees|1 order|fried_chicken|chicken tenders;chicken strips;chicken fingers
Fish and Chips|Restaurant Menu|Restaurant;Entrees|1 order|fried_chicken|fish and chips;fish & chips
Spaghetti Bolognese|Restaurant Menu|Restaurant;Pasta|1 plate|plate|spaghetti;bolognese;meat sauce
Fettuccine Alfredo|Restaurant Menu|Restaurant;Pasta|1 plate|plate|alfredo;fettuccine
Steak Frites|Restaurant Menu|Restaurant;Entrees|1 plate|plate|steak frites;steak
Grilled Salmon Plate|Restaurant Menu|Restaurant;Entrees|1 plate|plate|grilled salmon;salmon
Chicken Quesadilla|Restaurant Menu|Restaurant;Mexican|1 order|mexican|quesadilla
Beef Tacos|Restaurant Menu|Restaurant;Mexican|3 tacos|mexican|tacos;taco
Chicken Burrito|Restaurant Menu|Restaurant;Mexican|1 burrito|mexican|burrito
Nachos Supreme|Restaurant Menu|Restaurant;Mexican|1 order|mexican|nachos
Chicken Pad Thai|Restaurant Menu|Restaurant;Asian|1 plate|noodles|pad thai
Vegetable Fried Rice|Restaurant Menu|Restaurant;Asian|1 plate|noodles|fried rice
Tonkotsu Ramen Bowl|Restaurant Menu|Restaurant;Asian|1 bowl|noodles|ramen bowl;tonkotsu
California Roll|Restaurant Menu|Restaurant;Sushi|8 pc|sushi|california roll;sushi
Buttermilk Pancakes|Restaurant Menu|Restaurant;Breakfast|3 pancakes|pancakes|pancakes;short stack
Three Egg Omelette|Restaurant Menu|Restaurant;Breakfast|1 omelette|omelette|omelette;omelet
Bagel with Cream Cheese|Restaurant Menu|Restaurant;Breakfast|1 bagel|bagel|bagel cream cheese;bagel
Cheesecake Slice|Restaurant Menu|Restaurant;Desserts|1 slice|dessert|cheesecake
Chocolate Lava Cake|Restaurant Menu|Restaurant;Desserts|1 cake|dessert|lava cake;chocolate cake;choc lava cake
Apple Pie Slice|Restaurant Menu|Restaurant;Desserts|1 slice|dessert|apple pie;pie
Vanilla Milkshake|Restaurant Menu|Restaurant;Beverages|16 fl oz|milkshake|milkshake;shake
Fountain Soda|Restaurant Menu|Restaurant;Beverages|20 fl oz|cola|fountain drink;soda;soft drink;pop
Iced Tea|Restaurant Menu|Restaurant;Beverages|16 fl oz|tea|iced tea;unsweet tea
Fresh Lemonade|Restaurant Menu|Restaurant;Beverages|16 fl oz|lemonade|lemonade
Caffe Latte|Restaurant Menu|Restaurant;Coffee|16 fl oz|latte|latte;cafe latte
Cappuccino|Restaurant Menu|Restaurant;Coffee|12 fl oz|latte|cappuccino
Caffe Americano|Restaurant Menu|Restaurant;Coffee|16 fl oz|espresso|americano
Espresso Double Shot|Restaurant Menu|Restaurant;Coffee|2 fl oz|espresso|espresso;doppio
Caffe Mocha|Restaurant Menu|Restaurant;Coffee|16 fl oz|mocha|mocha
Chai Tea Latte|Restaurant Menu|Restaurant;Coffee|16 fl oz|latte|chai latte;chai
Drip Coffee|Restaurant Menu|Restaurant;Coffee|16 fl oz|coffee|drip coffee;brewed coffee;coffee
Hot Chocolate|Restaurant Menu|Restaurant;Beverages|12 fl oz|hot_chocolate|hot chocolate;cocoa
Draft Beer Pint|Restaurant Menu|Restaurant;Bar|16 fl oz|beer|draft beer;pint
House Red Wine Glass|Restaurant Menu|Restaurant;Bar|6 fl oz|wine|house wine;red wine;glass of wine
Nasi Lemak Ayam|Restaurant Menu|Restaurant;Malaysian|1 plate|nasi_lemak|nasi lemak;ayam
Roti Canai|Restaurant Menu|Restaurant;Malaysian|1 piece|roll|roti canai;roti
Mee Goreng Mamak|Restaurant Menu|Restaurant;Malaysian|1 plate|noodles|mee goreng;fried noodles
Teh Tarik|Restaurant Menu|Restaurant;Malaysian;Beverages|1 glass|teh_tarik|teh tarik;pulled tea
Kopi O|Restaurant Menu|Restaurant;Malaysian;Beverages|1 cup|coffee|kopi o;kopi;black coffee
# --- Malaysian grocery
Chocolate Malt Drink 3in1, 18 Sachets|Kedai Pilihan|Beverages;Malt Drinks|18 x 33 g|hot_chocolate|malt drink;chocolate malt;3in1
Classic White Bread 400g|Kedai Pilihan|Bakery;Bread|400 g|bread_white|roti;white bread;bread
Telur Ayam Gred A, 10 Biji|Kedai Pilihan|Dairy;Eggs|10 ct|eggs|telur;eggs;gred a
Minyak Masak Sawit 2kg|Kedai Pilihan|Pantry;Oils|2 kg|oil|minyak masak;cooking oil;palm oil
Mi Segera Kari, 5 Pack|Kedai Pilihan|Pantry;Noodles|5 x 79 g|ramen|mi segera;instant noodles;kari;curry
Isotonic Drink 1.5L|Kedai Pilihan|Beverages;Sports Drinks|1.5 L|sports_drink|isotonic;100plus style
Beras Wangi 5kg|Kedai Pilihan|Pantry;Rice|5 kg|rice|beras;fragrant rice;rice
# --- German items
Frische Vollmilch 3,5% 1L|Landfrisch|Molkereiprodukte;Milch|1 l|milk_whole|vollmilch;milch;frischmilch
Fettarme H-Milch 1,5% 1L|Landfrisch|Molkereiprodukte;Milch|1 l|milk_1|h-milch;fettarme milch;milch
Deutsche Markenbutter 250g|Landfrisch|Molkereiprodukte;Butter|250 g|butter_unsalted|butter;markenbutter
Joghurt Natur 3,5% 500g|Landfrisch|Molkereiprodukte;Joghurt|500 g|yogurt_plain|joghurt;naturjoghurt
Speisequark Magerstufe 500g|Landfrisch|Molkereiprodukte;Quark|500 g|quark|quark;magerquark
Gouda jung in Scheiben 400g|Alpenhof|Molkereiprodukte;Kaese|400 g|gouda|gouda;kaese;scheiben
Emmentaler gerieben 200g|Alpenhof|Molkereiprodukte;Kaese|200 g|swiss|emmentaler;reibekaese;kaese
Freiland-Eier Gr. M, 10 Stueck|Landfrisch|Eier|10 Stk|eggs|eier;freiland;10 stueck
Bananen|Produce|Obst;Frisches Obst|je kg|banana|bananen;banane
Aepfel Elstar|Produce|Obst;Frisches Obst|je kg|apple|aepfel;aepfel elstar;apfel
Kartoffeln festkochend 2,5kg|Produce|Gemuese;Kartoffeln|2,5 kg|potato|kartoffeln;festkochend
Speisezwiebeln 1kg|Produce|Gemuese|1 kg|onion|zwiebeln;speisezwiebeln
Rispentomaten|Produce|Gemuese|je kg|tomato|tomaten;rispentomaten
Salatgurke|Produce|Gemuese|1 Stk|cucumber|gurke;salatgurke
Moehren 1kg|Produce|Gemuese|1 kg|carrot|moehren;karotten
Bauernbrot 750g|Backstube Sonnenkorn|Backwaren;Brot|750 g|bread_rye|bauernbrot;brot
Roggenmischbrot 1kg|Backstube Sonnenkorn|Backwaren;Brot|1 kg|bread_rye|roggenbrot;mischbrot;brot
Vollkornbrot 500g|Backstube Sonnenkorn|Backwaren;Brot|500 g|bread_wholegrain|vollkornbrot;brot
Weizenbroetchen|Backstube Sonnenkorn|Backwaren;Broetchen|1 Stk|roll|broetchen;brötchen;weizenbroetchen;semmel
Laugenbrezel|Backstube Sonnenkorn|Backwaren;Laugengebaeck|1 Stk|pretzel_soft|brezel;laugenbrezel;breze
Toastbrot 500g|Backstube Sonnenkorn|Backwaren;Brot|500 g|bread_white|toast;toastbrot
Apfelschorle 1,5L|Gut & Guenstig Haus|Getraenke;Saftschorle|1,5 l|spritzer|apfelschorle;schorle
Mineralwasser classic 1,5L|Gut & Guenstig Haus|Getraenke;Wasser|1,5 l|water|mineralwasser;wasser;sprudel
Orangensaft 100% 1L|Gut & Guenstig Haus|Getraenke;Saft|1 l|juice_orange|orangensaft;o-saft
Cola 1,5L|Gut & Guenstig Haus|Getraenke;Erfrischungsgetraenke|1,5 l|cola|cola
Pils 0,5L|Gut & Guenstig Haus|Getraenke;Bier|0,5 l|beer|pils;bier;pilsener
Kaffee gemahlen 500g|Gut & Guenstig Haus|Getraenke;Kaffee|500 g|coffee|kaffee;filterkaffee;gemahlen
Spaghetti 500g|Gut & Guenstig Haus|Nudeln;Teigwaren|500 g|pasta|spaghetti;nudeln
Langkornreis 1kg|Gut & Guenstig Haus|Reis|1 kg|rice|reis;langkornreis
Haferflocken zart 500g|Gut & Guenstig Haus|Muesli;Flocken|500 g|oats|haferflocken
Zucker 1kg|Gut & Guenstig Haus|Backzutaten|1 kg|sugar|zucker
Weizenmehl Type 405 1kg|Gut & Guenstig Haus|Backzutaten|1 kg|flour|mehl;weizenmehl;type 405
Sonnenblumenoel 1L|Gut & Guenstig Haus|Oele|1 l|oil|sonnenblumenoel;oel
Rostbratwurst 400g|Alpenhof|Fleisch;Wurst|400 g|sausage|bratwurst;rostbratwurst;wurst
Haehnchenbrustfilet 400g|Alpenhof|Fleisch;Gefluegel|400 g|chicken_breast|haehnchenbrust;hähnchenbrustfilet;haehnchen
Hackfleisch gemischt 500g|Alpenhof|Fleisch;Hackfleisch|500 g|beef_80|hackfleisch;gemischtes hack;hack
Salami Scheiben 100g|Alpenhof|Wurst;Aufschnitt|100 g|salami|salami;aufschnitt
Kochschinken 200g|Alpenhof|Wurst;Aufschnitt|200 g|ham_deli|kochschinken;schinken
Leberwurst fein 125g|Alpenhof|Wurst;Aufschnitt|125 g|liverwurst|leberwurst
Sauerkraut 720ml|Gut & Guenstig Haus|Konserven;Gemuese|720 ml|sauerkraut|sauerkraut
Senf mittelscharf 200ml|Gut & Guenstig Haus|Wuerzmittel|200 ml|mustard|senf;mittelscharf
Vollmilchschokolade 100g|Gut & Guenstig Haus|Suesswaren;Schokolade|100 g|chocolate|schokolade;vollmilch schokolade;tafel
Fruchtgummi Baeren 200g|Gut & Guenstig Haus|Suesswaren|200 g|gummies|gummibaerchen;fruchtgummi
Kartoffelchips Paprika 175g|Gut & Guenstig Haus|Knabberartikel;Chips|175 g|chips|chips;paprika chips
Spuelmittel 500ml|Gut & Guenstig Haus|Haushalt;Reinigung|500 ml|none|spuelmittel;spülmittel
Toilettenpapier 3-lagig, 10 Rollen|Gut & Guenstig Haus|Haushalt;Papierwaren|10 Rollen|none|toilettenpapier;klopapier
Tragetasche|Gut & Guenstig Haus|Haushalt;Taschen|1 Stk|none|tragetasche;tuete
"""

# Receipt-line matching cases: "line => exact catalog product name", or
# "line => -" when the line must not match anything (not a product, or a
# product/brand the catalog does not have). Policy: a store-brand prefix on a
# commodity (GV WHL MLK GAL) still matches the catalog's commodity product; a
# named brand product the catalog lacks (DORITOS, OREO, MILO) must not match.
# "!" after the name marks a deliberately hard case (note in the json).
CASES = r"""
GV WHL MLK GAL => Whole Milk, 1 Gallon
WHOLE MILK GAL => Whole Milk, 1 Gallon
WHOLE MILK GAL 3.49 F => Whole Milk, 1 Gallon
FF WHL MILK 1/2 GAL => Whole Milk, Half Gallon
2% MILK HALF GAL => 2% Reduced Fat Milk, Half Gallon
2% RF MILK GAL 3.49 F => 2% Reduced Fat Milk, 1 Gallon
1% LOWFAT MLK GAL => 1% Low Fat Milk, 1 Gallon
SKIM MILK GAL => Fat Free Skim Milk, 1 Gallon
ORG WHL MILK HG => Organic Whole Milk, Half Gallon
CHOC MILK 1/2GAL => Chocolate Milk, Half Gallon
ALMOND MLK UNSWT => Unsweetened Almond Milk
OATMILK ORIG 64OZ => Oat Milk Original
LG EGGS 12CT => Large White Eggs, 12 Count
LARGE EGGS 12CT 2.89 F => Large White Eggs, 12 Count
LARGE EGGS 18 CT => Large White Eggs, 18 Count
ORG BRWN EGGS 12CT => Organic Brown Eggs, 12 Count
BUTTER SALTED 1LB => Salted Butter Sticks
UNSLTD BUTTER => Unsalted Butter Sticks
SHARP CHED BLK 8OZ => Sharp Cheddar Cheese Block
SHREDDED CHEDDAR 2.47 N => Mild Cheddar Shredded Cheese
SHRD MOZZ 8OZ => Mozzarella Shredded Cheese
AMER CHS SINGLES => American Cheese Singles
CREAM CHEESE 8OZ => Cream Cheese Original
SOUR CREAM 16OZ => Sour Cream
GREEK YOGURT VAN => Vanilla Greek Yogurt Cup
GRK YOG PLN NF 32OZ => Plain Nonfat Greek Yogurt
COTTAGE CHS SM CURD => Small Curd Cottage Cheese
HVY WHIP CRM => Heavy Whipping Cream
HALF & HALF QT => Half and Half
ICE CREAM VANILLA => Vanilla Ice Cream
4011 BANANAS 0.52 LB => Bananas
BANANAS => Bananas
BANANAS 2.14 lb @ 0.59/lb => Bananas
ORG BNNA => Organic Bananas
94011 ORG BANANAS => Organic Bananas
GALA APPLES 2.31 lb @ 1.49/lb => Gala Apples
HONEYCRISP APPLE => Honeycrisp Apples
AVOCADOS HASS => Hass Avocados
AVOCADO HASS LRG EA => Hass Avocados
ROMA TOMATOES => Roma Tomatoes
R0MA T0MATOES => Roma Tomatoes
TOMATO ON VINE => Tomatoes on the Vine
ROMAINE HEARTS 3CT => Romaine Lettuce Hearts
ICEBERG LETTUCE => Iceberg Lettuce
YELLOW ONIONS => Yellow Onions
RED ONION 0.78 LB => Red Onions
RUSSET POTATO 5LB => Russet Potatoes, 5 lb Bag
SWEET POTATOES => Sweet Potatoes
CARROTS 2LB BAG => Carrots, 2 lb Bag
BROCCOLI CROWNS => Broccoli Crowns
BABY SPINACH 5OZ => Baby Spinach
STRAWBERRIES 1LB => Strawberries, 1 lb
BLUEBERRIES PINT => Blueberries, 1 Pint
GRAPES RED SDLS => Red Seedless Grapes
LIMES 4 @ 0.33 => Limes
LEMONS => Lemons
CILANTRO => Cilantro
JALAPENO PEPPERS => Jalapeno Peppers
GREEN BELL PEPPER => Green Bell Pepper
CUCUMBER ENGLISH => English Cucumber
WHITE MUSHROOMS 8OZ => White Mushrooms, 8 oz
CHKN BRST BNLS => Boneless Skinless Chicken Breasts
CHKN BREAST BNLS => Boneless Skinless Chicken Breasts
BNLS SKNLS CHKN THGH => Boneless Skinless Chicken Thighs
GRND BEEF 80/20 => Ground Beef 80/20
GROUND BEEF 80/20 5.94 N => Ground Beef 80/20
LEAN GRND BF 90/10 => Lean Ground Beef 90/10
RIBEYE STEAK 1.24 LB => Ribeye Steak
HICKORY SMKD BACON => Hickory Smoked Bacon
DELI HAM HONEY => Honey Ham Deli Slices
ROTISSERIE CHICKEN => Rotisserie Chicken
BEEF HOT DOGS 15OZ => Beef Hot Dogs
ATL SALMON FILLET => Atlantic Salmon Fillet
TUNA CHUNK LT WTR => Chunk Light Tuna in Water
GRND TURKEY 93/7 => Ground Turkey 93/7
WHEAT BREAD => 100% Whole Wheat Bread
WHT SANDWICH BREAD => White Sandwich Bread
SOURDOUGH LOAF => Sourdough Bread Loaf
BAGELS PLAIN 6CT => Plain Bagels, 6 Count
FLOUR TORTILLAS 10CT => Flour Tortillas, 10 Count
HAMBURGER BUNS 8CT => Hamburger Buns, 8 Count
CROISSANTS 4PK => Butter Croissants, 4 Count
PNT BTR 16OZ => Creamy Peanut Butter, 16 oz
CRMY PEANUT BUTTER 40OZ => Creamy Peanut Butter, 40 oz
PB CRUNCHY 18 OZ => Crunchy Peanut Butter, 18 oz
SPAGHETTI 16OZ => Spaghetti, 16 oz
PENNE RIGATE => Penne Rigate, 16 oz
LG GRAIN WHITE RICE 5LB => Long Grain White Rice, 5 lb
JASMINE RICE 2LB => Jasmine Rice, 2 lb
CORN FLAKES 18OZ => Corn Flakes Cereal
HONEY NUT OAT CEREAL => Honey Nut Oat Rings Cereal
ROLLED OATS 42OZ => Old Fashioned Rolled Oats, 42 oz
QUICK OATS 18OZ => Quick Oats, 18 oz
AP FLOUR 5LB => All Purpose Flour, 5 lb
GRAN SUGAR 4LB => Granulated Sugar, 4 lb
EVOO 16.9OZ => Extra Virgin Olive Oil
VEG OIL 48OZ => Vegetable Oil
PASTA SAUCE TRAD => Traditional Pasta Sauce
BLACK BEANS 15OZ => Black Beans, 15 oz Can
DICED TOMATOES 14.5OZ => Diced Tomatoes, 14.5 oz Can
CHKN BROTH 32OZ => Chicken Broth, 32 oz
MAC & CHEESE DINNER => Macaroni and Cheese Dinner
KETCHUP 32OZ => Tomato Ketchup
MAYO REAL 30OZ => Real Mayonnaise
HONEY CLOVER 12OZ => Clover Honey
GRND COFFEE MED RST => Medium Roast Ground Coffee
COFFEE PODS 24CT => Coffee Pods Medium Roast, 24 Count
TEA BAGS BLACK 100CT => Black Tea Bags, 100 Count
C0KE 2L => Coca-Cola Classic, 2 Liter
COCA COLA 2L => Coca-Cola Classic, 2 Liter
COKE 12PK CAN => Coca-Cola Classic, 12 Pack Cans
DIET COKE 2LTR => Diet Coke, 2 Liter
PEPSI 2 LITER => Pepsi, 2 Liter
PEPSI 12PK => Pepsi, 12 Pack Cans
SPRITE 2L => Sprite, 2 Liter
OJ NO PULP 52OZ => Orange Juice No Pulp
APPLE JUICE 64OZ => Apple Juice
WATER 24PK 16.9OZ => Purified Drinking Water, 24 Pack
SPARKLING WATER LIME 1L => Sparkling Water Lime
SWEET TEA 59OZ => Sweet Iced Tea
LAGER 6PK BTL => Lager Beer, 6 Pack Bottles
POTATO CHIPS CLASSIC => Classic Potato Chips
REST STYLE TORT CHIPS => Restaurant Style Tortilla Chips
PRETZEL MINI TWIST => Mini Twist Pretzels
GRANOLA BARS CHEWY 8CT => Chewy Granola Bars, 8 Count
TRAIL MIX 26OZ => Trail Mix
MILK CHOC BAR => Milk Chocolate Bar
FRZ PEPPERONI PIZZA => Pepperoni Frozen Pizza
FRZ MIXED VEG 16OZ => Frozen Mixed Vegetables
CHICKEN NUGGETS 29OZ => Chicken Nuggets
FRZN WAFFLES HMSTYLE => Homestyle Frozen Waffles
CRINKLE FRIES 32OZ => Crinkle Cut French Fries
PAPER TOWELS 6RL => Paper Towels, 6 Rolls
BATH TISSUE 12 MEGA => Bath Tissue, 12 Mega Rolls
LIQ LAUNDRY DETERG 92OZ => Liquid Laundry Detergent
DISH SOAP 24OZ => Dish Soap Original
TRASH BAGS 13GAL => Tall Kitchen Trash Bags, 13 Gallon
ALUM FOIL 75SQFT => Aluminum Foil
2 LUNCH SPECIAL 25.90 => Lunch Special
CHEESEBURGER => Cheeseburger
1 FRENCH FRIES 4.75 => French Fries
3 ICED TEA => Iced Tea
CAESAR SALAD => Caesar Salad
CHOC LAVA CAKE => Chocolate Lava Cake
1 Latte Grande => Caffe Latte
2 Drip Coffee Tall => Drip Coffee
PIZZA SLICE PEPP => Pepperoni Pizza Slice
BUFFALO WINGS 10PC => Buffalo Chicken Wings
CLUB SANDWICH => Club Sandwich
FISH & CHIPS => Fish and Chips
CAPPUCCINO => Cappuccino
HOT CHOCOLATE => Hot Chocolate
NASI LEMAK AYAM => Nasi Lemak Ayam
TEH TARIK => Teh Tarik
ROTI CANAI 2 x 1.50 => Roti Canai
MALT DRINK 3IN1 18S => Chocolate Malt Drink 3in1, 18 Sachets
TELUR AYAM GRED A 10S => Telur Ayam Gred A, 10 Biji
MINYAK MASAK 2KG => Minyak Masak Sawit 2kg
Vollmilch 3,5% 1L 1,09 A => Frische Vollmilch 3,5% 1L
H-MILCH 1,5% => Fettarme H-Milch 1,5% 1L
Deutsche Markenbutter => Deutsche Markenbutter 250g
Bananen 0,634 kg => Bananen
Brötchen Weizen => Weizenbroetchen !umlaut and word order
Bauernbrot 750g => Bauernbrot 750g
Gouda jung Scheiben => Gouda jung in Scheiben 400g
Apfelschorle 1,5L => Apfelschorle 1,5L
Spuelmittel 500ml => Spuelmittel 500ml
LAUGENBREZEL => Laugenbrezel
KARTOFFELN FK 2,5KG => Kartoffeln festkochend 2,5kg
HAEHNCHENBRUSTFILET => Haehnchenbrustfilet 400g
MINERALWASSER 1,5L => Mineralwasser classic 1,5L
KAFFEE GEMAHLEN 500G => Kaffee gemahlen 500g
BOTTLE DEPOSIT => -
BAG FEE => -
SUBTOTAL => -
SUB TOTAL 42.27 => -
TAX 7.000% ON 17.35 => -
TOTAL => -
**** BALANCE 43.48 => -
VISA CREDIT 43.48 => -
CHANGE DUE 17.06 => -
CASH TEND 60.00 => -
MFR COUPON 0.50- => -
MEMBER SAVINGS -0.40 => -
TOTAL SAVINGS 3.00 => -
# ITEMS SOLD 11 => -
THANK YOU FOR SHOPPING => -
CRV 4 @ 0.05 => -
SUMME EUR 12,66 => -
Pfand 0,25 B => -
Rueckgeld BAR 7,34 => -
MwSt 19% => -
GST @6% 1.83 => -
ROUNDING ADJ -0.02 => -
TIP 9.00 => -
SERVER: DANA TABLE 14 => -
AUTH CODE 554120 => -
CARD # ************4821 => -
03/09/2024 14:32 => -
STORE #0412 => -
1820 W MAIN ST => -
SPRINGFIELD, IL 62704 => -
4.99 F => -
SERVICE CHARGE 18% => -
ENVIRONMENTAL FEE => -
GIFT CARD ACTIVATION => -
VOID ITEM => -
DOG FOOD ADULT 30LB => -
CAT LITTER CLUMPING => -
MOTOR OIL 5W30 => -
BIRTHDAY CARD => -
LOTTO POWERBALL => -
PROPANE EXCHANGE => -
USB PHONE CHARGER => -
TOFU EXTRA FIRM => -
HUMMUS CLASSIC 10OZ => -
KOMBUCHA GINGER => -
DORITOS COOL RANCH => -
OREO DOUBLE STUF => - !named brand not in the catalog (an Oreo-like store product exists)
PEPSI ZERO SUGAR 2L => - !a Pepsi 2 L and a Diet Pepsi 2 L exist, Zero Sugar does not
MILO 3IN1 ACTIV-GO 18S => - !named brand; a store-brand malt drink 3in1 18 sachets exists
GATORADE COOL BLUE => -
CHOBANI PEACH => -
ICE BAG 10LB => -
FLOWERS BOUQUET => -
RX PRESCRIPTION 4471 => -
SUNSCREEN SPF 50 => -
DIAPERS SIZE 4 => -
LIGHT BULB LED 60W => -
BALANCE DUE 12.50 => -
DEBIT TEND 43.48 => -
RETURN 4.99- => -
PRICE OVERRIDE => -
EMPLOYEE DISCOUNT 10% => -
BOTTLE RETURN 0.10- => -
CUSTOMER COPY => -
AMOUNT 58.35 => -
Geg. Bar 20,00 => -
Kasse 2 Bon 4711 => -
Total Incl. GST: RM 54.91 => -
Cash: 100.00 => -
WINDSHIELD WASHER FLUID => -
CHARCOAL BRIQUETTES 16LB => -
GREETING CARD => -
PHONE CARD 25.00 => -
REUSABLE BAG => -
SALES TAX 9.5% 4.98 => -
GOODS SOLD ARE NOT RETURNABLE => -
TERIMA KASIH => -
MAGAZINE => -
"""


def ean13_check(body12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body12))
    return str((10 - s % 10) % 10)


def valid_ean13(code):
    return len(code) == 13 and code.isdigit() and ean13_check(code[:12]) == code[12]


def nutrients(profile):
    p = P[profile]
    if p is None:
        return []
    names = [("Energy", p[0], "kcal", 300), ("Protein", p[1], "g", 600),
             ("Total lipid (fat)", p[2], "g", 800), ("Carbohydrate, by difference", p[3], "g", 1110),
             ("Sugars, total including NLEA", p[4], "g", 1510), ("Sodium, Na", p[5], "mg", 5800)]
    return [{"name": n, "per_100g": v, "measurement_unit": u, "rank": r, "data_points": 1,
             "description": None} for n, v, u, r in names]


def serving(profile):
    p = P[profile]
    if p is None:
        return None
    return {"size": p[6], "measurement_unit": p[7], "size_fulltext": p[8]}


def words_of(name):
    w = re.sub(r"[^a-z0-9%&/ -]+", " ", name.lower())
    return [t for t in w.split() if t]


def main():
    counters = {}
    seen_names = set()
    items = []
    plu_re = re.compile(r"^\d{4,5}$")
    for raw in ROWS.strip().splitlines():
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            continue
        name, brand, cats, size, profile, kws = raw.split("|")
        assert profile in P, (name, profile)
        assert brand in BRANDS, (name, brand)
        assert name not in seen_names, name
        seen_names.add(name)
        keywords = [k for k in kws.split(";") if k]
        prefix = BRANDS[brand]
        plu = next((k for k in keywords if plu_re.match(k)), None)
        if brand == "Produce" and plu is not None:
            # in-store code for a PLU item: 02 + 00000 + PLU (5 digits)
            body = "02" + "00000" + plu.zfill(5)
        else:
            n = counters.get(brand, 0) + 1
            counters[brand] = n
            body = prefix + str(n).zfill(12 - len(prefix))
            if brand == "Produce":       # produce without a PLU keyword
                body = "0200001" + str(n).zfill(5)
        code = body + ean13_check(body)
        assert valid_ean13(code), code
        is_german = prefix.startswith("400") or (brand == "Produce" and cats.split(";")[0] in ("Obst", "Gemuese"))
        is_my = prefix.startswith("955") or "Malaysian" in cats
        country = "Germany" if is_german else "Malaysia" if is_my else "United States"
        item = {
            "barcode": code,
            "name": name,
            "brand": brand,
            "ingredients": None,
            "package": {"quantity": 1, "size": size},
            "serving": serving(profile),
            "categories": cats.split(";"),
            "nutrients": nutrients(profile),
            "diet_labels": None,
            "diet_flags": [],
            "packaging_photos": None,
            "allergens": [],
            "brand_list": [brand],
            "countries": [country],
            "country_details": None,
            "palm_oil_ingredients": [],
            "ingredient_list": [],
            "has_english_ingredients": None,
            "minerals": [],
            "traces": [],
            "vitamins": [],
            "description": f"{name} ({size}). Invented fixture product; the barcode is made up.",
            "keywords": keywords + ["fixture"],
        }
        items.append(item)
    codes = [i["barcode"] for i in items]
    assert len(set(codes)) == len(codes), "duplicate barcode"
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"items": items}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{os.path.relpath(OUT, ROOT)}: {len(items)} products, {os.path.getsize(OUT)} bytes", file=sys.stderr)

    by_name = {i["name"]: i["barcode"] for i in items}
    cases = []
    for raw in CASES.strip().splitlines():
        line, target = (x.strip() for x in raw.rsplit("=>", 1))
        note = None
        if "!" in target:
            target, note = (x.strip() for x in target.split("!", 1))
        if target == "-":
            case = {"line": line, "expected": None, "product": None}
        else:
            assert target in by_name, f"matching case {line!r}: no product named {target!r}"
            case = {"line": line, "expected": by_name[target], "product": target}
        if note:
            case["note"] = note
        cases.append(case)
    os.makedirs(os.path.dirname(MATCHING), exist_ok=True)
    with open(MATCHING, "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=1, ensure_ascii=False)
        f.write("\n")

    if os.path.exists(MATCHING):
        by_code = {i["barcode"]: i for i in items}
        with open(MATCHING, encoding="utf-8") as f:
            cases = json.load(f)
        bad = [c for c in cases if c["expected"] is not None and c["expected"] not in by_code]
        lines = [c["line"] for c in cases]
        dups = {l for l in lines if lines.count(l) > 1}
        none = sum(1 for c in cases if c["expected"] is None)
        print(f"{os.path.relpath(MATCHING, ROOT)}: {len(cases)} cases, {none} expect no match "
              f"({100 * none / len(cases):.0f} %)", file=sys.stderr)
        if bad or dups:
            for c in bad:
                print(f"  unknown barcode: {c}", file=sys.stderr)
            for d in sorted(dups):
                print(f"  duplicate line: {d}", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
