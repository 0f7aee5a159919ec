#!/usr/bin/python3
"""Render the synthetic receipt fixtures in Fixtures/receipts/.

Command (from the repository root):

    /usr/bin/python3 scripts/make-fixtures.py

Needs Debian's python3-pil and fonts-dejavu-core (scripts/install-deps.sh), and fonts-noto-core
for the Thai, Devanagari and Arabic receipts.
Deterministic: every random choice comes from seeded random.Random objects,
so running it again gives byte-identical files (same Pillow/libjpeg/zlib).

For each receipt it writes `<name>.png` (clean render) and `<name>.json`
(the exact text lines and the expected fields, in the shape of
../shared/corpus labels plus time, tip, taxes, payment). Photograph-like
variants (`<name>--<variant>.jpg`) get their own json with the same content.
Amounts are computed with Decimal and are arithmetically consistent:
sum(items.price + items.discount) == subtotal and subtotal + tax + tip ==
total (for VAT-inclusive receipts the tax is the included VAT and
sum(items) == total).

The CC-BY-4.0 German scans (de-scan-*) are copied byte-for-byte from
../shared/corpus/de-supermarket-scans (softmatic/vision-data, Softmatic
GmbH, CC-BY-4.0) when that folder exists; pass --no-scans to skip them.
"""

import json
import math
import os
import random
import sys
from decimal import Decimal, ROUND_HALF_UP

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "receipts")
FONT_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
FONT_BOLD_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
FONT_SIZE = 30          # DejaVu Sans Mono 30 px: capitals ~22 px tall, 18 px advance
# Scripts DejaVu Sans Mono lacks, drawn with Debian's fonts-noto-core (regular, bold), by the
# range of code points they take; the Latin text of the same line stays in the mono columns.
NOTO = "/usr/share/fonts/truetype/noto/"
SCRIPT_FONTS = {
    # Looped Thai, as receipt printers print it: Tesseract's script detector takes a page of the
    # loopless Noto Sans Thai for Latin.
    "thai": ((0x0E00, 0x0E7F), NOTO + "NotoLoopedThai-Regular.ttf", NOTO + "NotoLoopedThai-Bold.ttf"),
    "devanagari": ((0x0900, 0x097F), NOTO + "NotoSansDevanagari-Regular.ttf", NOTO + "NotoSansDevanagari-Bold.ttf"),
    "arabic": ((0x0600, 0x06FF), NOTO + "NotoSansArabic-Regular.ttf", NOTO + "NotoSansArabic-Bold.ttf"),
}
WIDTH_CHARS = 38        # characters per receipt line
MARGIN_X = 40
MARGIN_Y = 50
LINE_GAP = 12

CENT = Decimal("0.01")


def D(s):
    return Decimal(s)


def q2(x):
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


def fmt(x, comma=False):
    s = f"{q2(x):.2f}"
    return s.replace(".", ",") if comma else s


# --------------------------------------------------------------------------
# Text layout helpers

def lr(left, right, width=WIDTH_CHARS):
    """Left text, right text right-aligned to the line width."""
    space = width - len(left) - len(right)
    if space < 1:
        left = left[: width - len(right) - 1]
        space = 1
    return left + " " * space + right


def center(text, width=WIDTH_CHARS):
    pad = (width - len(text)) // 2
    return " " * max(pad, 0) + text


def price_col(left, amount_text, flag="", width=WIDTH_CHARS):
    """Price right-aligned in a fixed column, then a 2-char flag column."""
    right = amount_text + (" " + flag if flag else "  ")
    return lr(left, right, width)


class Receipt:
    def __init__(self, name, currency, comma=False):
        self.name = name
        self.currency = currency
        self.comma = comma
        self.lines = []
        self.items = []
        self.bold = set()      # indexes of lines drawn in bold
        self.tall = set()      # indexes of lines drawn double height (same width), as printers do totals
        self.fields = {}

    def add(self, text="", bold=False, tall=False):
        assert len(text) <= WIDTH_CHARS, (self.name, text, len(text))
        if bold:
            self.bold.add(len(self.lines))
        if tall:
            self.tall.add(len(self.lines))
        self.lines.append(text)

    def item(self, name, price, quantity=1, unit=None, unit_price=None, discount=None):
        it = {"name": name, "quantity": quantity, "price": fmt(price)}
        if unit is not None:
            it["unit"] = unit
        if unit_price is not None:
            it["unitPrice"] = fmt(unit_price)
        if discount is not None:
            it["discount"] = fmt(discount)
        self.items.append(it)

    def items_sum(self):
        total = Decimal(0)
        for it in self.items:
            total += D(it["price"]) + D(it.get("discount", "0"))
        return total

    def expected(self):
        e = {
            "merchant": self.fields["merchant"],
            "date": self.fields["date"],
            "time": self.fields.get("time"),
            "total": self.fields["total"],
            "subtotal": self.fields.get("subtotal"),
            "tax": self.fields.get("tax"),
            "taxes": self.fields.get("taxes", []),
            "tip": self.fields.get("tip"),
            "currency": self.currency,
            "items": self.items,
            "item_count": len(self.items),
            "payment": self.fields.get("payment"),
        }
        if "taxIncluded" in self.fields:
            e["taxIncluded"] = self.fields["taxIncluded"]
        return e


# --------------------------------------------------------------------------
# Receipt contents

def us_grocery_freshmart():
    """US grocery, Kroger-like: detail line (qty/weight) carries the price."""
    r = Receipt("us-grocery-freshmart", "USD")
    rate = D("0.07")
    r.add(center("FRESH MART"), bold=True)
    r.add(center("STORE #0412"))
    r.add(center("1820 W MAIN ST"))
    r.add(center("SPRINGFIELD, IL 62704"))
    r.add(center("(217) 555-0142"))
    r.add()
    r.add(lr("03/09/2024 14:32", "LANE 3 OP 112"))
    r.add()
    # (name, detail, line price, flag, item fields)
    taxable = Decimal(0)

    def simple(name, price, flag="F"):
        nonlocal taxable
        p = D(price)
        r.add(price_col(name, fmt(p), flag))
        r.item(name, p, unit_price=p)
        if flag == "T":
            taxable += p

    def multi(name, n, each, flag="F"):
        nonlocal taxable
        p = D(each) * n
        r.add(name)
        r.add(price_col(f"  {n} @ {each}", fmt(p), flag))
        r.item(name, p, quantity=n, unit_price=D(each))
        if flag == "T":
            taxable += p

    def weighed(name, weight, per, flag="F"):
        nonlocal taxable
        p = q2(D(weight) * D(per))
        r.add(name)
        r.add(price_col(f"  {weight} lb @ {per}/lb", fmt(p), flag))
        r.item(name, p, quantity=float(weight), unit="lb", unit_price=D(per))
        if flag == "T":
            taxable += p

    def coupon(label, amount, flag="F"):
        nonlocal taxable
        a = D(amount)
        r.add(price_col(f"  {label}", fmt(a) + "-", flag))
        it = r.items[-1]
        it["discount"] = fmt(-a)
        if flag == "T":
            taxable -= a

    simple("WHOLE MILK GAL", "3.49")
    weighed("BANANAS", "2.14", "0.59")
    multi("GREEK YOGURT VAN", 2, "1.99")
    coupon("MFR COUPON", "0.50")
    simple("LARGE EGGS 12CT", "2.89")
    weighed("ROMA TOMATOES", "0.52", "2.99")
    simple("CHKN BREAST BNLS", "8.47")
    coupon("MEMBER SAVINGS", "1.50")
    simple("PEANUT BUTTER 16OZ", "2.79")
    multi("COCA COLA 2L", 3, "2.29", "T")
    simple("PAPER TOWELS 6RL", "7.99", "T")
    simple("WHEAT BREAD", "2.49")
    simple("DISH SOAP 24OZ", "3.49", "T")
    coupon("STORE COUPON", "1.00", "T")

    subtotal = r.items_sum()
    tax = q2(taxable * rate)
    total = subtotal + tax
    r.add()
    r.add(price_col("SUBTOTAL", fmt(subtotal)))
    r.add(price_col("TAX 7.000% ON " + fmt(taxable), fmt(tax)))
    r.add(price_col("**** BALANCE", fmt(total)), bold=True)
    r.add()
    r.add(price_col("VISA CREDIT", fmt(total)))
    r.add("  CARD # ************4821")
    r.add("  AUTH 08812C  APPROVED")
    r.add(price_col("CHANGE", "0.00"))
    r.add()
    r.add(lr("TOTAL NUMBER OF ITEMS SOLD", str(sum(int(math.ceil(i["quantity"])) if i.get("unit") is None else 1 for i in r.items))))
    r.add(price_col("TOTAL SAVINGS", fmt(D("3.00"))))
    r.add()
    r.add(center("THANK YOU FOR SHOPPING"))
    r.add(center("FRESH MART"))
    r.fields.update(
        merchant="FRESH MART", date="2024-03-09", time="14:32",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total),
        taxes=[{"label": "TAX", "rate": "7.000", "amount": fmt(tax)}],
        payment={"method": "card", "cardLast4": "4821", "tendered": fmt(total), "change": "0.00"},
    )
    return r


