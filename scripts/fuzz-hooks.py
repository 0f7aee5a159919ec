"""Schemathesis hooks for scripts/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).

The server reads JSON numbers as exact decimals (Foundation's Decimal: about 38 digits, exponents
from -128 to 127) and refuses with 400 a number it cannot keep exactly rather than round it to zero
or infinity (RFC 8259, section 9, lets a reader limit the range of numbers). JSON Schema cannot
say that of the free-form members the cart document keeps, so bodies holding such numbers are not
generated; tests in ReceiptModelTests check the refusal itself.
"""

import schemathesis

LARGEST = 1e120
SMALLEST = 1e-90


def keepable(value):
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return True
    if isinstance(value, (int, float)):
        magnitude = abs(value)
        return magnitude == 0 or SMALLEST <= magnitude < LARGEST
    if isinstance(value, list):
        return all(keepable(item) for item in value)
    if isinstance(value, dict):
        return all(keepable(item) for item in value.values())
    return True


@schemathesis.hook
def filter_body(context, body):
    return keepable(body)

