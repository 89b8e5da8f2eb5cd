/**
 * Deterministic demo data. Page groups are built once (a few dozen); pages are computed on demand
 * from (seed, group, n), so a 100,000-page group costs nothing until a page of it is requested.
 */
import { HOSTILE_GROUP_TITLE } from './hostile.js';
import { choose, fraction, pick } from './random.js';
import {
  CUSTOM_NAMES,
  GOALS,
  GROUP_THEMES,
  INTERNATIONAL_CUSTOM_NAMES,
  INTERNATIONAL_GROUP_TITLE,
  INTERNATIONAL_NAMES,
  PAGE_ADJECTIVES,
  PAGE_NOUNS,
  slugify,
} from './names.js';

/** All timestamps lie in the year before this fixed instant (never Date.now()). */
const DATA_EPOCH_MS = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 24 * 3600 * 1000;

const TENANT_ID = 'tenant-demo';
export const STATUSES = ['draft', 'published', 'archived'] as const;

/**
 * What the ordinary groups' pages look like (`--shape`, docs/data-shapes.md): `demo` the original
 * data, the others what the contract also allows (see shapes.ts).
 */
export const DATA_SHAPES = ['demo', 'custom', 'long', 'sparse', 'mixed'] as const;
export type DataShape = (typeof DATA_SHAPES)[number];

/** How a group's pages request behaves. */
export type GroupKind =
  | 'ordinary'
  | 'fault-validation'
  | 'fault-rate-limit'
  | 'fault-bad-gateway'
  | 'fault-hostile-text';

