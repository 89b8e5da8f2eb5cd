/**
 * The screen-reader mode as a screen reader meets it: after every key of a seeded random walk over
 * the lists, details, filter, jump, export, help, the last error and the inspector, once the output
 * has settled, the terminal's cursor is visible and on the selected row, or at the open prompt's
 * insertion point, or on the top line where nothing is selected (help, a request in full).
 * PAGETUI_WALK_KEYS sets the walk's length (1,000 by default), PAGETUI_WALK_SEED its seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { cursorWhereExpected, ReaderApp } from '../helpers/reader-terminal.js';

const KEYS = Number(process.env.PAGETUI_WALK_KEYS ?? 1000);
const SEED = Number(process.env.PAGETUI_WALK_SEED ?? 35);

/** Keys and how often each is pressed (q, copies and Ctrl-z are left out: they leave or reach outside the app). */
const WEIGHTED: readonly (readonly [string, number])[] = [
  ['j', 14], ['k', 8], ['\u001B[B', 4], ['\u001B[A', 3], ['\u001B[6~', 2], ['\u001B[5~', 2], ['g', 2],
  ['\r', 6], ['\u001B', 6], ['h', 2], ['d', 5], ['?', 3], ['/', 4], [':', 3], ['i', 3], ['E', 2], ['e', 1],
  [']', 2], ['[', 1], ['s', 1], ['1', 1], ['0', 1], ['a', 3], ['o', 2], ['2', 1], ['\u007F', 2], ['\u001B[D', 1], ['\u001B[C', 1],
];

/** mulberry32: the same seed, the same walk. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(next: () => number): string {
  const total = WEIGHTED.reduce((sum, [, w]) => sum + w, 0);
  let r = next() * total;
  for (const [key, w] of WEIGHTED) {
    r -= w;
    if (r < 0) return key;
  }
  return 'j';
}

let server: DemoServer;
const cwd = mkdtempSync(join(tmpdir(), 'pagetui-walk-'));
beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 500 });
});
afterAll(async () => {
  await server.close();
  rmSync(cwd, { recursive: true, force: true });
});

/** What each screen shows on its lines, to tell that the walk went there. */
const SCREENS: Readonly<Record<string, RegExp>> = {
  'page list': /^Pages$/m,
  details: /^Page (group )?\S/m,
  help: /^Keys(, lines [\d,]+ to [\d,]+ of [\d,]+)? {1,2}\(\? or Esc to close\)/m,
  inspector: /^HTTP inspector/m,
  'a request in full': /^(GET|POST) \S/m,
  'last error': /^Last error/m,
  filter: /^\/ /m,
  jump: /^: /m,
  export: /^Export (.* )?to: /m,
};

/** One walk of `keys` keys in an app of its own; returns the keys after which the cursor was elsewhere. */
async function walk(seed: number, keys: number, seen: Set<string>): Promise<string[]> {
  const app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols: 100, rows: 24, cwd, env: { PAGETUI_API_KEY: server.apiKey } });
  try {
    await app.waitFor('Evergreen Landing Pages');
    await app.settled();
    const next = random(seed);
    const misses: string[] = [];
    for (let i = 0; i < keys && misses.length < 3; i++) {
      const key = pick(next);
      app.write(key);
      await app.settled(30);
      const miss = cursorWhereExpected(app);
      const screen = app.screen();
      for (const [name, shows] of Object.entries(SCREENS)) if (shows.test(screen)) seen.add(name);
      if (miss !== undefined) misses.push(`seed ${seed}, key ${i + 1} (${JSON.stringify(key)}): ${miss}\n${app.screen()}`);
    }
    return misses;
  } finally {
    app.kill();
  }
}

describe('screen-reader mode: a random walk', () => {
  // Two apps walk half the keys each at once: the time goes in waiting for output to settle.
  it(`keeps the cursor visible and on what is selected after each of ${KEYS} keys`, { timeout: 180_000 }, async () => {
    const half = Math.ceil(KEYS / 2);
    const seen = new Set<string>();
    const misses = await Promise.all([walk(SEED, half, seen), walk(SEED + 1, KEYS - half, seen)]);
    expect(misses.flat()).toEqual([]);
    if (KEYS >= 1000) expect([...seen].sort()).toEqual(Object.keys(SCREENS).sort());
  });
});