def us_grocery_valuefoods():
    """US grocery, Walmart-like: price on the name line, details below."""
    r = Receipt("us-grocery-valuefoods", "USD")
    rate = D("0.0825")
    r.add(center("VALUE FOODS MARKET"), bold=True)
    r.add(center("4410 N LAMAR BLVD"))
    r.add(center("AUSTIN TX 78756"))
    r.add(center("ST# 0988 OP# 00041 TE# 07"))
    r.add()
    taxable = Decimal(0)

    def simple(name, price, flag="N"):
        nonlocal taxable
        p = D(price)
        r.add(price_col(name, fmt(p), flag))
        r.item(name, p, unit_price=p)
        if flag == "X":
            taxable += p

    def multi(name, n, each, flag="N"):
        nonlocal taxable
        p = D(each) * n
        r.add(price_col(name, fmt(p), flag))
        r.add(f"  {n} AT 1 FOR {each}")
        r.item(name, p, quantity=n, unit_price=D(each))
        if flag == "X":
            taxable += p

    def weighed(name, weight, per, flag="N"):
        nonlocal taxable
        p = q2(D(weight) * D(per))
        r.add(price_col(name, fmt(p), flag))
        r.add(f"  {weight} lb @ 1 lb /{per}")
        r.item(name, p, quantity=float(weight), unit="lb", unit_price=D(per))
        if flag == "X":
            taxable += p

    def savings(amount, flag="N"):
        nonlocal taxable
        a = D(amount)
        r.add(price_col("  MEMBER SAVINGS", "-" + fmt(a), flag))
        r.items[-1]["discount"] = fmt(-a)
        if flag == "X":
            taxable -= a

    simple("2% MILK HALF GAL", "2.18")
    weighed("ORG BANANAS", "2.86", "0.79")
    weighed("AVOCADOS HASS", "1.25", "1.48")
    simple("SHREDDED CHEDDAR", "2.47")
    savings("0.40")
    multi("SPAGHETTI 16OZ", 2, "1.12")
    simple("GROUND BEEF 80/20", "5.94")
    simple("ROLLED OATS 42OZ", "4.28")
    multi("SPARKLING WATER", 4, "0.98", "X")
    simple("LAUNDRY DETERGENT", "11.97", "X")
    savings("2.00", "X")
    simple("ICE CREAM VANILLA", "3.64")
    simple("TORTILLA CHIPS", "3.18", "X")

    subtotal = r.items_sum()
    tax = q2(taxable * rate)
    total = subtotal + tax
    tendered = D("60.00")
    if tendered < total:
        tendered = D("80.00")
    change = tendered - total
    r.add()
    r.add(price_col("SUBTOTAL", fmt(subtotal)))
    r.add(price_col("TAX 1  8.250 %", fmt(tax)))
    r.add(price_col("TOTAL", fmt(total)), bold=True)
    r.add(price_col("CASH TEND", fmt(tendered)))
    r.add(price_col("CHANGE DUE", fmt(change)))
    r.add()
    r.add(lr("# ITEMS SOLD", str(len(r.items))))
    r.add(center("07/22/2023  18:05:47"))
    r.add()
    r.add(center("LOW PRICES YOU CAN TRUST"))
    r.fields.update(
        merchant="VALUE FOODS MARKET", date="2023-07-22", time="18:05:47",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total),
        taxes=[{"label": "TAX 1", "rate": "8.250", "amount": fmt(tax)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(change)},
    )
    return r


def us_restaurant_tip():
    r = Receipt("us-restaurant-tip", "USD")
    rate = D("0.095")
    r.add(center("THE COPPER KETTLE"), bold=True)
    r.add(center("212 HARBOR BLVD"))
    r.add(center("SANTA BARBARA, CA 93101"))
    r.add(center("TEL (805) 555-0199"))
    r.add()
    r.add(lr("SERVER: DANA", "TABLE 14"))
    r.add(lr("GUESTS: 3", "CHK 20417"))
    r.add(lr("10/18/2024", "7:41 PM"))
    r.add("-" * WIDTH_CHARS)
    menu = [
        (2, "LUNCH SPECIAL", "12.95"),
        (1, "CHEESEBURGER", "14.50"),
        (1, "FRENCH FRIES", "4.75"),
        (3, "ICED TEA", "2.95"),
        (1, "CAESAR SALAD", "9.25"),
        (1, "CHOC LAVA CAKE", "7.50"),
    ]
    for n, name, each in menu:
        p = D(each) * n
        r.add(price_col(f"{n} {name}", fmt(p)))
        r.item(name, p, quantity=n, unit_price=D(each))
    subtotal = r.items_sum()
    tax = q2(subtotal * rate)
    amount = subtotal + tax
    tip = q2(subtotal * D("0.18"))
    total = amount + tip
    r.add("-" * WIDTH_CHARS)
    r.add(price_col("SUBTOTAL", fmt(subtotal)))
    r.add(price_col("SALES TAX 9.5%", fmt(tax)))
    r.add(price_col("AMOUNT", fmt(amount)), bold=True)
    r.add()
    r.add("MASTERCARD  XXXXXXXXXXXX7730")
    r.add("AUTH CODE 554120")
    r.add()
    r.add(price_col("TIP", fmt(tip)))
    r.add(price_col("TOTAL", fmt(total)), bold=True)
    r.add()
    r.add("X" + "_" * 30)
    r.add(center("CUSTOMER COPY"))
    r.add(center("THANK YOU! COME AGAIN"))
    r.fields.update(
        merchant="THE COPPER KETTLE", date="2024-10-18", time="19:41",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total), tip=fmt(tip),
        taxes=[{"label": "SALES TAX", "rate": "9.5", "amount": fmt(tax)}],
        payment={"method": "card", "cardLast4": "7730", "tendered": None, "change": None},
    )
    return r


def de_supermarkt():
    """German supermarket: decimal commas, VAT included, MwSt table."""
    r = Receipt("de-supermarkt-frischmarkt", "EUR", comma=True)
    r.add(center("FRISCHMARKT"), bold=True)
    r.add(center("Lindenstrasse 27"))
    r.add(center("50674 Koeln"))
    r.add(center("Tel. 0221 555 0188"))
    r.add()
    r.add(lr("", "EUR"))
    groups = {"A": Decimal(0), "B": Decimal(0)}   # A = 7 %, B = 19 %

    def simple(name, price, g="A"):
        p = D(price)
        r.add(price_col(name, fmt(p, True), g))
        r.item(name, p, unit_price=p)
        groups[g] += p

    def multi(name, n, each, g="A"):
        p = D(each) * n
        r.add(name)
        r.add(price_col(f"  {n} x {fmt(D(each), True)}", fmt(p, True), g))
        r.item(name, p, quantity=n, unit_price=D(each))
        groups[g] += p

    def weighed(name, kg, per, g="A"):
        p = q2(D(kg) * D(per))
        r.add(name)
        r.add(price_col(f"  {kg.replace('.', ',')} kg x {fmt(D(per), True)} EUR/kg", fmt(p, True), g))
        r.item(name, p, quantity=float(kg), unit="kg", unit_price=D(per))
        groups[g] += p

    simple("Vollmilch 3,5% 1L", "1.09")
    simple("Deutsche Markenbutter", "2.29")
    weighed("Bananen", "0.634", "1.69")
    multi("Brötchen Weizen", 6, "0.29")
    simple("Bauernbrot 750g", "2.49")
    simple("Gouda jung Scheiben", "1.79")
    simple("Apfelschorle 1,5L", "0.99", "B")
    r.add(price_col("Pfand", fmt(D("0.25"), True), "B"))
    r.item("Pfand", D("0.25"), unit_price=D("0.25"))
    groups["B"] += D("0.25")
    simple("Spuelmittel 500ml", "0.95", "B")

    total = r.items_sum()
    r.add("-" * WIDTH_CHARS)
    r.add(lr("SUMME EUR", fmt(total, True)), bold=True)
    r.add("=" * WIDTH_CHARS)
    r.add(lr("Geg. Bar", fmt(D("20.00"), True)))
    r.add(lr("Rueckgeld BAR", fmt(D("20.00") - total, True)))
    r.add()
    r.add("MwSt    " + "Netto".rjust(10) + "Steuer".rjust(9) + "Brutto".rjust(10))
    taxes = []
    tax_total = Decimal(0)
    for g, pct in (("A", D("7")), ("B", D("19"))):
        brutto = groups[g]
        mwst = q2(brutto * pct / (D(100) + pct))
        netto = brutto - mwst
        tax_total += mwst
        r.add(f"{g}= {pct:>2}%".ljust(8) + f"{fmt(netto, True):>10}{fmt(mwst, True):>9}{fmt(brutto, True):>10}")
        taxes.append({"label": f"MwSt {g}", "rate": str(pct), "amount": fmt(mwst)})
    r.add("Gesamt  " + f"{fmt(total - tax_total, True):>10}{fmt(tax_total, True):>9}{fmt(total, True):>10}")
    r.add()
    r.add(lr("14.03.2024 09:17", "Bon 4711"))
    r.add(lr("Markt 0315", "Kasse 2"))
    r.add()
    r.add(center("Vielen Dank fuer Ihren Einkauf"))
    r.fields.update(
        merchant="FRISCHMARKT", date="2024-03-14", time="09:17",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": "20.00", "change": fmt(D("20.00") - total)},
    )
    return r


