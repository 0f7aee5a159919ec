#!/usr/bin/env bash
# Fuzzes the household server's API from its own OpenAPI document with schemathesis.
#   scripts/fuzz-api.sh [--max-examples N] [--max-time SECONDS]
# Starts `receipts serve` (RECEIPTS_BIN, default .build/debug/receipts) on a throw-away SQLite
# store at a free loopback port, signs up a user, logs in, creates a household, then runs
# schemathesis (installed by `scripts/install-deps.sh --test` into .build/fuzz-venv) against
# http://127.0.0.1:PORT/api/v1/openapi.json with the bearer token and the household's id as
# householdId (and a cart's and an item's for cartId and itemId), with every check, the stateful
# phase included: fails on any 5xx, on a response that contradicts the document (schemas, status
# codes, headers), on a request the document calls valid that the server refuses or one it calls
# invalid that the server takes, and on the server dying. Part of `make test`: the run stops by
# itself after --max-time seconds (180: about 3.5 minutes with the setup on two cores).
# FUZZ_SEED repeats a run; FUZZ_TRACE (a file) gets a JSON line for the answer to every request
# the document calls valid (see scripts/fuzz-hooks.py); FUZZ_ARGS adds schemathesis
# options; FUZZ_DOCUMENT (a file, e.g. from `receipts openapi`) fuzzes with another version of the
# document.
set -euo pipefail
cd "$(dirname "$0")/.."

max_examples=20
max_time=180
while [[ $# -gt 0 ]]; do
  case "$1" in
    --max-examples) max_examples="$2"; shift 2 ;;
    --max-time) max_time="$2"; shift 2 ;;
    *) echo "usage: $0 [--max-examples N] [--max-time SECONDS]" >&2; exit 2 ;;
  esac
done

