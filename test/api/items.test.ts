import { describe, expect, it } from 'vitest';
import { anyItemId, formatTimestamp, itemId, pageGroupView, pageView } from '../../src/api/items.js';

describe('itemId', () => {
  it('reads pageId for pages and pageGroupId, else id, for groups', () => {
    expect(itemId('page', { pageId: 'p1', id: 'x' })).toBe('p1');
    expect(itemId('pageGroup', { pageGroupId: 'g1', id: 'x' })).toBe('g1');
    expect(itemId('pageGroup', { id: 'g2' })).toBe('g2');
    expect(itemId('pageGroup', { pageGroupId: '', id: 'g3' })).toBe('g3');
  });
  it('accepts numbers and gives an empty string when missing', () => {
    expect(itemId('page', { pageId: 42 })).toBe('42');
    expect(itemId('page', {})).toBe('');
    expect(itemId('page', { pageId: { nested: 1 } })).toBe('');
    expect(itemId('pageGroup', { id: Number.NaN })).toBe('');
    expect(anyItemId({ id: 7 })).toBe('7');
  });
  it('ignores inherited properties', () => {
    expect(itemId('page', Object.create({ pageId: 'proto' }) as Record<string, unknown>)).toBe('');
  });
});

describe('pageGroupView', () => {
  it('reads every field', () => {
    const raw = {
      pageGroupId: 'g1',
      title: 'Spring',
      slug: 'spring',
      status: 'published',
      templateId: 't1',
      goal: 'leads',
      updatedAt: 'u',
      createdAt: 'c',
      extra: true,
    };
    expect(pageGroupView(raw)).toEqual({
      id: 'g1',
      title: 'Spring',
      slug: 'spring',
      status: 'published',
      statusKnown: true,
      templateId: 't1',
      goal: 'leads',
      updatedAt: 'u',
      createdAt: 'c',
    });
  });
  it('falls back to name, flags unknown statuses, and never gives undefined', () => {
    const v = pageGroupView({ id: 'g', name: 'Named', status: 'deleted' });
    expect(v.title).toBe('Named');
    expect(v.status).toBe('deleted');
    expect(v.statusKnown).toBe(false);
    const empty = pageGroupView({});
    for (const value of Object.values(empty)) expect(value).not.toBeUndefined();
    expect(empty.slug).toBe('');
    expect(empty.statusKnown).toBe(false);
  });
});

describe('pageView', () => {
  it('picks effectiveName, customName, computedName, then pageId', () => {
    expect(pageView({ pageId: 'p', effectiveName: 'E', customName: 'C', computedName: 'X' }).name).toBe('E');
    expect(pageView({ pageId: 'p', effectiveName: '', customName: 'C', computedName: 'X' }).name).toBe('C');
    expect(pageView({ pageId: 'p', effectiveName: 3, customName: '  ', computedName: 'X' }).name).toBe('X');
    expect(pageView({ pageId: 'p' }).name).toBe('p');
    expect(pageView({})).toEqual({ id: '', name: '', updatedAt: '', createdAt: '' });
  });
  it('returns raw strings, unsanitised', () => {
    expect(pageView({ pageId: 'p', effectiveName: 'a\u001b[2Jb' }).name).toBe('a\u001b[2Jb');
  });
});

describe('formatTimestamp', () => {
  it('shows ISO 8601 as local YYYY-MM-DD HH:mm', () => {
    const iso = '2024-03-05T14:07:09.123Z';
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    const expected = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    expect(formatTimestamp(iso)).toBe(expected);
    expect(formatTimestamp('2024-03-05T14:07:09+02:00')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
  it('shows unparseable values raw and missing ones empty', () => {
    expect(formatTimestamp('yesterday')).toBe('yesterday');
    expect(formatTimestamp('2024-13-45T99:99:00Z')).toBe('2024-13-45T99:99:00Z');
    expect(formatTimestamp(1700000000)).toBe('1700000000');
    expect(formatTimestamp({ a: 1 })).toBe('{"a":1}');
    expect(formatTimestamp(undefined)).toBe('');
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp('')).toBe('');
  });
});
