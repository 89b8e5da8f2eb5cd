/** The export's messages fitted to a width: paths shortened in their middle, the reason and a way out kept. */
import { describe, expect, it } from 'vitest';
import { exportedMessage, failedMessage, shortPath } from '../../../src/ui/store/prompts/export-message.js';
import { displayWidth } from '../../../src/text/index.js';

const lineOf = (m: { text: string; hint?: string }): string => (m.hint ? `${m.text} — ${m.hint}` : m.text);

describe('shortPath', () => {
  it('keeps a path that fits, whole', () => {
    expect(shortPath('./out.csv', 9)).toBe('./out.csv');
  });

  it('keeps the first folder, the last folders that fit and the whole file name, … between', () => {
    const short = shortPath('/home/someone/long/folder/reports/home.csv', 30);
    expect(displayWidth(short)).toBeLessThanOrEqual(30);
    expect(short).toMatch(/^\/home\/…\/.*reports\/home\.csv$/);
    expect(shortPath('/home/someone/long/folder/reports/home.csv', 13)).toBe('…/home.csv');
  });

  it('never cuts the end of a path: a long file name keeps its start and its extension', () => {
    const short = shortPath('/tmp/a-very-long-file-name-for-the-export.csv', 20);
    expect(displayWidth(short)).toBeLessThanOrEqual(20);
    expect(short).toMatch(/^…\/a-very.*….csv$/);
  });

  it('measures wide characters by their columns and sanitises control characters', () => {
    const short = shortPath('/データ/エクスポート/月次/報告書.csv', 16);
    expect(displayWidth(short)).toBeLessThanOrEqual(16);
    expect(short.endsWith('報告書.csv')).toBe(true);
    expect(shortPath('/tmp/x\u001b[2J/y.csv', 40)).not.toContain('\u001b');
  });
});

describe('failedMessage', () => {
  const folderGone = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });

  it('says all at a wide line', () => {
    expect(lineOf(failedMessage({ error: folderGone, path: './a/b.csv', defaultName: 'x.ndjson' }, 100))).toBe('Export to ./a/b.csv failed: the folder does not exist — press e to try another path');
  });

  it('fits every width from 30 to 160, the reason whole from 60 on', () => {
    const path = './a-rather-long-folder-name/that-does-not-exist/page-groups.csv';
    for (let width = 30; width <= 160; width++) {
      const line = lineOf(failedMessage({ error: folderGone, path, defaultName: 'x.ndjson' }, width));
      if (width >= 60) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      if (width >= 60) expect(line).toContain('the folder does not exist');
    }
  });

  it('a kernel file system is named, with a place of the user\'s own to try', () => {
    const error = Object.assign(new Error('ENOENT'), { code: 'ENOENT', fileSystem: 'proc', folderExists: true });
    expect(lineOf(failedMessage({ error, path: '/proc/foo.csv', defaultName: 'x.ndjson' }, 100))).toBe('Export to /proc/foo.csv failed: not a regular file system (proc) — press e and try ~/foo.csv');
  });

  it('a folder: the example file is named whole at every width from 60 to 160, or not at all', () => {
    const error = Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    for (let width = 60; width <= 160; width++) {
      const line = lineOf(failedMessage({ error, path: './exports-of-the-quarter/by-team', defaultName: 'page-groups.ndjson' }, width));
      expect(displayWidth(line)).toBeLessThanOrEqual(width);
      if (line.includes('e.g.')) expect(line).toMatch(/e\.g\. \S*\/page-groups\.ndjson$/);
    }
  });

  it('where the sentence does not fit, the scope goes, then the count: the file is never cut away', () => {
    // 40 columns less "Done: ": the screen-reader status row of a 40x10 terminal.
    const said = exportedMessage('11 page groups', './page-groups.ndjson', 34, ' (the filtered rows)').text;
    expect(said).toContain('./page-groups.ndjson');
    expect(displayWidth(said)).toBeLessThanOrEqual(34);
    expect(exportedMessage('11 page groups', './page-groups.ndjson', 48, ' (the filtered rows)').text).toBe('Exported 11 page groups to ./page-groups.ndjson');
    expect(exportedMessage('11 page groups', './page-groups.ndjson', 80, ' (the filtered rows)').text).toBe('Exported 11 page groups (the filtered rows) to ./page-groups.ndjson');
  });

  it('the success message keeps the end of the path at 40 columns', () => {
    expect(exportedMessage('40 page groups', '/home/someone/reports/home.csv', 38).text).toBe('Exported 40 page groups to …/home.csv');
  });
});