bin="${RECEIPTS_BIN:-.build/debug/receipts}"
schemathesis=.build/fuzz-venv/bin/schemathesis
[[ -x "$bin" ]] || { echo "fuzz-api: $bin is missing: run 'swift build' first." >&2; exit 1; }
[[ -x "$schemathesis" ]] || { echo "fuzz-api: $schemathesis is missing: run 'scripts/install-deps.sh --test'." >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/receipts-fuzz.XXXXXX")
server=""
recipes=""
cleanup() {
  if [[ -n "$server" ]]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [[ -n "$recipes" ]]; then kill -TERM "$recipes" 2>/dev/null || true; wait "$recipes" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The Recipe API on loopback (the fake Chomp server with the fixture recipes), so that the recipe
# routes answer as with a key rather than "unavailable" (a 503, which the fuzzer counts as a crash).
/usr/bin/python3 scripts/fake-chomp-server.py --recipes Fixtures/catalog/recipes.json >"$work/chomp.out" 2>"$work/chomp.err" &
recipes=$!
chomp_port=""
for _ in $(seq 100); do
  chomp_port=$(sed -n 's/^PORT \([0-9]*\)$/\1/p' "$work/chomp.out" | head -1)
  [[ -n "$chomp_port" ]] && break
  sleep 0.1
done
[[ -n "$chomp_port" ]] || { echo "fuzz-api: the fake Chomp server did not start:" >&2; cat "$work/chomp.err" >&2; exit 1; }

OMP_THREAD_LIMIT=1 RECEIPTS_STORE="" CHOMP_API_KEY="" CHOMP_RECIPE_API_KEY="fuzz" CHOMP_BASE_URL="http://127.0.0.1:$chomp_port/api/v2" "$bin" serve --store "$work/store.sqlite" --host 127.0.0.1 --port 0 \
  --workers 0 --bcrypt-cost 4 --log-level error >"$work/serve.out" 2>"$work/serve.err" &
server=$!
port=""
for _ in $(seq 600); do
  port=$(sed -n 's/^PORT \([0-9]*\)$/\1/p' "$work/serve.out" | head -1)
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
[[ -n "$port" ]] || { echo "fuzz-api: receipts serve did not print its port:" >&2; cat "$work/serve.err" >&2; exit 1; }

base="http://127.0.0.1:$port/api/v1"
# field NAME[.NAME...]: a member of the JSON on stdin; post PATH JSON: the answer to a POST as the fuzz user.
field() { /usr/bin/python3 -c "import json, sys; value = json.load(sys.stdin); [value := value[name] for name in '$1'.split('.')]; print(value)"; }
post() { curl -sS --fail-with-body "$base/$1" -H 'Content-Type: application/json' -H "Authorization: Bearer $token" -d "$2"; }
curl -sS --fail-with-body "$base/accounts" -H 'Content-Type: application/json' \
  -d '{"email":"fuzz@example.org","displayName":"Fuzz","password":"a long password"}' >/dev/null
token=$(curl -sS --fail-with-body "$base/sessions" -H 'Content-Type: application/json' \
  -d '{"email":"fuzz@example.org","password":"a long password"}' | field token)
household=$(post households '{"name":"Fuzz home"}' | field id)
# A cart with an item, whose ids stand for every cartId and itemId, so the cart and item
# operations get past their 404s to the code behind them.
cart=$(post "households/$household/carts" '{"name":"Groceries"}' | field id)
item=$(post "households/$household/carts/$cart/items" '{"name":"Milk","quantity":2,"price":"3.49"}' | field item.id)
# A group and an expense in it, for every groupId and expenseId.
group=$(post groups '{"name":"Flat","currency":"EUR"}' | field id)
expense=$(post expenses "{\"group\":\"$group\",\"merchant\":\"Bakery\",\"total\":\"12.30\"}" | field id)
# A list with an entry, for every listId and entryId.
list=$(post "households/$household/lists" '{"name":"Weekly"}' | field id)
entry=$(post "households/$household/lists/$list/entries" '{"name":"Bread"}' | field entry.id)
# What the deleting operations delete: their own cart, item, list and entry, so that deleting one
# (with an If-Match the hooks make current) leaves the others' ids standing.
spare_cart=$(post "households/$household/carts" '{"name":"To delete"}' | field id)
spare_item=$(post "households/$household/carts/$cart/items" '{"name":"Eggs"}' | field item.id)
spare_list=$(post "households/$household/lists" '{"name":"To delete"}' | field id)
spare_entry=$(post "households/$household/lists/$list/entries" '{"name":"Butter"}' | field entry.id)
# A second cart, so that a page of one has a next: its cursor stands for every ?cursor= (cursors are
# opaque; only the server's own are valid).
post "households/$household/carts" '{"name":"Hardware"}' >/dev/null
cursor=$(curl -sS --fail-with-body "$base/households/$household/carts?limit=1" -H "Authorization: Bearer $token" | field nextCursor)

# Numbers the server cannot keep exactly are refused (400), which no schema can state: the hooks
# keep them out of generated bodies.
cp scripts/fuzz-hooks.py "$work/fuzz_hooks.py"
# The token and the household id come from the environment (schemathesis resolves ${NAME}).
cat >"$work/schemathesis.toml" <<'EOF'
headers = { Authorization = "Bearer ${FUZZ_TOKEN}" }
[parameters]
"path.householdId" = "${FUZZ_HOUSEHOLD}"
"path.cartId" = "${FUZZ_CART}"
"path.itemId" = "${FUZZ_ITEM}"
"path.groupId" = "${FUZZ_GROUP}"
"path.expenseId" = "${FUZZ_EXPENSE}"
"path.listId" = "${FUZZ_LIST}"
"path.entryId" = "${FUZZ_ENTRY}"
"query.cursor" = "${FUZZ_CURSOR}"

# Invalid data may also be refused by a stale If-Match (412) before the body is read.
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "412", "413", "415", "422", "428", "429"]
EOF
# A request the document calls valid must succeed, or be refused for a reason no schema can state:
# the resources' state (401, 403, 404, a stale If-Match 412, a conflict 409, throttling 429), or,
# where the operation declares them, an image whose bytes are unreadable (415, 422) and a semantic
# refusal (422: an Idempotency-Key reused for another request, payers that do not add up).
curl -sS --fail-with-body "$base/openapi.json" | /usr/bin/python3 -c '
import json, sys
spares = {
    "deleteCart": {"path.cartId": "${FUZZ_SPARE_CART}"},
    "deleteItem": {"path.itemId": "${FUZZ_SPARE_ITEM}"},
    "deleteList": {"path.listId": "${FUZZ_SPARE_LIST}"},
    "deleteEntry": {"path.entryId": "${FUZZ_SPARE_ENTRY}"},
}
for item in json.load(sys.stdin)["paths"].values():
    for operation in item.values():
        statuses = ["2xx", "401", "403", "404", "409", "412", "429"]
        statuses += [status for status in ("415", "422") if status in operation["responses"]]
        print()
        print("[[operations]]")
        print("include-operation-id = " + json.dumps(operation["operationId"]))
        print("checks.positive_data_acceptance.expected-statuses = " + json.dumps(statuses))
        # Stopping shopping ends the status of the caller alone; GET at the same address still
        # lists who is shopping (now without the caller): no deleted resource answering.
        if operation["operationId"] in ("stopShopping", "listShoppers"):
            print("checks.use_after_free.enabled = false")
        if operation["operationId"] in spares:
            print("parameters = { " + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in spares[operation["operationId"]].items()) + " }")
