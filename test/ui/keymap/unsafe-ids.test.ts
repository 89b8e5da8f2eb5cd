/** Ids a path or address would not take as one segment are refused before a command is filled. */
import { describe, expect, it } from 'vitest';
import { fillArgv, unsafeIdProblem, type CommandTarget } from '../../../src/ui/keymap/placeholders.js';

const page = (pageId: string, groupId = 'grp-1'): CommandTarget => ({ item: { pageId, effectiveName: 'a/b ../c' }, kind: 'pages', groupId, baseUrl: 'https://x.example/api' });

describe('unsafeIdProblem', () => {
  it('names the id and its separator, for each id placeholder', () => {
    expect(unsafeIdProblem(['open', 'out/{pageId}'], page('../x'))).toBe('the page id "../x" holds "/", which a path or address would take as a separator');
    expect(unsafeIdProblem(['x', '{id}'], page('a\\b'))).toMatch(/^the page id "a\\\\b" holds "\\"/);
    expect(unsafeIdProblem(['x', '{pageGroupId}'], page('p-1', 'g/1'))).toMatch(/^the page group id "g\/1" holds "\/"/);
    expect(unsafeIdProblem(['x', 'dir/{pageId}'], page('..'))).toBe('the page id ".." would name a folder of a path, not an item');
    expect(unsafeIdProblem(['x', '{pageId}'], page('.'))).toMatch(/would name a folder/);
  });

  it('judges the value the command would get: after control and invisible characters are taken out, and as an address would decode it', () => {
    for (const id of ['.\u0001.', '\u0007..', '..\u001b', '\u200b..', '\u202e..']) {
      expect(unsafeIdProblem(['open', 'https://example.com/p/{pageId}/edit'], page(id)), JSON.stringify(id)).toMatch(/would name a folder/);
    }
    expect(unsafeIdProblem(['open', 'https://example.com/p/{pageId}/edit'], page('%2e%2e'))).toMatch(/would name a folder/);
    expect(unsafeIdProblem(['x', '{pageId}'], page('a%2Fb'))).toMatch(/holds "\/"/);
    expect(unsafeIdProblem(['x', '{pageId}'], page('a/\u0001b'))).toMatch(/holds "\/"/);
    expect(unsafeIdProblem(['x', '{pageId}'], page('100%'))).toBeUndefined(); // not an escape: left as it is
  });

  it('lets plain ids, ids not used, text placeholders and {baseUrl} through', () => {
    expect(unsafeIdProblem(['x', '{pageId}', '{baseUrl}', '{name}'], page('p-1..2'))).toBeUndefined();
    expect(unsafeIdProblem(['x', '{name}'], page('../x'))).toBeUndefined();
    expect(fillArgv(['x', '{name}'], page('p-1'))).toEqual(['x', 'a/b ../c']);
  });
});
