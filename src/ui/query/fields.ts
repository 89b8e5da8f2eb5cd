/**
 * The fields a query can name (`status:draft`, `updated<7d`, `pages>=100`), per list, and how each
 * is read from a raw item. Text fields match lowercased and sanitised, as the list shows them.
 */
import { fieldText, itemId, pageName } from '../../api/items.js';
import type { ListKind } from '../../api/pager/list-pager.js';
import type { RawItem } from '../../api/types.js';

export type FieldType = 'text' | 'date' | 'count';

export interface FieldDef {
  /** The name the docs and messages use. */
  readonly name: string;
  readonly type: FieldType;
  /** The raw value as text ('' when missing). */
  readonly read: (raw: RawItem) => string;
}

const raw = (key: string) => (item: RawItem) => fieldText(item, key);

const GROUP_FIELDS: readonly FieldDef[] = [
  { name: 'id', type: 'text', read: (item) => itemId('pageGroup', item) },
  { name: 'title', type: 'text', read: (item) => fieldText(item, 'title') || fieldText(item, 'name') },
  { name: 'slug', type: 'text', read: raw('slug') },
  { name: 'status', type: 'text', read: raw('status') },
  { name: 'template', type: 'text', read: raw('templateId') },
  { name: 'goal', type: 'text', read: raw('goal') },
  { name: 'tenant', type: 'text', read: raw('tenantId') },
  { name: 'pages', type: 'count', read: raw('pageCount') },
  { name: 'created', type: 'date', read: raw('createdAt') },
  { name: 'updated', type: 'date', read: raw('updatedAt') },
];

const PAGE_FIELDS: readonly FieldDef[] = [
  { name: 'id', type: 'text', read: (item) => itemId('page', item) },
  { name: 'name', type: 'text', read: pageName },
  { name: 'custom', type: 'text', read: raw('customName') },
  { name: 'computed', type: 'text', read: raw('computedName') },
  { name: 'group', type: 'text', read: raw('pageGroupId') },
  { name: 'tenant', type: 'text', read: raw('tenantId') },
  { name: 'created', type: 'date', read: raw('createdAt') },
  { name: 'updated', type: 'date', read: raw('updatedAt') },
];

/** Other names a field answers to: a group's title is its name, a page's name its title. */
const ALIASES: Readonly<Record<ListKind, Readonly<Record<string, string>>>> = {
  groups: { name: 'title', count: 'pages', template: 'template', templateid: 'template', tenantid: 'tenant', createdat: 'created', updatedat: 'updated', pagecount: 'pages' },
  pages: { title: 'name', customname: 'custom', computedname: 'computed', effectivename: 'name', pagegroupid: 'group', tenantid: 'tenant', createdat: 'created', updatedat: 'updated' },
};

const fieldsOf = (kind: ListKind): readonly FieldDef[] => (kind === 'groups' ? GROUP_FIELDS : PAGE_FIELDS);

/** The field `name` means on list `kind` (case-insensitive, aliases included). */
export function findField(kind: ListKind, name: string): FieldDef | undefined {
  const lower = name.toLowerCase();
  const canonical = ALIASES[kind][lower] ?? lower;
  return fieldsOf(kind).find((f) => f.name === canonical);
}

/** The field names of a list, for messages: 'id, title, slug, …'. */
export const fieldNames = (kind: ListKind): string => fieldsOf(kind).map((f) => f.name).join(', ');
