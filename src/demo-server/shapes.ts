/**
 * The data shapes (`--shape`): every page computed on demand from (seed, group, n) as in data.ts,
 * so a 1,000,000-page group still costs the server nothing until a page is asked for.
 * - `demo`: the demo data (a customName on one page in ten, names from a few words, whole seconds).
 * - `custom`: every page has its own customName and computedName, unique per page; timestamps in ms.
 * - `long`: names of 150 to 250 code points in many scripts, wide and combining; a customName on
 *   every other page; timestamps in ms.
 * - `sparse`: the demo's pages with optional fields left out (only pageId is always there).
 * - `mixed`: each page one of the others, chosen by hash.
 */
import { between, demoPage, type DataShape, type GroupRecord, type PageItem } from './data.js';
import { longName } from './long-names.js';
import { CUSTOM_NAMES, PAGE_ADJECTIVES, PAGE_NOUNS } from './names.js';
import { choose, pick } from './random.js';

/** Page n (1-based) of a group, in the group's shape. */
export function pageAt(group: GroupRecord, n: number, seed: number): PageItem {
  const shape = group.shape === 'mixed' ? mixedShapeOf(group, n, seed) : group.shape;
  switch (shape) {
    case 'custom':
      return customPage(group, n, seed);
    case 'long':
      return longPage(group, n, seed);
    case 'sparse':
      return sparsePage(group, n, seed);
    default:
      return demoPage(group, n, seed);
  }
}

/** `mixed`: four pages in ten as the demo has them, two each custom, long and sparse. */
function mixedShapeOf(group: GroupRecord, n: number, seed: number): Exclude<DataShape, 'mixed'> {
  const roll = pick(10, seed, group.key, n, 30);
  if (roll < 4) return 'demo';
  if (roll < 6) return 'custom';
  if (roll < 8) return 'long';
  return 'sparse';
}

/** Timestamps with milliseconds, as many services send them. */
function msTimes(group: GroupRecord, n: number, seed: number): { createdAt: string; updatedAt: string } {
  const createdMs = between(group.createdMs, seed, group.key, n, 31);
  const updatedMs = between(createdMs, seed, group.key, n, 32);
  return { createdAt: new Date(createdMs).toISOString(), updatedAt: new Date(updatedMs).toISOString() };
}

/** A short token of letters and digits from the hash, so no two names share a tail. */
function token(seed: number, ...inputs: number[]): string {
  return pick(0x7fff_ffff, seed, ...inputs).toString(36);
}

function customPage(group: GroupRecord, n: number, seed: number): PageItem {
  const demo = demoPage(group, n, seed);
  const adjective = choose(PAGE_ADJECTIVES, seed, group.key, n, 33);
  const noun = choose(PAGE_NOUNS, seed, group.key, n, 34);
  const computedName = `${adjective} ${noun} ${group.key}.${n} ${token(seed, group.key, n, 35)}`;
  const customName = `${choose(CUSTOM_NAMES, seed, group.key, n, 36)} ${token(seed, group.key, n, 37)}-${n}`;
  return { ...demo, ...msTimes(group, n, seed), effectiveName: customName, customName, computedName };
}

function longPage(group: GroupRecord, n: number, seed: number): PageItem {
  const demo = demoPage(group, n, seed);
  const adjective = choose(PAGE_ADJECTIVES, seed, group.key, n, 38);
  const computedName = longName(`${adjective} ${group.key}.${n}`, seed, group.key, n, 39);
  const customName = n % 2 === 0 ? longName(`${token(seed, group.key, n, 40)} ${n}`, seed, group.key, n, 41) : '';
  return { ...demo, ...msTimes(group, n, seed), effectiveName: customName || computedName, customName, computedName };
}

/** Chance in 12 that each optional field is left out. */
const LEFT_OUT: Readonly<Record<Exclude<keyof PageItem, 'pageId'>, number>> = {
  pageGroupId: 3,
  tenantId: 6,
  createdAt: 3,
  updatedAt: 4,
  effectiveName: 3,
  customName: 9,
  computedName: 4,
};

function sparsePage(group: GroupRecord, n: number, seed: number): PageItem {
  const page: PageItem = { ...demoPage(group, n, seed) };
  let salt = 50;
  for (const [field, chance] of Object.entries(LEFT_OUT) as [keyof typeof LEFT_OUT, number][]) {
    if (pick(12, seed, group.key, n, salt++) < chance) delete page[field];
  }
  return page;
}