' >>"$work/schemathesis.toml"

echo "fuzz-api: schemathesis on $base/openapi.json (household $household, at most $max_examples examples per operation, ${max_time}s)" >&2
checks=(--checks all)
# FUZZ_ARGS: more schemathesis options, e.g. "--include-path-regex /carts/" to fuzz a few operations.
read -ra extra <<<"${FUZZ_ARGS:-}"
status=0
# Logging out or revoking sessions would end the run's own session; every other operation is fuzzed.
# Run from the work folder: schemathesis keeps a cache folder in the current one.
trace="${FUZZ_TRACE:+$(realpath -m "$FUZZ_TRACE")}"
(cd "$work" && FUZZ_TRACE="$trace" FUZZ_BASE="http://127.0.0.1:$port" SCHEMATHESIS_HOOKS=fuzz_hooks PYTHONPATH="$work" FUZZ_TOKEN="$token" FUZZ_HOUSEHOLD="$household" FUZZ_CART="$cart" FUZZ_ITEM="$item" FUZZ_GROUP="$group" FUZZ_EXPENSE="$expense" FUZZ_CURSOR="$cursor" \
  FUZZ_LIST="$list" FUZZ_ENTRY="$entry" FUZZ_SPARE_CART="$spare_cart" FUZZ_SPARE_ITEM="$spare_item" FUZZ_SPARE_LIST="$spare_list" \
  FUZZ_SPARE_ENTRY="$spare_entry" timeout $((max_time + 60)) "$OLDPWD/$schemathesis" \
  --config-file "$work/schemathesis.toml" run "${FUZZ_DOCUMENT:-$base/openapi.json}" --url "http://127.0.0.1:$port" \
  "${checks[@]}" --phases examples,coverage,fuzzing,stateful \
  --exclude-operation-id logOut --exclude-operation-id revokeSession \
  --max-examples "$max_examples" --max-time "$max_time" --request-timeout 10 --workers 2 \
  --seed "${FUZZ_SEED:-$RANDOM}" --generation-database none --no-color --report junit \
  --report-junit-path "${FUZZ_REPORT:-$work/junit.xml}" "${extra[@]}") || status=$?

if ! kill -0 "$server" 2>/dev/null; then
  echo "fuzz-api: receipts serve died during the run:" >&2
  tail -50 "$work/serve.err" >&2
  exit 1
fi
if [[ $status -ne 0 ]]; then
  echo "fuzz-api: schemathesis found problems (exit $status); the server's log ends with:" >&2
  tail -20 "$work/serve.err" >&2
fi
exit "$status"
