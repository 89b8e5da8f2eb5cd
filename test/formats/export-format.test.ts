import { describe, expect, it } from 'vitest';
import { formatAll, formatForPath, formatWriter } from '../../src/formats/export-format.js';
import { parseCsv } from '../helpers/rfc4180.js';

/** Values a hostile server could send, each to land in a cell. */
const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+2',
  '-2+3',
  '@SUM(A1)',
  '\tleading tab',
  '\rleading CR',
  'a,b',
  'say "hi"',
  'two\nlines',
  'crlf\r\ninside',
  'esc \u001b[31m red',
  'csi \u009b2J',
  'bidi \u202e txt',
  'back\\slash',
  '',
];

const pages = HOSTILE.map((name, i) => ({ pageId: `p${i}`, effectiveName: name, pageGroupId: 'g', extraField: 'not a column' }));

/** What a spreadsheet would take as a formula: a cell starting with one of OWASP's characters. */
const FORMULA = /^[=+\-@\t\r]/;

describe('CSV', () => {
  const text = formatAll('csv', 'pages', pages);
  const records = parseCsv(text);

  it('is RFC 4180: a header of the contract fields, CRLF lines, every record the same width', () => {
    expect(records[0]).toEqual(['pageId', 'pageGroupId', 'tenantId', 'createdAt', 'updatedAt', 'effectiveName', 'customName', 'computedName']);
    expect(records).toHaveLength(HOSTILE.length + 1);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('guards every cell that would start a formula with a single quote, and keeps the value after it', () => {
    for (const record of records) for (const cell of record) expect(FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
    const names = records.slice(1).map((r) => r[5]);
    expect(names.slice(0, 6)).toEqual(["'=HYPERLINK(\"http://evil.example\",\"click\")", "'+1+2", "'-2+3", "'@SUM(A1)", "'\tleading tab", "'\rleading CR"]);
    expect(names.slice(6, 10)).toEqual(['a,b', 'say "hi"', 'two\nlines', 'crlf\r\ninside']);
  });

  it('escapes control and bidi characters as the JSON files do: none is raw in the file', () => {
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/);
    const names = records.slice(1).map((r) => r[5]);
    expect(names.slice(10, 14)).toEqual(['esc \\u001b[31m red', 'csi \\u009b2J', 'bidi \\u202e txt', 'back\\slash']);
  });

  it('writes absent fields as empty cells and objects as JSON', () => {
    const [, row] = parseCsv(formatAll('csv', 'groups', [{ pageGroupId: 'g1', pageCount: 3, goal: { a: [1] }, title: null }]));
    expect(row).toEqual(['g1', '', '', '', '', '', '{"a":[1]}', '3', '', '']);
  });
});

describe('TSV', () => {
  const text = formatAll('tsv', 'pages', pages);
  const rows = text.split('\n').slice(0, -1).map((line) => line.split('\t'));

  it('has one line per item, the same number of tabs on each: tabs, newlines and backslashes in values are escaped', () => {
    expect(rows).toHaveLength(HOSTILE.length + 1);
    for (const row of rows) expect(row).toHaveLength(8);
    const names = rows.slice(1).map((r) => r[5]);
    expect(names).toContain("'\\tleading tab");
    expect(names).toContain('two\\nlines');
    expect(names).toContain('crlf\\r\\ninside');
    expect(names).toContain('back\\\\slash');
    for (const row of rows) for (const cell of row) expect(FORMULA.test(cell)).toBe(false);
  });
});

describe('JSON', () => {
  it('is one array, written batch by batch, that parses back to the items', () => {
    const w = formatWriter('json', 'pages');
    const text = w.start() + w.rows(pages.slice(0, 3)) + w.rows([]) + w.rows(pages.slice(3)) + w.end();
    expect(JSON.parse(text)).toEqual(pages);
    expect(text).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
  });

  it('is [] for no items', () => {
    expect(JSON.parse(formatAll('json', 'groups', []))).toEqual([]);
  });
});

describe('the format a file name asks for', () => {
  it('follows the extension, NDJSON otherwise', () => {
    expect(['a.csv', './x/B.TSV', 'c.json', 'd.ndjson', 'e.txt', 'noext', 'f.csv '].map(formatForPath)).toEqual(['csv', 'tsv', 'json', 'ndjson', 'ndjson', 'ndjson', 'csv']);
  });
});