def my_gst_minimart():
    """Malaysian shop: RM, GST 6 % added, dd/mm/yyyy."""
    r = Receipt("my-gst-kedai", "MYR")
    r.add(center("KEDAI RUNCIT SRI MAJU SDN BHD"), bold=True)
    r.add(center("(Co. Reg. 1098765-K)"))
    r.add(center("GST ID: 001234567890"))
    r.add(center("NO 12, JALAN MAWAR 3,"))
    r.add(center("TAMAN MELATI, 53100 KUALA LUMPUR"))
    r.add()
    r.add(center("TAX INVOICE"), bold=True)
    r.add(lr("Inv No: CS00087215", "Cashier: AINA"))
    r.add(lr("Date: 23/06/2017", "Time: 20:14"))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("Description", "Amount(RM)"))
    r.add("-" * WIDTH_CHARS)
    stdrated = Decimal(0)

    def add(name, n, each, code="SR"):
        nonlocal stdrated
        p = D(each) * n
        r.add(name)
        r.add(price_col(f"  {n} x {each}", fmt(p), code))
        r.item(name, p, quantity=n, unit_price=D(each))
        if code == "SR":
            stdrated += p

    add("MILO 3IN1 ACTIV-GO 18S", 1, "13.90")
    add("GARDENIA CLASSIC BREAD", 2, "3.60", "ZR")
    add("TELUR AYAM GRED A 10S", 1, "4.50", "ZR")
    add("MAGGI KARI 5X79G", 2, "5.20")
    add("MINYAK MASAK 2KG", 1, "8.90", "ZR")
    add("100PLUS 1.5L", 3, "3.10")
    subtotal = r.items_sum()
    gst = q2(stdrated * D("0.06"))
    total = subtotal + gst
    r.add("-" * WIDTH_CHARS)
    r.add(lr("Total Excl. GST:", fmt(subtotal)))
    r.add(lr("GST @6%:", fmt(gst)))
    r.add(lr("Total Incl. GST:", "RM " + fmt(total)), bold=True)
    tendered = D("100.00")
    r.add(lr("Cash:", fmt(tendered)))
    r.add(lr("Change:", fmt(tendered - total)))
    r.add()
    r.add(lr("GST Summary", "Amount   Tax"))
    r.add(lr("SR @ 6%", f"{fmt(stdrated):>7} {fmt(gst):>6}"))
    r.add(lr("ZR @ 0%", f"{fmt(subtotal - stdrated):>7} {'0.00':>6}"))
    r.add()
    r.add(center("GOODS SOLD ARE NOT RETURNABLE"))
    r.add(center("TERIMA KASIH"))
    r.fields.update(
        merchant="KEDAI RUNCIT SRI MAJU SDN BHD", date="2017-06-23", time="20:14",
        subtotal=fmt(subtotal), tax=fmt(gst), total=fmt(total),
        taxes=[{"label": "GST SR", "rate": "6", "amount": fmt(gst)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def us_cafe():
    r = Receipt("us-cafe-beanleaf", "USD")
    rate = D("0.0625")
    r.add(center("BEAN & LEAF CAFE"), bold=True)
    r.add(center("88 CONGRESS ST, BOSTON MA"))
    r.add()
    r.add(lr("Order #318", "Register 1"))
    r.add(lr("Jan 05, 2025", "08:12 AM"))
    r.add()
    for n, name, each in [(1, "Latte Grande", "4.95"), (1, "Blueberry Muffin", "3.25"),
                          (2, "Drip Coffee Tall", "2.45"), (1, "Oat Milk Add", "0.70")]:
        p = D(each) * n
        r.add(price_col(f"{n} {name}", fmt(p)))
        r.item(name, p, quantity=n, unit_price=D(each))
    subtotal = r.items_sum()
    tax = q2(subtotal * rate)
    total = subtotal + tax
    r.add()
    r.add(price_col("Subtotal", fmt(subtotal)))
    r.add(price_col("Tax", fmt(tax)))
    r.add(price_col("Total", fmt(total)), bold=True)
    r.add(price_col("Amex", fmt(total)))
    r.add("  ************1009")
    r.add()
    r.add(center("Have a great day!"))
    r.fields.update(
        merchant="BEAN & LEAF CAFE", date="2025-01-05", time="08:12",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total),
        taxes=[{"label": "Tax", "rate": "6.25", "amount": fmt(tax)}],
        payment={"method": "card", "cardLast4": "1009", "tendered": fmt(total), "change": None},
    )
    return r


def us_diner_tall():
    """Restaurant check whose total is printed double height (tall, condensed glyphs)."""
    r = Receipt("us-diner-harbor", "USD")
    rate = D("0.07")
    r.add(center("HARBOR LIGHT DINER"), bold=True)
    r.add(center("41 WATER ST, MYSTIC CT 06355"))
    r.add(center("860-555-0142"))
    r.add()
    r.add(lr("TABLE # 7", "CHECK# 5521"))
    r.add(lr("DATE: 3/14/2025", "6:05:12 PM"))
    r.add("=" * WIDTH_CHARS)
    for n, name, each in [(1, "CLAM CHOWDER BOWL", "8.95"), (2, "FISH AND CHIPS", "17.50"),
                          (1, "LOBSTER ROLL", "26.00"), (3, "ICED TEA", "3.25")]:
        p = D(each) * n
        r.add(price_col(f"{n} {name}", "$" + fmt(p)))
        r.item(name, p, quantity=n, unit_price=D(each))
    subtotal = r.items_sum()
    tax = q2(subtotal * rate)
    total = subtotal + tax
    r.add("=" * WIDTH_CHARS)
    r.add(price_col("Subtotal", "$" + fmt(subtotal)))
    r.add(price_col("Tax", "$" + fmt(tax)))
    r.add(price_col("GRAND TOTAL", "$" + fmt(total)), tall=True)
    r.add()
    r.add(center("THANK YOU, COME AGAIN"))
    r.fields.update(
        merchant="HARBOR LIGHT DINER", date="2025-03-14", time="18:05",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total),
        taxes=[{"label": "Tax", "rate": "7", "amount": fmt(tax)}],
        payment={"method": None, "cardLast4": None, "tendered": None, "change": None},
    )
    return r


def vat_included(r, groups, rates):
    """VAT per rate group of a VAT-inclusive receipt: (label, rate, net, vat, gross) rows, with Decimal."""
    rows = []
    for g, pct in rates:
        gross = groups[g]
        vat = q2(gross * pct / (D(100) + pct))
        rows.append((g, pct, gross - vat, vat, gross))
    return rows


def add_grouped(r, groups, name, each, g, n=1):
    """An item of a VAT-inclusive receipt, its price in VAT group g; n > 1 prints a quantity line below the name."""
    p = D(each) * n
    if n == 1:
        r.add(price_col(name, fmt(p, True), g))
    else:
        r.add(name)
        r.add(price_col(f"  {n} x {fmt(D(each), True)}", fmt(p, True), g))
    r.item(name, p, quantity=n, unit_price=D(each))
    groups[g] += p


def fr_boulangerie():
    """French bakery: TTC total, VAT table (TVA 5,5 % and 10 %), cash paid, named month."""
    r = Receipt("fr-boulangerie-lilas", "EUR", comma=True)
    r.add(center("BOULANGERIE DES LILAS"), bold=True)
    r.add(center("12 rue des Lilas"))
    r.add(center("69003 Lyon"))
    r.add(center("Tél. 04 78 55 01 23"))
    r.add(center("SIRET 812 345 678 00019"))
    r.add()
    r.add(lr("Le 14 mars 2024 à 08h42", "Caisse 1"))
    r.add("-" * WIDTH_CHARS)
    groups = {"A": Decimal(0), "B": Decimal(0)}   # A = 5,5 % (food to take away), B = 10 % (drinks served)

    def add(name, n, each, g="A"):
        add_grouped(r, groups, name, each, g, n)

    add("Baguette tradition", 2, "1.20")
    add("Croissant au beurre", 3, "1.15")
    add("Pain au chocolat", 1, "1.30")
    add("Éclair au café", 1, "2.90")
    add("Tarte aux pommes", 1, "4.50")
    add("Café crème", 2, "2.20", "B")
    total = r.items_sum()
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOTAL TTC", "EUR " + fmt(total, True)), bold=True)
    tendered = D("30.00")
    r.add(lr("ESPÈCES", fmt(tendered, True)))
    r.add(lr("RENDU", fmt(tendered - total, True)))
    r.add()
    r.add("TVA     Taux" + "HT".rjust(9) + "TVA".rjust(7) + "TTC".rjust(8))
    taxes = []
    tax_total = Decimal(0)
    for g, pct, net, vat, gross in vat_included(r, groups, (("A", D("5.5")), ("B", D("10")))):
        r.add(f"{g}".ljust(4) + f"{str(pct).replace('.', ',')} %".rjust(8) + f"{fmt(net, True):>9}{fmt(vat, True):>7}{fmt(gross, True):>8}")
        taxes.append({"label": f"TVA {g}", "rate": str(pct), "amount": fmt(vat)})
        tax_total += vat
    r.add(lr("dont TVA", fmt(tax_total, True)))
    r.add()
    r.add(center("Merci de votre visite"))
    r.add(center("À bientôt !"))
    r.fields.update(
        merchant="BOULANGERIE DES LILAS", date="2024-03-14", time="08:42",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def it_alimentari():
    """Italian grocery: documento commerciale, TOTALE COMPLESSIVO, "di cui IVA", cash and change."""
    r = Receipt("it-alimentari-rossi", "EUR", comma=True)
    r.add(center("ALIMENTARI ROSSI S.R.L."), bold=True)
    r.add(center("Via Garibaldi 18"))
    r.add(center("40121 Bologna (BO)"))
    r.add(center("P.IVA 01234567890"))
    r.add()
    r.add(center("DOCUMENTO COMMERCIALE"))
    r.add(center("di vendita o prestazione"))
    r.add(lr("DESCRIZIONE", "IVA  Prezzo(€)"))
    groups = {"4": Decimal(0), "10": Decimal(0), "22": Decimal(0)}

    def add(name, price, g, n=1):
        p = D(price) * n
        if n == 1:
            r.add(lr(name, f"{g}%".rjust(4) + fmt(p, True).rjust(10)))
        else:
            r.add(name)
            r.add(lr(f"  {n} x {fmt(D(price), True)}", f"{g}%".rjust(4) + fmt(p, True).rjust(10)))
        r.item(name, p, quantity=n, unit_price=D(price))
        groups[g] += p

    add("Parmigiano Reggiano", "6.80", "4")
    add("Mortadella di Bologna", "3.45", "10")
    add("Tortellini freschi", "5.90", "10")
    add("Pomodori pelati", "0.89", "4", n=3)
    add("Caffè macinato", "4.29", "22")
    add("Acqua frizzante 1,5L", "0.35", "22", n=6)
    total = r.items_sum()
    tax_total = Decimal(0)
    taxes = []
    for g, pct, net, vat, gross in vat_included(r, groups, (("4", D("4")), ("10", D("10")), ("22", D("22")))):
        tax_total += vat
        taxes.append({"label": f"IVA {g}%", "rate": g, "amount": fmt(vat)})
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOTALE COMPLESSIVO", fmt(total, True)), bold=True)
    r.add(lr("DI CUI IVA", fmt(tax_total, True)))
    tendered = D("50.00")
    r.add(lr("Pagamento contante", fmt(tendered, True)))
    r.add(lr("RESTO", fmt(tendered - total, True)))
    r.add()
    r.add(lr("15-05-2024 12:31", "DOC.N. 0042-0017"))
    r.add(center("Grazie e arrivederci"))
    r.fields.update(
        merchant="ALIMENTARI ROSSI S.R.L.", date="2024-05-15", time="12:31",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def es_cafeteria():
    """Spanish cafe: factura simplificada, IVA 10 % included with its base, card payment."""
    r = Receipt("es-cafeteria-esquina", "EUR", comma=True)
    r.add(center("CAFETERÍA LA ESQUINA"), bold=True)
    r.add(center("C/ Mayor 23"))
    r.add(center("28013 Madrid"))
    r.add(center("NIF B12345678"))
    r.add()
    r.add(center("FACTURA SIMPLIFICADA"))
    r.add(lr("Fecha: 08/06/2024", "Hora: 19:05"))
    r.add(lr("Mesa 4", "Atendido: Lucía"))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("UDS DESCRIPCIÓN", "IMPORTE"))

    def add(n, name, each):
        p = D(each) * n
        r.add(lr(f"{n}  {name}", fmt(p, True)))
        r.item(name, p, quantity=n, unit_price=D(each))

    add(2, "Café con leche", "1.60")
    add(1, "Tostada con tomate", "2.50")
    add(1, "Zumo de naranja", "3.00")
    add(2, "Croissant a la plancha", "1.80")
    add(1, "Tortilla española", "3.90")
    add(1, "Caña de cerveza", "2.20")
    total = r.items_sum()
    base = q2(total / D("1.10"))
    vat = total - base
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOTAL (IVA incl.)", fmt(total, True) + " €"), bold=True)
    r.add()
    r.add("Base imp.    IVA 10%     Cuota")
    r.add(f"{fmt(base, True):>9}{'':>13}{fmt(vat, True):>8}")
    r.add()
    r.add(lr("TARJETA", fmt(total, True)))
    r.add("  **** **** **** 6604")
    r.add()
    r.add(center("Gracias por su visita"))
    r.fields.update(
        merchant="CAFETERÍA LA ESQUINA", date="2024-06-08", time="19:05",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "IVA 10%", "rate": "10", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "card", "cardLast4": "6604", "tendered": fmt(total), "change": None},
    )
    return r


def nl_kaashandel():
    """Dutch cheese shop: TOTAAL, PIN, BTW table (9 % and 21 %), day-first date."""
    r = Receipt("nl-kaashandel-meer", "EUR", comma=True)
    r.add(center("KAASHANDEL VAN DER MEER"), bold=True)
    r.add(center("Kerkstraat 12"))
    r.add(center("1017 GC Amsterdam"))
    r.add(center("Tel. 020 555 0147"))
    r.add()
    r.add(lr("Omschrijving", "Bedrag"))
    groups = {"L": Decimal(0), "H": Decimal(0)}   # L = 9 %, H = 21 %

    def add(name, price, g="L", n=1):
        add_grouped(r, groups, name, price, g, n)

    add("Jonge kaas 450 g", "5.85")
    add("Oude Goudse 300 g", "6.40")
    add("Stroopwafels", "2.49")
    add("Tompouce", "1.25", n=2)
    add("Appelsap 1 L", "1.79")
    add("Draagtas", "0.25", "H")
    total = r.items_sum()
    r.add("-" * WIDTH_CHARS)
    r.add(price_col("TOTAAL", fmt(total, True)), bold=True)
    r.add(price_col("PIN", fmt(total, True)))
    r.add()
    r.add("BTW".ljust(8) + "Excl.".rjust(10) + "BTW".rjust(9) + "Incl.".rjust(10))
    taxes = []
    tax_total = Decimal(0)
    for g, pct, net, vat, gross in vat_included(r, groups, (("L", D("9")), ("H", D("21")))):
        r.add(f"{pct}%".ljust(8) + f"{fmt(net, True):>10}{fmt(vat, True):>9}{fmt(gross, True):>10}")
        taxes.append({"label": f"BTW {pct}%", "rate": str(pct), "amount": fmt(vat)})
        tax_total += vat
    r.add()
    r.add(lr("Datum: 05-04-2024", "Tijd: 16:48"))
    r.add(center("Bedankt en tot ziens!"))
    r.fields.update(
        merchant="KAASHANDEL VAN DER MEER", date="2024-04-05", time="16:48",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "card", "cardLast4": None, "tendered": fmt(total), "change": None},
    )
    return r


