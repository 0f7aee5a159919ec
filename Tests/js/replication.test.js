// Runs the cases of Fixtures/replication/merges.json, which Tests/ReplicationTests runs against
// Sources/Replication, against the web app's offline store (Sources/WebApp/Assets/outbox.js): the
// browser's clock and merge rules must be the server's.
//
//   node --test Tests/js/        (scripts/js-tests.sh)

// A CommonJS file, and outbox.js (a browser module, in a folder without a package.json saying so)
// imported from its source: so node takes each as what it is whatever its version (Debian's is 18).
const { test, mock } = require("node:test");
const assert = require("node:assert/strict");
const { readFileSync } = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..", "..");
const { cases } = JSON.parse(readFileSync(path.join(root, "Fixtures/replication/merges.json"), "utf8"));
const source = readFileSync(path.join(root, "Sources/WebApp/Assets/outbox.js"), "utf8");
const loaded = import("data:text/javascript;charset=utf-8," + encodeURIComponent(source));
let outbox;

/** A stand-in for the IndexedDB `meta` store that `tick` reads the clock from and writes it to. */
function metaStore(clock) {
  const stored = new Map([["clock", clock]]);
  const request = (result) => {
    const pending = { result };
    queueMicrotask(() => pending.onsuccess());
    return pending;
  };
  return {
    stored,
    get: (key) => request(stored.get(key)),
    put: (value, key) => {
      stored.set(key, structuredClone(value));
      return request(key);
    },
  };
}

const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const run = {
  format(c) {
    assert.equal(outbox.format(c.wall, c.counter, c.replica), c.stamp);
    assert.deepEqual(outbox.parse(c.stamp), { wall: c.wall, counter: c.counter });
  },
  compare(c) {
    assert.equal(order(c.a, c.b), c.order);
  },
  async tick(c) {
    const { wall, counter } = outbox.parse(c.previous);
    const meta = metaStore({ wall, counter, replica: c.replica });
    mock.method(Date, "now", () => c.now);
    try {
      assert.equal(await outbox.tick(meta, c.observed ?? ""), c.next);
    } finally {
      mock.restoreAll();
    }
    assert.equal(outbox.format(meta.stored.get("clock").wall, meta.stored.get("clock").counter, c.replica), c.next);
  },
  newest(c) {
    assert.equal(outbox.newestStamp(c.state), c.newest ?? "");
  },
  apply(c) {
    const before = structuredClone(c.state);
    assert.deepEqual(outbox.applyChanges(c.state, c.changes), c.result);
    assert.deepEqual(c.state, before, "the state applied to is left as it was");
  },
};

test("the fixture has every operation, each case once", () => {
  assert.deepEqual(new Set(cases.map((c) => c.op)), new Set(Object.keys(run)));
  assert.equal(new Set(cases.map((c) => c.name)).size, cases.length);
});

for (const c of cases) {
  test(c.name, async () => {
    outbox = await loaded;
    assert.ok(run[c.op], `unknown op ${c.op}`);
    await run[c.op](c);
  });
}
