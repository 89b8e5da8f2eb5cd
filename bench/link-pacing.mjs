#!/usr/bin/env node
// Frames over a thin link: PgDn held at 10/s for 3 s on grp-1 (`pagetui --demo`, 120x40) with a
// link of 64 kbit/s and 75 ms each way between the app's pty and its terminal (a headless xterm
// answering DA1 itself, scripts/lib/shaped-link.mjs). Prints how far behind the app's selection
// the screen was at release, how long it kept scrolling after, the bytes on the wire, and `j`
// key→screen locally and over the link, and where a frame's time goes while the key is held
// (bench/lib/frame-timeline.mjs). Not part of `npm test`; after a build:
//   node bench/link-pacing.mjs [--runs 3] [--compare <another build's pagetui.js>] [--held-only]
// With --compare the two builds take turns, run by run.
import { parseArgs } from 'node:util';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { median, sleep } from './lib/stats.mjs';
import { ShapedDirection } from '../scripts/lib/shaped-link.mjs';
import { FrameTimeline } from './lib/frame-timeline.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, compare: { type: 'string' }, 'held-only': { type: 'boolean' } } });
const RUNS = Number(values.runs);
const LINK = { kbit: 64, rttMs: 150 };
const PRESSES = 30;
const PRESS_EVERY_MS = 100;
const J_PRESSES = 20;
const PAGE_ID = /grp-1-p(\d+)\b/;

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
    if (!link) return;
    this.down = new ShapedDirection({
      kbit: link.kbit,
      delayMs: link.rttMs / 2,
      deliver: (data) => {
        this.timeline.arrived(data, performance.now());
        super.deliver(data);
      },
    });
    this.up = new ShapedDirection({
      kbit: link.kbit,
      delayMs: link.rttMs / 2,
      deliver: (data) => {
        this.timeline.reachedApp(data, performance.now());
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
    if (this.link) this.up.send(reply);
    else super.answer(reply);
  }
  write(keys) {
    if (this.link) this.up.send(keys);
    else super.write(keys);
  }
  drawn(data, at) {
    super.drawn(data, at);
    const first = firstListed(this);
    if (first !== this.shown) {
      this.shown = first;
      this.lastChangeAt = at;
      this.changes.push({ at, first });
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
      session.write('\u001b[6~');
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
      console.error('first row', session.changes.map((c) => `${rel(c.at)}:${c.first}`).join(' '));
      console.error('last row', session.lastChanges.map((c) => `${rel(c.at)}:${c.first}`).join(' '));
      console.error('writes', session.timeline.frames.filter((f) => f.sentAt >= pressedAt).map((f) => `${rel(f.sentAt)}+${f.bytes}→${f.answeredAt ? rel(f.answeredAt) : '?'}`).join(' '));
    }
    return {
      behind: arrived - Math.round((atRelease - start) / pageRows),
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
const builds = [...(values.compare ? [['before', values.compare]] : []), [values.compare ? 'after' : 'this build', BUNDLE]];
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
  rows.push(
    `| ${label} | ${m((h) => h.behind)} (${held.map((h) => h.behind).join(', ')}) | ${m((h) => h.behindLast)} (${held.map((h) => h.behindLast).join(', ')}) | ${Math.round(m((h) => h.catchUpMs))} ms | ${Math.round(m((h) => h.lastCatchUpMs))} ms | ${(m((h) => h.bytes) / 1000).toFixed(1)} KB | ${orDash(local, (v) => `${v.toFixed(1)} ms`)} | ${orDash(linked, (v) => ms(v))} |`,
  );
}
console.log('| build | pages behind at release: first row (each run) | last row, the selection (each run) | first row kept changing after release | last row | bytes on the wire | `j` key→screen, local | `j` key→screen, over the link |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log();
console.log('While PgDn is held (medians over the frames sent from the first press to the last, then over the runs):');
console.log();
console.log('| build | pages behind, each run | frames sent | frame | frame sent → first row on screen | → whole frame on screen | → its answer back at the app | answer → next frame sent | frame to frame |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of frameRows) console.log(row);