# --------------------------------------------------------------------------
# Receipts of other countries and scripts (Latin with many diacritics, Cyrillic, Greek):
# read by Tesseract with the language's own model, after script and language detection.

def vat_rows(groups, rates):
    """(group, rate, vat) of VAT-inclusive gross amounts per group."""
    return [(g, pct, q2(groups[g] * pct / (D(100) + pct))) for g, pct in rates if groups[g]]


def pl_piekarnia():
    """Polish bakery: paragon fiskalny, PTU per rate letter, SUMA PLN, cash and change."""
    r = Receipt("pl-piekarnia-lipowa", "PLN", comma=True)
    r.add(center("PIEKARNIA LIPOWA SP. Z O.O."), bold=True)
    r.add(center("ul. Długa 12"))
    r.add(center("31-147 Kraków"))
    r.add(center("NIP 676-123-45-67"))
    r.add(lr("2024-03-12", "nr wydr. 004512"))
    r.add(center("PARAGON FISKALNY"), bold=True)
    r.add("-" * WIDTH_CHARS)
    groups = {"A": Decimal(0), "B": Decimal(0)}   # A = 23 %, B = 5 %

    def add(name, n, each, g):
        p = D(each) * n
        r.add(name)
        r.add(price_col(f"  {n} x {fmt(D(each), True)}", fmt(p, True), g))
        r.item(name, p, quantity=n, unit_price=D(each))
        groups[g] += p

    add("Chleb żytni", 1, "6.50", "B")
    add("Bułka kajzerka", 4, "0.90", "B")
    add("Pączek z różą", 2, "3.20", "B")
    add("Kawa zbożowa", 1, "8.99", "A")
    add("Woda mineralna", 2, "2.49", "A")
    total = r.items_sum()
    r.add("-" * WIDTH_CHARS)
    taxes = []
    tax_total = Decimal(0)
    for g, pct, vat in vat_rows(groups, (("A", D("23")), ("B", D("5")))):
        r.add(lr(f"SPRZEDAŻ OPODATKOWANA {g}", fmt(groups[g], True)))
        r.add(lr(f"PTU {g} {pct}%", fmt(vat, True)))
        taxes.append({"label": f"PTU {g}", "rate": str(pct), "amount": fmt(vat)})
        tax_total += vat
    r.add(lr("SUMA PTU", fmt(tax_total, True)))
    r.add(lr("SUMA PLN", fmt(total, True)), bold=True)
    tendered = D("50.00")
    r.add(lr("Gotówka", fmt(tendered, True)))
    r.add(lr("Reszta", fmt(tendered - total, True)))
    r.add(lr("Kasjer 3", "10:27"))
    r.add(center("Dziękujemy, zapraszamy ponownie"))
    r.fields.update(
        merchant="PIEKARNIA LIPOWA SP. Z O.O.", date="2024-03-12", time="10:27",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def cs_potraviny():
    """Czech grocery: účtenka, CELKEM in Kč, DPH table, cash and change (vráceno)."""
    r = Receipt("cs-potraviny-nadrazi", "CZK", comma=True)
    r.add(center("POTRAVINY U NÁDRAŽÍ s.r.o."), bold=True)
    r.add(center("Nádražní 8, 602 00 Brno"))
    r.add(center("IČO 12345678  DIČ CZ12345678"))
    r.add(center("ÚČTENKA č. 2024/0815"))
    r.add("-" * WIDTH_CHARS)
    groups = {"12": Decimal(0), "21": Decimal(0)}

    def add(name, n, each, g):
        p = D(each) * n
        if n == 1:
            r.add(lr(name, fmt(p, True)))
        else:
            r.add(name)
            r.add(lr(f"  {n} ks x {fmt(D(each), True)}", fmt(p, True)))
        r.item(name, p, quantity=n, unit_price=D(each))
        groups[g] += p

    add("Rohlík tukový", 6, "3.90", "12")
    add("Máslo 250 g", 1, "54.90", "12")
    add("Šunka dušená", 1, "42.50", "12")
    add("Pivo Plzeň 0,5 l", 4, "24.00", "21")
    add("Čokoláda hořká", 1, "39.90", "12")
    total = r.items_sum()
    r.add("-" * WIDTH_CHARS)
    r.add(lr("CELKEM", fmt(total, True) + " Kč"), bold=True)
    tendered = D("500.00")
    r.add(lr("Hotovost", fmt(tendered, True)))
    r.add(lr("Vráceno", fmt(tendered - total, True)))
    r.add()
    r.add("Sazba DPH".ljust(12) + "Základ".rjust(10) + "DPH".rjust(8))
    taxes = []
    tax_total = Decimal(0)
    for g, pct, vat in vat_rows(groups, (("12", D("12")), ("21", D("21")))):
        r.add(f"{pct} %".ljust(12) + f"{fmt(groups[g] - vat, True):>10}{fmt(vat, True):>8}")
        taxes.append({"label": f"DPH {pct}%", "rate": str(pct), "amount": fmt(vat)})
        tax_total += vat
    r.add(lr("DPH celkem", fmt(tax_total, True)))
    r.add()
    r.add(lr("Datum: 14.05.2024", "Čas: 10:22"))
    r.add(center("Děkujeme za nákup"))
    r.fields.update(
        merchant="POTRAVINY U NÁDRAŽÍ s.r.o.", date="2024-05-14", time="10:22",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def pt_pastelaria():
    """Portuguese pastry shop: fatura simplificada, TOTAL A PAGAR, IVA 13 % included, numerário and troco."""
    r = Receipt("pt-pastelaria-estrela", "EUR", comma=True)
    r.add(center("PASTELARIA ESTRELA, LDA"), bold=True)
    r.add(center("Rua Augusta 45"))
    r.add(center("1100-048 Lisboa"))
    r.add(center("NIF 501 234 567"))
    r.add()
    r.add(center("FATURA SIMPLIFICADA"))
    r.add(lr("Data: 21/06/2024", "Hora: 09:15"))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("QTD DESCRIÇÃO", "VALOR"))

    def add(n, name, each):
        p = D(each) * n
        r.add(lr(f"{n}  {name}", fmt(p, True)))
        r.item(name, p, quantity=n, unit_price=D(each))

    add(3, "Pastel de nata", "1.30")
    add(2, "Galão", "1.40")
    add(1, "Tosta mista", "3.20")
    add(1, "Sumo de laranja", "2.80")
    add(1, "Pão de Deus", "1.60")
    total = r.items_sum()
    vat = q2(total * D(13) / D(113))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOTAL A PAGAR", fmt(total, True) + " €"), bold=True)
    r.add(lr("IVA 13% incluído", fmt(vat, True)))
    tendered = D("20.00")
    r.add(lr("Numerário", fmt(tendered, True)))
    r.add(lr("Troco", fmt(tendered - total, True)))
    r.add()
    r.add(center("Obrigado pela preferência"))
    r.fields.update(
        merchant="PASTELARIA ESTRELA, LDA", date="2024-06-21", time="09:15",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "IVA 13%", "rate": "13", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def tr_market():
    """Turkish market: fiş with "*" before every amount, TOPKDV, TOPLAM, nakit and para üstü."""
    r = Receipt("tr-market-yildiz", "TRY", comma=True)
    r.add(center("YILDIZ MARKET TİC. LTD. ŞTİ."), bold=True)
    r.add(center("Moda Cad. No: 15 Kadıköy"))
    r.add(center("İSTANBUL"))
    r.add(center("Kadıköy V.D. VKN 1234567890"))
    r.add(lr("TARİH: 05.07.2024", "SAAT: 18:40"))
    r.add(lr("FİŞ NO: 0042", ""))
    r.add("-" * WIDTH_CHARS)
    groups = {"1": Decimal(0), "10": Decimal(0)}

    def add(name, each, g, n=1):
        p = D(each) * n
        if n > 1:
            r.add(f"  {n} AD X {fmt(D(each), True)}")
        r.add(lr(name, f"%{g:<3}*{fmt(p, True)}"))
        r.item(name, p, quantity=n, unit_price=D(each))
        groups[g] += p

    add("EKMEK", "7.50", "1", 2)
    add("SÜT 1 L", "32.90", "1")
    add("BEYAZ PEYNİR", "89.00", "1")
    add("ÇAY 500 G", "64.75", "10")
    add("DOMATES", "21.40", "1")
    total = r.items_sum()
    tax_total = Decimal(0)
    taxes = []
    for g, pct, vat in vat_rows(groups, (("1", D("1")), ("10", D("10")))):
        tax_total += vat
        taxes.append({"label": f"KDV %{pct}", "rate": str(pct), "amount": fmt(vat)})
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOPKDV", "*" + fmt(tax_total, True)))
    r.add(lr("TOPLAM", "*" + fmt(total, True)), bold=True)
    tendered = D("250.00")
    r.add(lr("NAKİT", "*" + fmt(tendered, True)))
    r.add(lr("PARA ÜSTÜ", "*" + fmt(tendered - total, True)))
    r.add()
    r.add(center("TEŞEKKÜR EDERİZ"))
    r.fields.update(
        merchant="YILDIZ MARKET TİC. LTD. ŞTİ.", date="2024-07-05", time="18:40",
        subtotal=None, tax=fmt(tax_total), total=fmt(total), taxes=taxes, taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def ru_produkty():
    """Russian shop: кассовый чек with "=" before every amount, ИТОГ, НАЛИЧНЫМИ, СДАЧА, НДС included."""
    r = Receipt("ru-produkty-tverskaya", "RUB")
    r.add(center('ООО "ПРОДУКТЫ НА ТВЕРСКОЙ"'), bold=True)
    r.add(center("г. Москва, ул. Тверская, д. 7"))
    r.add(center("ИНН 7701234567"))
    r.add(center("КАССОВЫЙ ЧЕК"), bold=True)
    r.add(center("ПРИХОД"))
    r.add("-" * WIDTH_CHARS)

    def add(name, n, each):
        p = D(each) * n
        r.add(name)
        r.add(lr(f"  {n} x {fmt(D(each))}", "=" + fmt(p)))
        r.item(name, p, quantity=n, unit_price=D(each))

    add("Хлеб бородинский", 1, "54.90")
    add("Молоко 3,2% 1 л", 2, "89.00")
    add("Сыр российский", 1, "312.50")
    add("Яблоки голден", 1, "146.30")
    add("Чай чёрный", 1, "199.00")
    total = r.items_sum()
    vat = q2(total * D(10) / D(110))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("ИТОГ", "=" + fmt(total)), bold=True)
    tendered = D("1100.00")
    r.add(lr("НАЛИЧНЫМИ", "=" + fmt(tendered)))
    r.add(lr("СДАЧА", "=" + fmt(tendered - total)))
    r.add(lr("СУММА НДС 10%", "=" + fmt(vat)))
    r.add(lr("08.02.2024 14:05", "СМЕНА 112"))
    r.add(center("СПАСИБО ЗА ПОКУПКУ"))
    r.fields.update(
        merchant='ООО "ПРОДУКТЫ НА ТВЕРСКОЙ"', date="2024-02-08", time="14:05",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "НДС 10%", "rate": "10", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def el_fournos():
    """Greek bakery: απόδειξη λιανικής, ΣΥΝΟΛΟ, ΦΠΑ 13 % included, ΜΕΤΡΗΤΑ and ΡΕΣΤΑ."""
    r = Receipt("el-fournos-akropoli", "EUR", comma=True)
    r.add(center("ΦΟΥΡΝΟΣ Η ΑΚΡΟΠΟΛΗ Ο.Ε."), bold=True)
    r.add(center("Ερμού 22, 105 63 Αθήνα"))
    r.add(center("ΑΦΜ 099123456  ΔΟΥ Α' ΑΘΗΝΩΝ"))
    r.add(center("ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ"))
    r.add("-" * WIDTH_CHARS)

    def add(name, n, each):
        p = D(each) * n
        if n == 1:
            r.add(lr(name, fmt(p, True)))
        else:
            r.add(name)
            r.add(lr(f"  {n} x {fmt(D(each), True)}", fmt(p, True)))
        r.item(name, p, quantity=n, unit_price=D(each))

    add("Ψωμί χωριάτικο", 1, "2.20")
    add("Τυρόπιτα", 2, "2.50")
    add("Κουλούρι", 3, "0.80")
    add("Καφές φρέντο", 1, "3.00")
    add("Μπουγάτσα", 1, "3.40")
    total = r.items_sum()
    vat = q2(total * D(13) / D(113))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("ΣΥΝΟΛΟ", fmt(total, True) + " €"), bold=True)
    r.add(lr("ΦΠΑ 13%", fmt(vat, True)))
    tendered = D("20.00")
    r.add(lr("ΜΕΤΡΗΤΑ", fmt(tendered, True)))
    r.add(lr("ΡΕΣΤΑ", fmt(tendered - total, True)))
    r.add()
    r.add(lr("ΗΜΕΡΟΜΗΝΙΑ 19/09/2024", "11:30"))
    r.add(center("ΕΥΧΑΡΙΣΤΟΥΜΕ"))
    r.fields.update(
        merchant="ΦΟΥΡΝΟΣ Η ΑΚΡΟΠΟΛΗ Ο.Ε.", date="2024-09-19", time="11:30",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "ΦΠΑ 13%", "rate": "13", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def draw_leaf_logo(draw, w, y, line_h):
    """A shop's logo as receipt printers print one: a bitmap (a ring, a leaf, a swoosh), which
    OCR reads as a few letters of noise if at all."""
    cx, top, size = w // 2, y + 6, 3 * line_h - 12
    draw.ellipse((cx - size, top, cx + size, top + size), outline=20, width=9)
    draw.polygon([(cx - size // 2, top + size - 14), (cx, top + 12), (cx + size // 2, top + size // 2), (cx, top + size - 22)], fill=20)
    draw.arc((cx - size - 40, top + size // 3, cx + size + 40, top + size + 30), 200, 340, fill=20, width=7)


def uk_grocer_greenway():
    """UK grocer whose name is only in its logo and its footer ("Thank you for shopping at")."""
    r = Receipt("uk-grocer-greenway", "GBP")
    r.logo, r.logo_rows = draw_leaf_logo, 3
    r.add(center("Fresh food, fair prices"))
    r.add(center("14 Elm Road, Leeds LS1 4AB"))
    r.add(center("Tel 0113 496 0571"))
    r.add(center("VAT No GB 284 1937 62"))
    r.add()
    r.add(lr("12/06/2024 17:42", "Till 3"))
    r.add()
    for name, each in [("Semi Skimmed Milk 2L", "1.45"), ("Sourdough Loaf", "2.80"), ("Free Range Eggs x6", "2.35"),
                       ("Mature Cheddar 400g", "3.60"), ("Bananas Loose", "0.95")]:
        r.add(lr(name, "£" + fmt(D(each))))
        r.item(name, D(each), unit_price=D(each))
    total = r.items_sum()
    r.add()
    r.add(lr("TOTAL", "£" + fmt(total)), bold=True)
    r.add(lr("VISA DEBIT", "£" + fmt(total)))
    r.add("  ************4821")
    r.add()
    r.add(center("Thank you for shopping at"))
    r.add(center("Greenway Grocers"))
    r.add(center("Please keep your receipt"))
    r.fields.update(
        merchant="Greenway Grocers", date="2024-06-12", time="17:42",
        subtotal=None, tax="0.00", total=fmt(total), taxes=[], taxIncluded=True,
        payment={"method": "card", "cardLast4": "4821", "tendered": fmt(total), "change": None},
    )
    return r


def au_bakery_brightbakes():
    """Australian bakery: a slogan and the address at the top, the legal name (Pty Ltd), ABN and
    web address in the footer."""
    r = Receipt("au-bakery-brightbakes", "AUD")
    r.add(center("Baked fresh every morning"))
    r.add(center("27 Station St, Fitzroy VIC 3065"))
    r.add(center("Ph (03) 9417 2286"))
    r.add(center("TAX INVOICE"))
    r.add(lr("Date 03/09/2024", "08:26"))
    r.add()
    gst_items = Decimal(0)
    for n, name, each, gst in [(2, "Flat White", "4.80", True), (1, "Sourdough Loaf", "8.50", False),
                               (3, "Almond Croissant", "5.20", True)]:
        p = D(each) * n
        r.add(lr(f"{n} {name}" + (" *" if gst else ""), fmt(p)))
        r.item(name, p, quantity=n, unit_price=D(each))
        if gst:
            gst_items += p
    total = r.items_sum()
    gst = q2(gst_items / D(11))
    r.add()
    r.add(lr("TOTAL", "$" + fmt(total)), bold=True)
    r.add(lr("Incl. GST 10% (*)", "$" + fmt(gst)))
    r.add(lr("EFTPOS", "$" + fmt(total)))
    r.add()
    r.add(center("Bright Bakes Pty Ltd"))
    r.add(center("ABN 51 824 753 556"))
    r.add(center("www.brightbakes.com.au"))
    r.fields.update(
        merchant="Bright Bakes Pty Ltd", date="2024-09-03", time="08:26",
        subtotal=None, tax=fmt(gst), total=fmt(total),
        taxes=[{"label": "GST", "rate": "10", "amount": fmt(gst)}], taxIncluded=True,
        payment={"method": "card", "cardLast4": None, "tendered": fmt(total), "change": None},
    )
    return r


def us_market_sunrise():
    """US corner market: opening hours above the name, the name printed double height, the
    name repeated in the footer."""
    r = Receipt("us-market-sunrise", "USD")
    rate = D("0.06")
    r.add(center("OPEN 7 DAYS 7AM-11PM"))
    r.add(center("SUNRISE MARKET"), bold=True, tall=True)
    r.add(center("2210 W BROADWAY"))
    r.add(center("LOUISVILLE KY 40211"))
    r.add(center("(502) 555-0187"))
    r.add()
    r.add(lr("08/17/2024", "07:55 PM"))
    for name, each in [("COFFEE 12OZ", "7.99"), ("WHITE BREAD", "2.49"), ("ORANGE JUICE", "3.79"), ("PAPER TOWELS", "5.99")]:
        r.add(price_col(name, fmt(D(each))))
        r.item(name, D(each), unit_price=D(each))
    subtotal = r.items_sum()
    tax = q2(subtotal * rate)
    total = subtotal + tax
    tendered = D("25.00")
    r.add()
    r.add(price_col("SUBTOTAL", fmt(subtotal)))
    r.add(price_col("TAX 6%", fmt(tax)))
    r.add(price_col("TOTAL", fmt(total)), bold=True)
    r.add(price_col("CASH", fmt(tendered)))
    r.add(price_col("CHANGE", fmt(tendered - total)))
    r.add()
    r.add(center("Thanks for shopping at Sunrise Market!"))
    r.fields.update(
        merchant="SUNRISE MARKET", date="2024-08-17", time="19:55",
        subtotal=fmt(subtotal), tax=fmt(tax), total=fmt(total),
        taxes=[{"label": "TAX 6%", "rate": "6", "amount": fmt(tax)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def add_counted(r, name, n, each, show=fmt):
    """An item on one line, or its name over a `n x each` line when n > 1; `show` prints amounts."""
    p = D(each) * n
    if n == 1:
        r.add(lr(name, show(p)))
    else:
        r.add(name)
        r.add(lr(f"  {n} x {show(D(each))}", show(p)))
    r.item(name, p, quantity=n, unit_price=D(each))


def th_minimart():
    """Thai minimart: Thai names, รวมทั้งสิ้น (total, VAT 7 % included), ภาษีมูลค่าเพิ่ม, เงินสด and
    เงินทอน, amounts in บาท, a Buddhist-era date (2567 is 2024)."""
    r = Receipt("th-minimart-sukhumvit", "THB")
    r.add(center("ร้านสะดวกซื้อ สุขุมวิท"), bold=True)
    r.add(center("123 ถนนสุขุมวิท กรุงเทพฯ 10110"))
    r.add(center("เลขประจำตัวผู้เสียภาษี 0105512345678"))
    r.add(center("ใบเสร็จรับเงิน"))
    r.add("-" * WIDTH_CHARS)

    def add(name, n, each):
        add_counted(r, name, n, each)

    add("น้ำดื่ม", 2, "7.00")
    add("ขนมปัง", 1, "25.00")
    add("นมสด", 1, "32.00")
    add("กาแฟเย็น", 1, "45.00")
    add("ข้าวผัด", 1, "50.00")
    total = r.items_sum()
    vat = q2(total * D(7) / D(107))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("รวมทั้งสิ้น", fmt(total) + " บาท"), bold=True)
    r.add(lr("ภาษีมูลค่าเพิ่ม 7%", fmt(vat)))
    tendered = D("200.00")
    r.add(lr("เงินสด", fmt(tendered)))
    r.add(lr("เงินทอน", fmt(tendered - total)))
    r.add()
    r.add(lr("วันที่ 14/03/2567", "15:42"))
    r.add(center("ขอบคุณที่ใช้บริการ"))
    r.fields.update(
        merchant="ร้านสะดวกซื้อ สุขุมวิท", date="2024-03-14", time="15:42",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "ภาษีมูลค่าเพิ่ม 7%", "rate": "7", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def in_electronics():
    """Indian electronics shop, printed in English: GSTIN, CGST + SGST 9 % each on the sub total,
    amounts grouped in lakhs (1,32,617.84), the rupee sign, the Hindi word for total beside it."""
    r = Receipt("in-electronics-bengaluru", "INR")
    r.add(center("SHREE GANESH ELECTRONICS"), bold=True)
    r.add(center("12 MG Road, Bengaluru 560001"))
    r.add(center("GSTIN 29ABCDE1234F1Z5"))
    r.add(center("TAX INVOICE"))
    r.add(lr("Date: 14/03/2024", "Time: 15:42"))
    r.add("-" * WIDTH_CHARS)

    def lakhs(x):
        whole, cents = f"{q2(x):.2f}".split(".")
        head, tail = whole[:-3], whole[-3:]
        pairs = []
        while len(head) > 2:
            pairs.insert(0, head[-2:])
            head = head[:-2]
        return ",".join(([head] if head else []) + pairs + [tail]) + "." + cents

    def add(name, n, each):
        add_counted(r, name, n, each, lakhs)

    add("LED TV 55in", 1, "54990.00")
    add("Refrigerator 260L", 1, "24500.00")
    add("Washing Machine 7kg", 1, "28750.00")
    add("Mixer Grinder", 1, "3499.00")
    add("Extension Board", 1, "649.00")
    subtotal = r.items_sum()
    cgst = q2(subtotal * D(9) / D(100))
    total = subtotal + 2 * cgst
    r.add("-" * WIDTH_CHARS)
    r.add(lr("Sub Total", lakhs(subtotal)))
    r.add(lr("CGST @ 9%", lakhs(cgst)))
    r.add(lr("SGST @ 9%", lakhs(cgst)))
    r.add(lr("Grand Total / कुल", "₹" + lakhs(total)), bold=True)
    tendered = D("133000.00")
    r.add(lr("Cash", lakhs(tendered)))
    r.add(lr("Change", lakhs(tendered - total)))
    r.add()
    r.add(center("Thank you! धन्यवाद"))
    r.fields.update(
        merchant="SHREE GANESH ELECTRONICS", date="2024-03-14", time="15:42",
        subtotal=fmt(subtotal), tax=fmt(2 * cgst), total=fmt(total),
        taxes=[{"label": "CGST @ 9%", "rate": "9", "amount": fmt(cgst)},
               {"label": "SGST @ 9%", "rate": "9", "amount": fmt(cgst)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def ae_cafe():
    """Emirati café printed in Arabic, right to left: Arabic names and summary words with the amount
    on the left, VAT 5 % added, TRN, AED, the date in Latin digits."""
    r = Receipt("ae-cafe-alnoor", "AED")
    r.add(center("مقهى النور"), bold=True)
    r.add(center("شارع الشيخ زايد دبي"))
    r.add(center("TRN 100234567800003"))
    r.add(center("فاتورة ضريبية"))
    r.add(lr("15:42", "التاريخ 14/03/2024"))
    r.add("-" * WIDTH_CHARS)

    def add(name, n, each):
        p = D(each) * n
        if n == 1:
            r.add(lr(fmt(p), name))
        else:
            r.add(lr(fmt(p), f"{name} {n} x {fmt(D(each))}"))
        r.item(name, p, quantity=n, unit_price=D(each))

    add("شاي كرك", 2, "3.00")
    add("شاورما دجاج", 1, "12.00")
    add("فلافل", 1, "9.50")
    add("عصير برتقال", 1, "14.00")
    add("حمص", 1, "11.00")
    subtotal = r.items_sum()
    vat = q2(subtotal * D(5) / D(100))
    total = subtotal + vat
    r.add("-" * WIDTH_CHARS)
    r.add(lr(fmt(subtotal), "المجموع الفرعي"))
    r.add(lr(fmt(vat), "ضريبة القيمة المضافة VAT 5%"))
    r.add(lr("AED " + fmt(total), "الإجمالي"), bold=True)
    tendered = D("60.00")
    r.add(lr(fmt(tendered), "نقدا"))
    r.add(lr(fmt(tendered - total), "الباقي"))
    r.add()
    r.add(center("شكرا لزيارتكم"))
    r.fields.update(
        merchant="مقهى النور", date="2024-03-14", time="15:42",
        subtotal=fmt(subtotal), tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "VAT 5%", "rate": "5", "amount": fmt(vat)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def za_superette():
    """South African superette: rand amounts printed `R 18.99`, VAT 15 % included, cash and change."""
    r = Receipt("za-superette-kloof", "ZAR")
    r.add(center("KLOOF STREET SUPERETTE"), bold=True)
    r.add(center("88 Kloof St, Gardens, Cape Town"))
    r.add(center("VAT No 4123456789"))
    r.add(center("TAX INVOICE"))
    r.add("-" * WIDTH_CHARS)

    def add(name, n, each):
        add_counted(r, name, n, each, lambda x: "R " + fmt(x))

    add("Brown Bread 700g", 1, "18.99")
    add("Full Cream Milk 2L", 1, "32.49")
    add("Rooibos Tea 80s", 1, "45.99")
    add("Biltong 100g", 2, "54.50")
    add("Bananas", 1, "21.99")
    total = r.items_sum()
    vat = q2(total * D(15) / D(115))
    r.add("-" * WIDTH_CHARS)
    r.add(lr("TOTAL", "R " + fmt(total)), bold=True)
    r.add(lr("VAT 15% INCLUDED", "R " + fmt(vat)))
    tendered = D("250.00")
    r.add(lr("CASH", "R " + fmt(tendered)))
    r.add(lr("CHANGE", "R " + fmt(tendered - total)))
    r.add()
    r.add(lr("2024/03/14", "15:42"))
    r.add(center("THANK YOU, COME AGAIN"))
    r.fields.update(
        merchant="KLOOF STREET SUPERETTE", date="2024-03-14", time="15:42",
        subtotal=None, tax=fmt(vat), total=fmt(total),
        taxes=[{"label": "VAT 15%", "rate": "15", "amount": fmt(vat)}], taxIncluded=True,
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def in_kirana():
    """Hindi grocery (kirana) shop in Devanagari: Hindi names and summary words (उप योग the sub
    total, जीएसटी 5 % added, कुल राशि the total, नकद cash, वापसी the change, दिनांक the date),
    ASCII amounts, the rupee sign, a GSTIN in Latin letters."""
    r = Receipt("in-kirana-jaipur", "INR")
    r.add(center("अग्रवाल किराना स्टोर"), bold=True)
    r.add(center("एम आई रोड जयपुर 302001"))
    r.add(center("GSTIN 08ABCDE1234F1Z5"))
    r.add(center("कर बीजक"))
    r.add(lr("दिनांक 14/03/2024", "समय 15:42"))
    r.add("-" * WIDTH_CHARS)

    for name, n, each in [("चावल", 1, "450.00"), ("अरहर दाल", 2, "90.00"), ("सरसों तेल", 1, "195.00"),
                          ("चीनी", 2, "48.00"), ("आटा", 1, "420.00")]:
        add_counted(r, name, n, each)
    subtotal = r.items_sum()
    gst = q2(subtotal * D(5) / D(100))
    total = subtotal + gst
    r.add("-" * WIDTH_CHARS)
    r.add(lr("उप योग", fmt(subtotal)))
    r.add(lr("जीएसटी 5%", fmt(gst)))
    r.add(lr("कुल राशि", "₹" + fmt(total)), bold=True)
    tendered = D("1500.00")
    r.add(lr("नकद", fmt(tendered)))
    r.add(lr("वापसी", fmt(tendered - total)))
    r.add()
    r.add(center("धन्यवाद फिर पधारें"))
    r.fields.update(
        merchant="अग्रवाल किराना स्टोर", date="2024-03-14", time="15:42",
        subtotal=fmt(subtotal), tax=fmt(gst), total=fmt(total),
        taxes=[{"label": "जीएसटी 5%", "rate": "5", "amount": fmt(gst)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def gulf_bilingual(name, currency, rate, merchant_lines, merchant, address, tax_number, items, tendered):
    """A Gulf supermarket receipt in English and Arabic on the same lines (item names in both, the
    summary words in both: `TOTAL الإجمالي`), the amount on the right, VAT added at `rate` %."""
    r = Receipt(name, currency)
    for i, text in enumerate(merchant_lines):
        r.add(center(text), bold=(i == 0))
    r.add(center(address))
    r.add(center(tax_number))
    r.add(center("TAX INVOICE فاتورة ضريبية"))
    r.add(lr("Date التاريخ 14/03/2024", "15:42"))
    r.add("-" * WIDTH_CHARS)
    for english, arabic, n, each in items:
        add_counted(r, f"{english} {arabic}", n, each)
    subtotal = r.items_sum()
    vat = q2(subtotal * D(rate) / D(100))
    total = subtotal + vat
    r.add("-" * WIDTH_CHARS)
    r.add(lr("Subtotal المجموع الفرعي", fmt(subtotal)))
    r.add(lr(f"VAT {rate}% ضريبة القيمة المضافة", fmt(vat)))
    r.add(lr("TOTAL الإجمالي", f"{currency} {fmt(total)}"), bold=True)
    r.add(lr("Cash نقدا", fmt(tendered)))
    r.add(lr("Change الباقي", fmt(tendered - total)))
    r.add()
    r.add(center("Thank you شكرا لزيارتكم"))
    r.fields.update(
        merchant=merchant, date="2024-03-14", time="15:42",
        subtotal=fmt(subtotal), tax=fmt(vat), total=fmt(total),
        taxes=[{"label": f"VAT {rate}%", "rate": str(rate), "amount": fmt(vat)}],
        payment={"method": "cash", "cardLast4": None, "tendered": fmt(tendered), "change": fmt(tendered - total)},
    )
    return r


def ae_supermarket():
    """Emirati supermarket, bilingual: the name in English over its Arabic, AED, VAT 5 %, TRN."""
    return gulf_bilingual(
        "ae-supermarket-alwaha", "AED", 5, ["AL WAHA SUPERMARKET", "سوبرماركت الواحة"], "AL WAHA SUPERMARKET",
        "Al Barsha 1, Dubai", "TRN 100345678900003",
        [("Milk 1L", "حليب", 1, "6.50"), ("Arabic Bread", "خبز", 2, "3.00"), ("Dates", "تمر", 1, "18.00"),
         ("Laban", "لبن", 1, "4.75"), ("Tomatoes", "طماطم", 1, "5.25"), ("Rice 2kg", "أرز", 1, "16.50")],
        D("100.00"),
    )


def sa_supermarket():
    """Saudi supermarket, bilingual: the name in Arabic alone, SAR, VAT 15 %, a VAT number."""
    return gulf_bilingual(
        "sa-tamweenat-alnakheel", "SAR", 15, ["تموينات النخيل الحديثة"], "تموينات النخيل الحديثة",
        "Olaya St, Riyadh", "VAT No 300123456700003",
        [("Water 6x1.5L", "مياه", 1, "11.50"), ("Labneh", "لبنة", 1, "9.75"), ("Chicken 1kg", "دجاج", 2, "17.25"),
         ("Cardamom", "هيل", 1, "22.00"), ("Coffee", "قهوة", 1, "29.95")],
        D("150.00"),
    )


# --------------------------------------------------------------------------
# Rendering

def script_of(text):
    """The SCRIPT_FONTS script a word is written in, None for what the mono font draws."""
    for name, ((lo, hi), _, _) in SCRIPT_FONTS.items():
        if any(lo <= ord(c) <= hi for c in text):
            return name
    return None


def draw_mixed(draw, y, text, bold, baseline):
    """A line mixing the mono font's text with another script's words: every word at its column
    (so amounts stay right-aligned), a run of words of one script drawn with that script's font,
    shaped; an Arabic run right-aligned to its last column, as right-to-left text is."""
    char_w = ImageFont.truetype(FONT_PATH, FONT_SIZE).getlength("M")
    words, col = [], 0
    for part in text.split(" "):
        if part:
            words.append((col, part, script_of(part)))
        col += len(part) + 1
    runs = []
    for start, word, script in words:
        if runs and script is not None and runs[-1][2] == script:
            runs[-1] = (runs[-1][0], runs[-1][1] + " " + word, script)
        else:
            runs.append((start, word, script))
    for start, run, script in runs:
        if script is None:
            f = ImageFont.truetype(FONT_BOLD_PATH if bold else FONT_PATH, FONT_SIZE)
            draw.text((MARGIN_X + start * char_w, y + baseline), run, font=f, fill=20, anchor="ls")
            continue
        _, regular, heavy = SCRIPT_FONTS[script]
        f = ImageFont.truetype(heavy if bold else regular, FONT_SIZE)
        x = MARGIN_X + start * char_w
        if script == "arabic":
            x = MARGIN_X + (start + len(run)) * char_w - f.getlength(run, direction="rtl")
            draw.text((x, y + baseline), run, font=f, fill=20, anchor="ls", direction="rtl")
        else:
            draw.text((x, y + baseline), run, font=f, fill=20, anchor="ls")


def render(receipt):
    font = ImageFont.truetype(FONT_PATH, FONT_SIZE)
    bold = ImageFont.truetype(FONT_BOLD_PATH, FONT_SIZE)
    ascent, descent = font.getmetrics()
    line_h = ascent + descent + LINE_GAP
    char_w = font.getlength("M")
    w = int(round(char_w * WIDTH_CHARS)) + 2 * MARGIN_X
    logo_rows = getattr(receipt, "logo_rows", 0)
    rows = len(receipt.lines) + len(receipt.tall) + logo_rows
    h = line_h * rows + 2 * MARGIN_Y
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    y = MARGIN_Y
    if logo_rows:
        receipt.logo(draw, w, y, line_h)
        y += logo_rows * line_h
    for i, text in enumerate(receipt.lines):
        f = bold if i in receipt.bold else font
        if i in receipt.tall:
            # Double height, single width: drawn on a strip, then stretched vertically.
            strip = Image.new("L", (w, line_h), 255)
            ImageDraw.Draw(strip).text((MARGIN_X, 0), text, font=f, fill=20)
            img.paste(strip.resize((w, 2 * line_h), Image.BICUBIC), (0, y))
            y += 2 * line_h
        elif script_of(text):
            draw_mixed(draw, y, text, i in receipt.bold, ascent)
            y += line_h
        else:
            draw.text((MARGIN_X, y), text, font=f, fill=20)
            y += line_h
    return img


# --------------------------------------------------------------------------
# Photograph-like variants (all take a seeded random.Random)

def noise_layer(rng, size, amplitude):
    """Roughly gaussian noise centred on 128, +-amplitude, from seeded bytes."""
    w, h = size
    a = Image.frombytes("L", size, rng.randbytes(w * h))
    b = Image.frombytes("L", size, rng.randbytes(w * h))
    tri = ImageChops.add(a, b, scale=2.0)  # triangular distribution around 128
    return tri.point(lambda v: int(128 + (v - 128) * amplitude / 128))


def add_noise(img, rng, amplitude=40):
    n = noise_layer(rng, img.size, amplitude)
    if img.mode == "RGB":
        n = Image.merge("RGB", (n, n, n))
    return ImageChops.add(img, n, scale=1.0, offset=-128)


def paper_tone(img, rng):
    """Turn white paper into slightly warm grey RGB paper."""
    rgb = Image.merge("RGB", (img, img, img))
    tint = Image.new("RGB", img.size, (244, 240, 228))
    return ImageChops.multiply(rgb, tint)


def gradient_mask(size, angle, lo, hi):
    """A linear gradient from lo to hi across the image at `angle` degrees."""
    g = Image.linear_gradient("L").resize((max(size) * 2, max(size) * 2))
    g = g.rotate(angle, resample=Image.BILINEAR)
    cw, ch = g.size
    g = g.crop(((cw - size[0]) // 2, (ch - size[1]) // 2, (cw + size[0]) // 2, (ch + size[1]) // 2))
    g = g.resize(size)
    return g.point(lambda v: int(lo + (hi - lo) * v / 255))


def shadow(img, rng):
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    mask = gradient_mask(rgb.size, rng.uniform(20, 70), 95, 255)
    # a soft dark blob (a hand/phone shadow) on one side
    blob = Image.new("L", rgb.size, 255)
    d = ImageDraw.Draw(blob)
    w, h = rgb.size
    cx, cy = int(w * rng.uniform(0.7, 0.95)), int(h * rng.uniform(0.2, 0.5))
    r = int(w * 0.45)
    d.ellipse((cx - r, cy - r * 2, cx + r, cy + r * 2), fill=150)
    blob = blob.filter(ImageFilter.GaussianBlur(60))
    mask = ImageChops.multiply(mask, blob)
    return ImageChops.multiply(rgb, Image.merge("RGB", (mask, mask, mask)))


def low_contrast(img, rng):
    out = ImageEnhance.Contrast(img).enhance(0.35)
    return ImageEnhance.Brightness(out).enhance(1.08)


def rotate(img, rng, angle, fill=(250, 250, 250)):
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    return rgb.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=fill)


def blur(img, rng, radius=1.6):
    return img.filter(ImageFilter.GaussianBlur(radius))


def perspective_coeffs(dst, src):
    """Coefficients for Image.transform(PERSPECTIVE): maps output (dst) to input (src) points."""
    m = []
    v = []
    for (x, y), (u, w) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        v.append(u)
        m.append([0, 0, 0, x, y, 1, -w * x, -w * y])
        v.append(w)
    # Gaussian elimination with partial pivoting (8x8)
    n = 8
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def table_texture(rng, size):
    """Dark wood-like table: brown base, streaks, noise."""
    w, h = size
    small = (max(w // 8, 1), max(h // 8, 1))
    base = Image.new("RGB", size, (58, 40, 28))
    # horizontal-ish streaks: random row brightness, stretched
    rows = Image.frombytes("L", (1, small[1]), rng.randbytes(small[1]))
    rows = rows.resize((w, h), resample=Image.BILINEAR).filter(ImageFilter.GaussianBlur(3))
    rows = rows.point(lambda v: int(60 + v * 0.35))
    grain = noise_layer(rng, size, 30).filter(ImageFilter.GaussianBlur(1.2))
    tex = ImageChops.add(rows, grain, scale=1.0, offset=-128)
    tex = tex.rotate(rng.uniform(-8, 8), resample=Image.BILINEAR, expand=False, fillcolor=90)
    base = ImageChops.multiply(base, Image.merge("RGB", (tex, tex, tex)))
    base = ImageEnhance.Brightness(base).enhance(3.0)
    return base


def on_table(img, rng, slant=7, keystone=0.06):
    """Receipt on a dark table, rotated and with a perspective (keystone) squeeze."""
    paper = paper_tone(img, rng) if img.mode == "L" else img
    w, h = paper.size
    pad_x, pad_y = int(w * 0.35), int(h * 0.12)
    W, H = w + 2 * pad_x, h + 2 * pad_y
    table = table_texture(rng, (W, H))
    # target corners: top narrower than bottom (camera tilted), then rotate by `slant`
    k = keystone * w
    corners = [(pad_x + k, pad_y), (pad_x + w - k * 0.6, pad_y + h * 0.01),
               (pad_x + w + k * 0.3, pad_y + h), (pad_x - k * 0.2, pad_y + h * 0.995)]
    cx, cy = W / 2, H / 2
    t = math.radians(slant)
    rot = [(cx + (x - cx) * math.cos(t) - (y - cy) * math.sin(t),
            cy + (x - cx) * math.sin(t) + (y - cy) * math.cos(t)) for x, y in corners]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = perspective_coeffs(rot, src)
    warped = paper.transform((W, H), Image.PERSPECTIVE, coeffs, resample=Image.BICUBIC)
    mask = Image.new("L", (w, h), 255).transform((W, H), Image.PERSPECTIVE, coeffs, resample=Image.BICUBIC)
    # drop shadow under the paper
    shadow_mask = mask.filter(ImageFilter.GaussianBlur(14)).point(lambda v: 255 - int(v * 0.55))
    shadow_mask = ImageChops.offset(shadow_mask, 10, 14)
    table = ImageChops.multiply(table, Image.merge("RGB", (shadow_mask,) * 3))
    table.paste(warped, (0, 0), mask)
    # room light falls off towards one corner
    light = gradient_mask((W, H), rng.uniform(0, 360), 150, 255)
    table = ImageChops.multiply(table, Image.merge("RGB", (light,) * 3))
    return table


def phone_photo(angle):
    """The usual phone-photo variant: paper tone, rotated by `angle`, slight blur, sensor noise."""
    return ("photo", f"phone photo: paper tone, rotated {angle} degrees, slight blur, sensor noise",
            lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, angle, (244, 240, 228)), g, 0.7), g, 20))


# variant name -> function(img, rng) ; applied to the clean render
VARIANTS = {
    "us-grocery-freshmart": [
        ("rotated", "rotated 4 degrees clockwise, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(im, g, -4.0), g, 0.8), g, 24)),
        ("table", "on a dark wooden table, slanted 7 degrees with perspective, uneven light",
         lambda im, g: add_noise(blur(on_table(im, g, 7, 0.06), g, 0.9), g, 18)),
    ],
    "us-grocery-valuefoods": [
        ("blur", "out of focus (gaussian blur radius 1.8), paper tone",
         lambda im, g: blur(paper_tone(im, g), g, 1.8)),
        ("shadow", "illumination gradient and a soft shadow, rotated 2.5 degrees",
         lambda im, g: shadow(rotate(paper_tone(im, g), g, 2.5, (244, 240, 228)), g)),
    ],
    "us-restaurant-tip": [
        ("noise", "heavy sensor noise, rotated 3 degrees",
         lambda im, g: add_noise(rotate(im, g, 3.0), g, 60)),
        ("lowcontrast", "faded thermal print: low contrast, bright, slight blur",
         lambda im, g: blur(low_contrast(im, g), g, 0.7)),
    ],
    "de-supermarkt-frischmarkt": [
        ("table", "on a dark table, slanted -5 degrees with perspective",
         lambda im, g: add_noise(on_table(im, g, -5, 0.05), g, 16)),
        ("rotated", "rotated 6 degrees counter-clockwise, shadow gradient",
         lambda im, g: shadow(rotate(paper_tone(im, g), g, 6.0, (244, 240, 228)), g)),
    ],
    "my-gst-kedai": [
        ("noisyblur", "blur radius 1.2 plus noise, low contrast",
         lambda im, g: add_noise(blur(low_contrast(im, g), g, 1.2), g, 30)),
    ],
    "us-diner-harbor": [
        ("photo", "phone photo: paper tone, rotated 2 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 2.0, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "fr-boulangerie-lilas": [
        ("photo", "phone photo: paper tone, rotated 2.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 2.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "it-alimentari-rossi": [
        ("shadow", "phone photo: illumination gradient and a soft shadow, rotated -2 degrees",
         lambda im, g: shadow(rotate(paper_tone(im, g), g, -2.0, (244, 240, 228)), g)),
    ],
    "es-cafeteria-esquina": [
        ("table", "on a dark table, slanted 4 degrees with perspective, uneven light",
         lambda im, g: add_noise(blur(on_table(im, g, 4, 0.05), g, 0.8), g, 16)),
    ],
    "nl-kaashandel-meer": [
        ("photo", "phone photo: paper tone, rotated -3 degrees, blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -3.0, (244, 240, 228)), g, 0.9), g, 22)),
    ],
    "pl-piekarnia-lipowa": [
        ("photo", "phone photo: paper tone, rotated 2.0 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 2.0, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "cs-potraviny-nadrazi": [
        ("photo", "phone photo: paper tone, rotated -2.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -2.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "pt-pastelaria-estrela": [
        ("photo", "phone photo: paper tone, rotated 1.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 1.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "tr-market-yildiz": [
        ("photo", "phone photo: paper tone, rotated -1.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -1.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "ru-produkty-tverskaya": [
        ("photo", "phone photo: paper tone, rotated 2.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 2.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "el-fournos-akropoli": [
        ("photo", "phone photo: paper tone, rotated -2.0 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -2.0, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "th-minimart-sukhumvit": [
        ("photo", "phone photo: paper tone, rotated 2.0 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 2.0, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "in-electronics-bengaluru": [
        ("photo", "phone photo: paper tone, rotated -2.0 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -2.0, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "ae-cafe-alnoor": [
        ("photo", "phone photo: paper tone, rotated 1.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, 1.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "za-superette-kloof": [
        ("photo", "phone photo: paper tone, rotated -1.5 degrees, slight blur, sensor noise",
         lambda im, g: add_noise(blur(rotate(paper_tone(im, g), g, -1.5, (244, 240, 228)), g, 0.7), g, 20)),
    ],
    "uk-grocer-greenway": [phone_photo(2.0)],
    "au-bakery-brightbakes": [phone_photo(-2.0)],
    "us-market-sunrise": [phone_photo(1.5)],
    "in-kirana-jaipur": [phone_photo(-1.5)],
    "ae-supermarket-alwaha": [phone_photo(2.0)],
    "sa-tamweenat-alnakheel": [phone_photo(-2.0)],
    "us-cafe-beanleaf": [
        ("table", "small receipt on a dark table, slanted 4 degrees, uneven light",
         lambda im, g: blur(on_table(im, g, 4, 0.08), g, 0.8)),
        ("sideways", "photographed sideways: turned 90 degrees counter-clockwise, no EXIF orientation",
         lambda im, g: paper_tone(im, g).rotate(90, expand=True)),
    ],
}


def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, ensure_ascii=False)
        f.write("\n")


CORPUS_DE = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "de-supermarket-scans")
DE_SCANS = ["rcpt-d527c941a0", "rcpt-0686f5f409", "rcpt-1eebf886cd"]   # small files, varied stores


def copy_de_scans():
    if not os.path.isdir(CORPUS_DE):
        print(f"note: {CORPUS_DE} not found; de-scan-* fixtures left as they are", file=sys.stderr)
        return []
    written = []
    for stem in DE_SCANS:
        src = [f for f in os.listdir(os.path.join(CORPUS_DE, "images")) if f.rsplit(".", 1)[0] == stem][0]
        ext = src.rsplit(".", 1)[1]
        dst = os.path.join(OUT, f"de-scan-{stem}.{ext}")
        with open(os.path.join(CORPUS_DE, "images", src), "rb") as f:
            data = f.read()
        with open(dst, "wb") as f:
            f.write(data)
        with open(os.path.join(CORPUS_DE, "labels", stem + ".json"), encoding="utf-8") as f:
            label = json.load(f)
        doc = {"image": os.path.basename(dst),
               "variant": "real 300 dpi scan, copied unchanged",
               "license": "CC-BY-4.0, softmatic/vision-data, Softmatic GmbH"}
        doc.update(label)
        write_json(os.path.join(OUT, f"de-scan-{stem}.json"), doc)
        written.append(dst)
    return written


def main():
    os.makedirs(OUT, exist_ok=True)
    receipts = [us_grocery_freshmart(), us_grocery_valuefoods(), us_restaurant_tip(),
                de_supermarkt(), my_gst_minimart(), us_cafe(), us_diner_tall(),
                # Appended: the seeds of the receipts above (by position) stay the same.
                fr_boulangerie(), it_alimentari(), es_cafeteria(), nl_kaashandel(),
                pl_piekarnia(), cs_potraviny(), pt_pastelaria(), tr_market(), ru_produkty(), el_fournos(),
                th_minimart(), in_electronics(), ae_cafe(), za_superette()]
    # Merchant cues (issue 31): a logo and a footer name, a legal name in the footer, large print.
    receipts += [uk_grocer_greenway(), au_bakery_brightbakes(), us_market_sunrise()]
    # Hindi, and bilingual Gulf receipts (issue 31).
    receipts += [in_kirana(), ae_supermarket(), sa_supermarket()]
    written = []
    for idx, r in enumerate(receipts):
        exp = r.expected()
        # consistency checks (Decimal)
        items = r.items_sum()
        total = D(exp["total"])
        tip = D(exp["tip"] or "0")
        if exp.get("taxIncluded"):
            assert items == total, r.name
        else:
            assert items == D(exp["subtotal"]), (r.name, items, exp["subtotal"])
            assert D(exp["subtotal"]) + D(exp["tax"]) + tip == total, r.name
        assert sum((D(t["amount"]) for t in exp["taxes"]), Decimal(0)) == D(exp["tax"]), r.name
        for line in r.lines:
            assert len(line) <= WIDTH_CHARS

        img = render(r)
        png = os.path.join(OUT, r.name + ".png")
        img.save(png, optimize=True)
        doc = {"image": r.name + ".png", "variant": "clean render", "lines": r.lines}
        doc.update(exp)
        write_json(os.path.join(OUT, r.name + ".json"), doc)
        written.append(png)
        for vidx, (vname, desc, fn) in enumerate(VARIANTS.get(r.name, [])):
            rng = random.Random(1000 * (idx + 1) + vidx)
            out = fn(img, rng).convert("RGB")
            stem = f"{r.name}--{vname}"
            path = os.path.join(OUT, stem + ".jpg")
            out.save(path, quality=85, optimize=True)
            vdoc = {"image": stem + ".jpg", "variant": desc, "source": r.name + ".png", "lines": r.lines}
            vdoc.update(exp)
            write_json(os.path.join(OUT, stem + ".json"), vdoc)
            written.append(path)
    if "--no-scans" not in sys.argv:
        written += copy_de_scans()
    for p in written:
        im = Image.open(p)
        print(f"{os.path.relpath(p, ROOT)}  {im.size[0]}x{im.size[1]}  {os.path.getsize(p)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
