/**
 * Field readers for list items, shared by the UI and scripts. They never return `undefined`:
 * a missing or unusable field reads as `''`. Strings are returned raw (not sanitised).
 */
import type { RawItem } from './types.js';

export type ItemKind = 'page' | 'pageGroup';

/** The publication states the spec names. */
const KNOWN_STATUSES: readonly string[] = ['draft', 'published', 'archived'];

/** Whether `status` is one the spec names. */
export const isKnownStatus = (status: string): boolean => KNOWN_STATUSES.includes(status);

export interface PageGroupView {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly status: string;
  /** False when `status` is not one of draft/published/archived (shown as-is, flagged). */
  readonly statusKnown: boolean;
  readonly templateId: string;
  readonly goal: string;
  readonly updatedAt: string;
  readonly createdAt: string;
}

export interface PageView {
  readonly id: string;
  readonly name: string;
  readonly updatedAt: string;
  readonly createdAt: string;
}

/** A string field, or a finite number/boolean turned into one; anything else is `''`. */
export function fieldText(raw: RawItem, key: string): string {
  const v = Object.prototype.hasOwnProperty.call(raw, key) ? raw[key] : undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return String(v);
  return '';
}

/** The item's id: pages use `pageId`; page groups `pageGroupId`, else `id`. Missing → `''`. */
export function itemId(kind: ItemKind, raw: RawItem): string {
  if (kind === 'page') return idText(raw, 'pageId');
  return idText(raw, 'pageGroupId') || idText(raw, 'id');
}

/** Id of an item of unknown kind: `pageId`, then `pageGroupId`, then `id`. */
export function anyItemId(raw: RawItem): string {
  return idText(raw, 'pageId') || idText(raw, 'pageGroupId') || idText(raw, 'id');
}

function idText(raw: RawItem, key: string): string {
  const v = Object.prototype.hasOwnProperty.call(raw, key) ? raw[key] : undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The fields the page group list shows. */
export function pageGroupView(raw: RawItem): PageGroupView {
  const status = fieldText(raw, 'status');
  return {
    id: itemId('pageGroup', raw),
    title: fieldText(raw, 'title') || fieldText(raw, 'name'),
    slug: fieldText(raw, 'slug'),
    status,
    statusKnown: KNOWN_STATUSES.includes(status),
    templateId: fieldText(raw, 'templateId'),
    goal: fieldText(raw, 'goal'),
    updatedAt: fieldText(raw, 'updatedAt'),
    createdAt: fieldText(raw, 'createdAt'),
  };
}

/** The fields the page list shows. */
export function pageView(raw: RawItem): PageView {
  return {
    id: itemId('page', raw),
    name: pageName(raw),
    updatedAt: fieldText(raw, 'updatedAt'),
    createdAt: fieldText(raw, 'createdAt'),
  };
}

const NAME_KEYS: Readonly<Record<ItemKind, readonly string[]>> = { page: ['effectiveName', 'customName', 'computedName'], pageGroup: ['title', 'name'] };

/** The field an item's name is read from (as `pageName` and the group's title read it); undefined when it has none. */
export function nameKey(kind: ItemKind, raw: RawItem): string | undefined {
  // A loop, not find(): this runs for every item `G` loads (the name column's width).
  for (const key of NAME_KEYS[kind]) {
    const v = Object.prototype.hasOwnProperty.call(raw, key) ? raw[key] : undefined;
    if (typeof v === 'string' && v.trim() !== '') return key;
  }
  return undefined;
}

/** effectiveName, else customName, else computedName, else pageId (blank or non-string skipped). */
export function pageName(raw: RawItem): string {
  const key = nameKey('page', raw);
  return key === undefined ? itemId('page', raw) : (raw[key] as string);
}

// Date and time with at least hours and minutes; an offset or Z is optional.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * ISO 8601 date-time → local time `YYYY-MM-DD HH:mm`. Anything else is returned as text
 * unchanged (shown raw); a missing value is `''`.
 */
export function formatTimestamp(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    try {
      return JSON.stringify(value) ?? '';
    } catch {
      return '';
    }
  }
  const s = value.trim();
  if (!ISO_DATE_TIME.test(s)) return value;
  const t = Date.parse(s.replace(' ', 'T'));
  if (!Number.isFinite(t)) return value;
  const d = new Date(t);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
