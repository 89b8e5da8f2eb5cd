/**
 * One app session on a big page group: RSS idle on the group list, open the group, `G` to the end
 * (timed, requests and connections counted), RSS once loaded, then single keystrokes after idle
 * (latency to the first and the last byte of the frame, bytes per move, moves that scroll the list
 * told apart from moves inside it), and keystrokes typed into the filter over everything loaded.
 */
import { appendFileSync } from 'node:fs';
import { startEcho, startInkPrinter } from './floor-programs.mjs';
import { startApp } from './pty-session.mjs';
import { percentile, sleep } from './stats.mjs';
import { typeFilter } from './filter-keys.mjs';

const GROUP = 'grp-1';
const PAGE_ID = new RegExp(`${GROUP}-p(\\d+)\\b`);
const count = (n) => n.toLocaleString('en-US');

/**
 * From the top of the list: down 45 rows, up 45, and so on. The list window is shorter than 45
 * rows (the terminal has 40), so the selection reaches the window's edge and the list scrolls,
 * both ways, as well as moving inside it.
 */
function movePattern(presses) {
  return Array.from({ length: presses }, (_, i) => (Math.floor(i / 45) % 2 === 0 ? 'j' : 'k'));
}

/** The page number on the first list row (which page the window starts at), or -1. */
function firstListed(app) {
  for (const line of app.lines()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

/**
 * @param {object} server a demo server in its own process (server-host.mjs)
 * @param {{pages: number, presses: number, env?: Record<string, string>, loadMs?: number}} options `env` is added to
 *   the app's; `loadMs` how long `G` may take (long names on a busy machine take many times the default)
 */
export async function browseSession(server, { pages, presses, env = {}, loadMs }) {
  // Counted from the app's start: the listing's first page is asked for when the group opens.
  const { connections: connectionsBefore } = await server.reset();
  const app = startApp(server, { env });
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s));
    await app.settle(300);
    const idleRssKb = app.rssKb();
    app.write('\r');
    await app.waitFor(`${GROUP}-p1 `);
    await app.settle();
    const clearsBefore = app.clears;
    const blankLastRow = app.lines().at(-1) === '';

    const sentAt = performance.now();
    app.write('G');
    // G loads some 20,000 items a second; a slow or busy machine gets six times as long.
    const loadedAt = await app.waitFor(`all ${count(pages)} loaded`, loadMs ?? Math.max(120_000, pages * 0.3));
    const gotoEndMs = loadedAt - sentAt;
    await app.settle(300);
    const stats = await server.stats(`/v0/page_groups/${GROUP}/pages`);
    const requests = stats.requests;
    const connections = stats.connections - connectionsBefore;
    await sleep(500);
    const rssKb = app.rssKb();

    app.write('g');
    await app.waitFor((s) => s.includes(`${GROUP}-p1 `) && app.highlightedRow() >= 0);
    const keys = [];
    for (const key of movePattern(presses)) {
      const topBefore = firstListed(app);
      const press = await app.press(key);
      keys.push({ ...press, scrolled: firstListed(app) !== topBefore });
    }
    const clears = app.clears - clearsBefore;

    // Filtering all loaded rows: plain words and the query language, typed letter by letter and
    // erased (filter-keys.mjs); the first frame is what a keystroke waits for, the rest of the scan
    // comes in slices after it.
    const filterKeys = await typeFilter(app, presses);
    if (!/match/.test(app.screen())) throw new Error(`bench: the filter did not open:\n${app.screen()}`);
    app.write('\u001b');
    await app.settle(200);
    await app.quit();
    // BENCH_KEYS_OUT=<file>: every press's latencies too (one JSON line per session), not only the percentiles.
    if (process.env.BENCH_KEYS_OUT) appendFileSync(process.env.BENCH_KEYS_OUT, `${JSON.stringify({ pages, keys: keys.map((k) => ({ firstByteMs: k.firstByteMs, lastByteMs: k.lastByteMs, scrolled: k.scrolled })) })}\n`);
    const firstByte = keys.map((k) => k.firstByteMs);
    const lastByte = keys.map((k) => k.lastByteMs);
    return {
      gotoEndMs,
      requests,
      connections,
      idleRssKb,
      rssKb,
      p50: percentile(firstByte, 50),
      p99: percentile(firstByte, 99),
      lastByteP50: percentile(lastByte, 50),
      lastByteP99: percentile(lastByte, 99),
      bytes: keys.filter((k) => !k.scrolled).map((k) => k.bytes),
      scrollBytes: keys.filter((k) => k.scrolled).map((k) => k.bytes),
      clears,
      blankLastRow,
      filterP50: percentile(filterKeys.map((k) => k.firstMs), 50),
      filterP99: percentile(filterKeys.map((k) => k.firstMs), 99),
      filterDoneP99: percentile(filterKeys.map((k) => k.doneMs), 99),
    };
  } finally {
    app.kill();
  }
}

/** The floor for idle memory: the bare Ink app's RSS once it has drawn its line and settled. */
export async function inkIdleRss() {
  const ink = startInkPrinter();
  try {
    await ink.waitFor('ready');
    await ink.settle(300);
    return ink.rssKb();
  } finally {
    ink.kill();
  }
}

/** The floor for a keystroke: a bare raw-mode node program answering each key in the same pty. */
export async function echoLatency(presses) {
  const echo = startEcho();
  try {
    await echo.waitFor('ready');
    const samples = [];
    for (let i = 0; i < presses; i++) samples.push((await echo.press('j')).firstByteMs);
    return { p50: percentile(samples, 50), p99: percentile(samples, 99), rssKb: echo.rssKb() };
  } finally {
    echo.kill();
  }
}