export interface PageGroupItem {
  pageGroupId: string;
  tenantId: string;
  title: string;
  slug: string;
  /** One of STATUSES, except in the hostile-text fault group. */
  status: string;
  templateId: string;
  goal: string;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A page as served; only `pageId` is required by the contract (the `sparse` shape leaves the rest out). */
export interface PageItem {
  pageId: string;
  pageGroupId?: string;
  tenantId?: string;
  createdAt?: string;
  updatedAt?: string;
  effectiveName?: string;
  customName?: string;
  computedName?: string;
}

export interface GroupRecord {
  readonly item: PageGroupItem;
  readonly kind: GroupKind;
  /** Hash input identifying the group, so its pages differ from other groups' pages. */
  readonly key: number;
  readonly international: boolean;
  readonly createdMs: number;
  /** How its pages look; the fault groups are always `demo`. */
  readonly shape: DataShape;
}

export interface DataOptions {
  seed: number;
  pages: number;
  groups: number;
  faults: boolean;
  /** Default `demo`. */
  shape?: DataShape;
}

/** ISO 8601 to whole seconds, e.g. 2024-05-03T10:22:11Z. */
function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A time between `fromMs` and the data epoch, chosen by hash. */
export function between(fromMs: number, seed: number, ...inputs: number[]): number {
  return fromMs + Math.floor((DATA_EPOCH_MS - fromMs) * fraction(seed, ...inputs));
}

function makeGroup(
  seed: number,
  key: number,
  id: string,
  title: string,
  status: (typeof STATUSES)[number],
  pageCount: number,
  kind: GroupKind,
  international = false,
): GroupRecord {
  // Groups are created in the first half of the year so their pages have room after them.
  const createdMs = DATA_EPOCH_MS - YEAR_MS + Math.floor((YEAR_MS / 2) * fraction(seed, key, 1));
  const updatedMs = between(createdMs, seed, key, 2);
  const item: PageGroupItem = {
    pageGroupId: id,
    tenantId: TENANT_ID,
    title,
    slug: slugify(title) || id,
    status,
    templateId: `tpl-${String(pick(12, seed, key, 3) + 1).padStart(3, '0')}`,
    goal: choose(GOALS, seed, key, 4),
    pageCount,
    createdAt: iso(createdMs),
    updatedAt: iso(updatedMs),
  };
  return { item, kind, key, international, createdMs, shape: 'demo' };
}

/** The page groups in server order: ordinary groups, with the fault groups after grp-3. */
export function buildGroups(opts: DataOptions): GroupRecord[] {
  const { seed } = opts;
  const result: GroupRecord[] = [];
  // The first three differ so all three statuses are always present.
  const firstStatuses: (typeof STATUSES)[number][] = ['published', 'draft', 'archived'];
  for (let i = 1; i <= opts.groups; i++) {
    const id = `grp-${i}`;
    const status = firstStatuses[i - 1] ?? choose(STATUSES, seed, i, 5);
    if (i === 1) {
      result.push(makeGroup(seed, i, id, 'Evergreen Landing Pages', status, opts.pages, 'ordinary'));
    } else if (i === 2) {
      result.push(makeGroup(seed, i, id, 'Empty Drafts', status, 0, 'ordinary'));
    } else if (i === 3) {
      result.push(makeGroup(seed, i, id, INTERNATIONAL_GROUP_TITLE, status, 40, 'ordinary', true));
      if (opts.faults) result.push(...faultGroups(seed));
    } else {
      const title = `${choose(GROUP_THEMES, seed, i, 6)} ${i}`;
      result.push(makeGroup(seed, i, id, title, status, pick(251, seed, i, 7), 'ordinary'));
    }
  }
  // Fewer than three ordinary groups: the fault groups still exist when asked for.
  if (opts.faults && opts.groups < 3) result.push(...faultGroups(seed));
  const shape = opts.shape ?? 'demo';
  return shape === 'demo' ? result : result.map((g) => (g.kind === 'ordinary' ? { ...g, shape } : g));
}

function faultGroups(seed: number): GroupRecord[] {
  return [
    makeGroup(seed, 1_000_001, 'fault-validation', 'Fault: validation error', 'draft', 12, 'fault-validation'),
    makeGroup(seed, 1_000_002, 'fault-rate-limit', 'Fault: rate limited once', 'published', 30, 'fault-rate-limit'),
    makeGroup(seed, 1_000_003, 'fault-bad-gateway', 'Fault: bad gateway', 'archived', 8, 'fault-bad-gateway'),
    hostileGroup(seed),
  ];
}

function hostileGroup(seed: number): GroupRecord {
  const group = makeGroup(seed, 1_000_004, 'fault-hostile-text', HOSTILE_GROUP_TITLE, 'draft', 24, 'fault-hostile-text');
  group.item.status = 'scheduled';
  group.item.slug = 'fault-hostile-text';
  return group;
}

/** Page n (1-based) of a group as the `demo` shape has it, computed on demand. */
export function demoPage(group: GroupRecord, n: number, seed: number): Required<PageItem> {
  const key = group.key;
  const createdMs = between(group.createdMs, seed, key, n, 10);
  const updatedMs = between(createdMs, seed, key, n, 11);
  let computedName: string;
  let customName = '';
  if (group.international) {
    const base = INTERNATIONAL_NAMES[(n - 1) % INTERNATIONAL_NAMES.length] ?? '';
    computedName = n <= INTERNATIONAL_NAMES.length ? base : `${base} ${n}`;
    if (n % 4 === 0) customName = choose(INTERNATIONAL_CUSTOM_NAMES, seed, key, n, 12);
  } else {
    const adjective = choose(PAGE_ADJECTIVES, seed, key, n, 13);
    const noun = choose(PAGE_NOUNS, seed, key, n, 14);
    computedName = `${adjective} ${noun} ${n}`;
    if (pick(10, seed, key, n, 15) === 0) customName = choose(CUSTOM_NAMES, seed, key, n, 16);
  }
  return {
    pageId: `${group.item.pageGroupId}-p${n}`,
    pageGroupId: group.item.pageGroupId,
    tenantId: TENANT_ID,
    createdAt: iso(createdMs),
    updatedAt: iso(updatedMs),
    effectiveName: customName || computedName,
    customName,
    computedName,
  };
}
