#!/usr/bin/env node
// Frames over a thin link: PgDn held at 10/s for 3 s on grp-1 (`pagetui --demo`, 120x40) with a
// link of 64 kbit/s and 75 ms each way between the app's pty and its terminal (a headless xterm
// answering DA1 itself, scripts/lib/shaped-link.mjs). Prints how far behind the app's selection
// the screen was at release, how long it kept scrolling after, the bytes on the wire, and `j`
// key→screen locally and over the link, and where a frame's time goes while the key is held
// (bench/lib/frame-timeline.mjs). Not part of `npm test`; after a build:
//   node bench/link-pacing.mjs [--runs 3] [--compare <another build's pagetui.js>]... [--held-only] [--silent] [--rtt 150]
// With --compare (once or more) the builds take turns, run by run. --silent: a terminal that never
// answers (no DA1, no cursor position, no colour), here and locally.
import { basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { median, sleep } from './lib/stats.mjs';
import { ShapedDirection } from '../scripts/lib/shaped-link.mjs';
import { FrameTimeline } from './lib/frame-timeline.mjs';

const { values } = parseArgs({ options: { rtt: { type: 'string', default: '150' }, runs: { type: 'string', default: '3' }, compare: { type: 'string', multiple: true }, 'held-only': { type: 'boolean' }, silent: { type: 'boolean' } } });
const RUNS = Number(values.runs);
const LINK = { kbit: 64, rttMs: Number(values.rtt) };
const PRESSES = 30;
const PRESS_EVERY_MS = 100;
const J_PRESSES = 20;
const PAGE_ID = /grp-1-p(\d+)\b/;
const PAGE_DOWN = '\u001b[6~';

/** The app in a pty with the link between it and its terminal (none when `link` is undefined). */
class LinkedSession extends PtySession {
  constructor(bundle, link) {
    super([process.execPath, bundle, '--demo'], { cols: 120, rows: 40 });
    this.link = link;
    this.shown = -1;
    this.lastChangeAt = 0;
    /** Each change of the first listed page, with the arrival time of the bytes that made it. */
    this.changes = [];
    /** The same for the last listed page (the row PgDn selects). */
    this.lastChanges = [];
    this.timeline = new FrameTimeline();
    /** Each chunk's screen once parsed, with the arrival time of its bytes. */
    this.snapshots = [];
    /** The link's bytes delivered up to the end of each chunk not yet parsed, in order. */
    this.deliveredUpTo = [];
    /** When each PgDn reached the app. */
    this.pressesReachedAt = [];
    if (!link) return;
    this.down = new ShapedDirection({
      kbit: link.kbit,
      delayMs: link.rttMs / 2,
      deliver: (data) => {
        this.timeline.arrived(data, performance.now());
        this.deliveredUpTo.push(this.timeline.delivered);
        super.deliver(data);
      },
    });
    this.up = new ShapedDirection({
      kbit: link.kbit,
      delayMs: link.rttMs / 2,
      deliver: (data) => {
        const at = performance.now();
        this.timeline.reachedApp(data, at);
        for (let i = data.split(PAGE_DOWN).length - 1; i > 0; i--) this.pressesReachedAt.push(at);
        this.proc.write(data);
      },
    });
  }
  deliver(data) {
    this.timeline.appWrote(data, performance.now());
    if (this.link) this.down.send(data);
    else super.deliver(data);
  }
  answer(reply) {
    if (values.silent) return;
    if (this.link) this.up.send(reply);
    else super.answer(reply);
  }
  write(keys) {
    if (this.link) this.up.send(keys);
    else super.write(keys);
  }
  drawn(data, at) {
    super.drawn(data, at);
    const upTo = this.deliveredUpTo.shift();
    this.snapshots.push({ at, screen: this.screen() });
    const first = firstListed(this);
    if (first !== this.shown) {
      this.shown = first;
      this.lastChangeAt = at;
      // The write whose bytes made the change: when it left the app.
      const frame = upTo === undefined ? undefined : this.timeline.frames.find((f) => f.start < upTo && upTo <= f.end);
      this.changes.push({ at, first, writtenAt: frame?.sentAt });
    }
    const last = lastListed(this);
    if (last !== this.lastChanges.at(-1)?.first) {
      this.lastChanges.push({ at, first: last });
      this.lastRowChangeAt = at;
    }
  }
  /**
   * The first listed page on screen at `at`, by the arrival of the bytes: the headless xterm
   * parses late on a busy machine, which a real terminal does not.
   */
  shownAt(at, changes = this.changes) {
    return changes.findLast((change) => change.at <= at)?.first ?? -1;
  }
  /** When the screen last changed: from then on it showed what it ends with (every row filled in). */
  settledAt() {
    const final = this.snapshots.at(-1)?.screen;
    let i = this.snapshots.length - 1;
    while (i > 0 && this.snapshots[i - 1].screen === final) i--;
    return this.snapshots[i]?.at ?? 0;
  }
  /** Each change of the screen after `since`: when, and which rows changed. */
  changesAfter(since) {
    const out = [];
    let before = this.snapshots.findLast((snap) => snap.at <= since)?.screen.split('\n') ?? [];
    for (const snap of this.snapshots) {
      if (snap.at <= since) continue;
      const lines = snap.screen.split('\n');
      const rows = lines.flatMap((line, row) => (line === before[row] ? [] : [row]));
      if (rows.length > 0) out.push({ at: snap.at, rows });
      before = lines;
    }
    return out;
  }
  /** Waits until nothing has arrived for `quietMs` and the link is empty. */
  async quiet(quietMs) {
    while (this.link && (this.down.busy() || this.up.busy())) await sleep(20);
    await this.settle(quietMs);
  }
  close() {
    this.down?.close();
    this.up?.close();
    this.kill();
  }
}

function firstListed(session) {
  for (const line of session.lines()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

function lastListed(session) {
  for (const line of session.lines().reverse()) {
    const match = PAGE_ID.exec(line);
    if (match) return Number(match[1]);
  }
  return -1;
}

async function openGroup(session) {
  await session.waitFor('Evergreen Landing Pages', 20_000);
  session.write('\r');
  await session.waitFor('grp-1-p1 ', 20_000);
  await session.quiet(500);
}

async function holdPageDown(bundle) {
  const session = new LinkedSession(bundle, LINK);
  try {
    await openGroup(session);
    const start = firstListed(session);
    const lastStart = lastListed(session);
    const bytesBefore = session.down.bytes;
    const sentAt = [];
    const pressedAt = performance.now();
    for (let i = 0; i < PRESSES; i++) {
      session.write(PAGE_DOWN);
      sentAt.push(performance.now());
      if (i < PRESSES - 1) await sleep(PRESS_EVERY_MS);
    }
    const releasedAt = performance.now();
    const arrived = sentAt.filter((at) => at + LINK.rttMs / 2 <= releasedAt).length;
    await session.quiet(1_500);
    const atRelease = session.shownAt(releasedAt);
    const lastAtRelease = session.shownAt(releasedAt, session.lastChanges);
    const pageRows = (firstListed(session) - start) / PRESSES;
    if (process.env.LINK_TRACE) {
      const rel = (at) => Math.round(at - pressedAt);
      console.error('presses sent', sentAt.map(rel).join(' '), 'released', rel(releasedAt));
      console.error('presses reached the app', session.pressesReachedAt.map(rel).join(' '));
      console.error('first row', session.changes.map((c) => `${rel(c.at)}:${c.first}`).join(' '));
      console.error('last row', session.lastChanges.map((c) => `${rel(c.at)}:${c.first}`).join(' '));
      console.error('after release', session.changesAfter(releasedAt).map(({ at, rows }) => `${rel(at)}:[${rows.join(',')}]`).join(' '));
      console.error('writes', session.timeline.frames.filter((f) => f.sentAt >= pressedAt).map((f) => `${rel(f.sentAt)}+${f.bytes}→${f.answeredAt ? rel(f.answeredAt) : '?'}`).join(' '));
    }
    const lag = pressLag(session, sentAt, start, pageRows);
    return {
      behind: arrived - Math.round((atRelease - start) / pageRows),
      filledMs: Math.max(0, session.settledAt() - releasedAt),
      ...lag,
      behindLast: arrived - Math.round((lastAtRelease - lastStart) / pageRows),
      catchUpMs: Math.max(0, session.lastChangeAt - releasedAt),
      lastCatchUpMs: Math.max(0, session.lastRowChangeAt - releasedAt),
      bytes: session.down.bytes - bytesBefore,
      frames: session.timeline.summary(pressedAt, releasedAt),
    };
  } finally {
    session.close();
  }
}

/**
 * Where a press's time goes until its page (or a later one) is in the first row, medians over the
 * presses from the fifth on: up the link to the app, in the app (drawing, then waiting for room
 * on the link) until the write that carried it, and from that write to the screen.
 */
function pressLag(session, sentAt, start, pageRows) {
  const parts = { lagMs: [], inAppMs: [], onLinkMs: [] };
  for (let k = 5; k <= sentAt.length; k++) {
    const reachedAt = session.pressesReachedAt[k - 1];
    const shown = session.changes.find((c) => Math.round((c.first - start) / pageRows) >= k);
    if (reachedAt === undefined || shown?.writtenAt === undefined) continue;
    parts.lagMs.push(shown.at - sentAt[k - 1]);
    parts.inAppMs.push(shown.writtenAt - reachedAt);
    parts.onLinkMs.push(shown.at - shown.writtenAt);
  }
  return { lagMs: median(parts.lagMs), inAppMs: median(parts.inAppMs), onLinkMs: median(parts.onLinkMs) };
}

/** `j` from the write to the selection drawn one row lower on the terminal's screen, median. */
async function jToScreen(bundle, link) {
  const session = new LinkedSession(bundle, link);
  try {
    await openGroup(session);
    const times = [];
    for (let n = 2; n <= J_PRESSES + 1; n++) {
      await session.quiet(60);
      const sentAt = performance.now();
      session.write('j');
      const row = () => session.lines().findIndex((line) => line.includes(`grp-1-p${n} `));
      times.push((await session.waitFor(() => session.highlightedRow() === row(), 10_000)) - sentAt);
    }
    return median(times);
  } finally {
    session.close();
  }
}

const ms = (value) => `${Math.round(value)} ms`;
const frameRows = [];
const lagRows = [];
const builds = [...(values.compare ?? []).map((bundle) => [basename(dirname(bundle)), bundle]), ['this build', BUNDLE]];
const rows = [];
const results = builds.map(() => ({ held: [], local: [], linked: [] }));
// The builds take turns, run by run, so a change in the machine's load falls on both alike.
for (let run = 0; run < RUNS; run++) {
  for (const [i, [label, bundle]] of builds.entries()) {
    process.stderr.write(`${label}: run ${run + 1}/${RUNS}…\n`);
    const result = results[i];
    result.held.push(await holdPageDown(bundle));
    process.stderr.write(`  ${JSON.stringify({ ...result.held.at(-1), frames: undefined })}\n`);
    if (values['held-only']) continue;
    result.local.push(await jToScreen(bundle, undefined));
    result.linked.push(await jToScreen(bundle, LINK));
  }
}
for (const [i, [label]] of builds.entries()) {
  const { held, local, linked } = results[i];
  const m = (pick) => median(held.map(pick));
  const f = (pick) => median(held.map((h) => pick(h.frames)));
  const orDash = (values, show) => (values.length > 0 ? show(median(values)) : '–');
  frameRows.push(
    `| ${label} | ${held.map((h) => h.behind).join(', ')} | ${f((x) => x.frames)} | ${(f((x) => x.bytes) / 1000).toFixed(2)} KB | ${ms(f((x) => x.firstRowMs))} | ${ms(f((x) => x.wholeFrameMs))} | ${ms(f((x) => x.answerMs))} | ${ms(f((x) => x.answerToNextMs))} | ${ms(f((x) => x.cycleMs))} |`,
  );
  lagRows.push(`| ${label} | ${ms(m((h) => h.lagMs))} | ${ms(LINK.rttMs / 2)} | ${ms(m((h) => h.inAppMs))} | ${ms(m((h) => h.onLinkMs))} |`);
  rows.push(
    `| ${label} | ${m((h) => h.behind)} (${held.map((h) => h.behind).join(', ')}) | ${m((h) => h.behindLast)} (${held.map((h) => h.behindLast).join(', ')}) | ${Math.round(m((h) => h.catchUpMs))} ms | ${Math.round(m((h) => h.lastCatchUpMs))} ms | ${ms(m((h) => h.filledMs))} (${held.map((h) => Math.round(h.filledMs)).join(', ')}) | ${(m((h) => h.bytes) / 1000).toFixed(1)} KB | ${orDash(local, (v) => `${v.toFixed(1)} ms`)} | ${orDash(linked, (v) => ms(v))} |`,
  );
}
console.log('| build | pages behind at release: first row (each run) | last row, the selection (each run) | first row kept changing after release | last row | every row filled in after release (each run) | bytes on the wire | `j` key→screen, local | `j` key→screen, over the link |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log();
console.log('While PgDn is held (medians over the frames sent from the first press to the last, then over the runs):');
console.log();
console.log('| build | pages behind, each run | frames sent | frame | frame sent → first row on screen | → whole frame on screen | → its answer back at the app | answer → next frame sent | frame to frame |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of frameRows) console.log(row);
console.log();
console.log('A press, until its page (or a later one) is in the first row (medians over the presses from the fifth on, then over the runs):');
console.log();
console.log('| build | press → first row | of which: up the link | in the app (drawing, waiting for room) | write → first row on screen |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of lagRows) console.log(row);
