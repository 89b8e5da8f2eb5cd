/**
 * What the bench types into the filter: plain words and the query language (docs/queries.md),
 * each query letter by letter and then erased with Backspace, so every prefix is a keystroke
 * (prefixes that do not parse yet, like `name:` or `/sea`, are typed too, as a person types them).
 */

/** Queries over a page list (the fields of pages: id, name, custom, computed, group, tenant, created, updated). */
const QUERIES = ['seasonal', 'name:sea', '-seasonal', '/sea.*al/', 'updated<7d', 'sea|oak'];

const BACKSPACE = '\u007f';

/** The queries and the keys that type and erase each, in order. */
export function filterKeys() {
  const keys = [];
  for (const query of QUERIES) {
    for (let i = 1; i <= query.length; i++) keys.push({ key: query[i - 1], query: query.slice(0, i) });
    for (let i = query.length - 1; i >= 0; i--) keys.push({ key: BACKSPACE, query: query.slice(0, i) });
  }
  return { queries: QUERIES, keys };
}

/**
 * Opens the filter with `/` and types every key of filterKeys() (or the first `presses`, cycling):
 * per key, ms to the first byte of its frame, to the last byte before 60 ms of quiet, and until
 * the scan is done (the header no longer says "matching…").
 */
export async function typeFilter(app, presses) {
  const { keys } = filterKeys();
  const typed = presses === undefined ? keys : Array.from({ length: presses }, (_, i) => keys[i % keys.length]);
  app.write('/');
  await app.settle(200);
  const out = [];
  for (const { key, query } of typed) {
    // A build that scans everything at the keystroke may take seconds a key at 1,000,000 loaded.
    const press = await app.press(key, { timeoutMs: 600_000 });
    const doneAt = await app.waitFor((screen) => !screen.includes('matching…'), 600_000);
    out.push({ query, firstMs: press.firstByteMs, lastByteMs: press.lastByteMs, doneMs: Math.max(press.lastByteMs, doneAt - press.sentAt) });
  }
  return out;
}
