/**
 * Table rows for the memory figures: the 1,000,000-page session (`npm run bench:million`) and what
 * the HTTP inspector's exchange log costs while the inspector is closed (`npm run bench`).
 */
import { median } from './stats.mjs';

const ms = (n) => `${Math.round(n)} ms`;
const ms1 = (n) => `${n.toFixed(1)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const pick = (list, key) => median(list.map((s) => s[key]));
const keys = (list) => `${ms1(pick(list, 'lastByteP50'))} / ${ms1(pick(list, 'lastByteP99'))}`;

/** Rows of the 1,000,000-page bench from its browse sessions and bare loops. */
export function millionRows({ sessions, bare, PAGES, LIMIT, presses }) {
  const gotoEnd = pick(sessions, 'gotoEndMs');
  const bareMs = pick(bare, 'ms');
  const expected = Math.ceil(PAGES / LIMIT);
  const requests = sessions.map((s) => s.requests);
  const runs = String(sessions.length);
  const count = PAGES.toLocaleString('en-US');
  return [
    {
      figure: `RSS with ${count} pages loaded (G to the end)`,
      value: mb(pick(sessions, 'rssKb')),
      goal: '≤ 350 MB',
      floor: `${mb(pick(sessions, 'idleRssKb'))} (the app idle on the group list, same run)`,
      runs,
      met: pick(sessions, 'rssKb') <= 350 * 1024,
    },
    {
      figure: `keystroke (j/k) → frame, last byte p50 / p99, ${count} loaded`,
      value: keys(sessions),
      goal: 'p99 ≤ 25 ms',
      floor: '—',
      runs: presses,
      met: pick(sessions, 'lastByteP99') <= 25,
    },
    {
      figure: `filter keystroke → first frame p50 / p99 (plain words and queries; scan done p99 after it), ${count} loaded`,
      value: `${ms1(pick(sessions, 'filterP50'))} / ${ms1(pick(sessions, 'filterP99'))} (done ${ms1(pick(sessions, 'filterDoneP99'))})`,
      goal: '— (reported)',
      floor: '—',
      runs: presses,
      met: undefined,
    },
    {
      figure: `G to the end of ${count} pages, limit ${LIMIT}`,
      value: `${requests.join('/')} req, ${ms(gotoEnd)} (${(gotoEnd / bareMs).toFixed(2)}x)`,
      goal: `${expected} req, ≤ 1.3x floor`,
      floor: `${ms(bareMs)} (bare undici loop asking for compression and decoding, as the app)`,
      runs,
      met: requests.every((r) => r === expected) && gotoEnd <= 1.3 * bareMs,
    },
  ];
}

/** The inspector closed: the same sessions with the exchange log on (the default) and off, interleaved. */
export function inspectorRows({ big, bigLogOff, BIG, presses }) {
  const count = BIG.toLocaleString('en-US');
  const on = pick(big, 'rssKb');
  const off = pick(bigLogOff, 'rssKb');
  return [
    {
      figure: `the inspector costs nothing when closed: RSS, ${count} loaded, log on / off`,
      value: `${mb(on)} / ${mb(off)} (${on >= off ? '+' : '−'}${mb(Math.abs(on - off))})`,
      goal: 'on ≤ off + 5 MB',
      floor: 'off: PAGETUI_EXCHANGE_LOG=off',
      runs: String(big.length),
      met: on <= off + 5 * 1024,
    },
    {
      figure: `the inspector closed: keystroke last byte p50 / p99, ${count} loaded, log on / off`,
      value: `${keys(big)} / ${keys(bigLogOff)}`,
      goal: 'on p99 ≤ off p99 + 2 ms',
      floor: 'as above',
      runs: presses,
      met: pick(big, 'lastByteP99') <= pick(bigLogOff, 'lastByteP99') + 2,
    },
  ];
}
