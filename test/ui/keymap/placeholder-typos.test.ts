/**
 * A placeholder mistyped in a command's argv is a problem at load, never run as its literal text;
 * braces that are plainly not a placeholder stay text, and `{{name}}` is the text `{name}`.
 */
import { describe, expect, it } from 'vitest';
import { fillArgv, placeholderProblem, type CommandTarget } from '../../../src/ui/keymap/placeholders.js';

const target: CommandTarget = { item: { pageId: 'p-7', effectiveName: 'Home' }, kind: 'pages', groupId: 'grp-1', baseUrl: 'https://x.example' };

describe('placeholderProblem', () => {
  it('says a mistyped placeholder with what to write, the placeholders there are and the escape', () => {
    const cases: Record<string, string> = {
      'https://x/p/{pageId': '"{pageId" has no closing brace: write {pageId}',
      'out/{pageid.json': '"{pageid" has no closing brace: write {pageId}',
      '{pageid}': '{pageid} is not a placeholder: write {pageId} (names are case-sensitive)',
      '{nosuch}': '{nosuch} is not a placeholder (',
      '{page_id}': '{page_id} is not a placeholder (',
      '{ pageId }': '"{ pageId }" has spaces inside its braces: write {pageId}',
      'p/pageId}': '"pageId}" has no opening brace: write {pageId}',
    };
    for (const [arg, said] of Object.entries(cases)) {
      const problem = placeholderProblem(['echo', arg], 'pages');
      expect(problem, arg).toContain(said);
      expect(problem, arg).toContain('the placeholders are {id}, {pageId}, {pageGroupId}, {baseUrl}');
      expect(problem, arg).toMatch(/\{\{\w+\}\} is the text \{\w+\}\)$/);
    }
  });

  it('takes braces that are plainly not a placeholder, and escaped ones, as text', () => {
    const text = ['{"a": 1}', '{}', '{{.Name}}', '{{ json . }}', '{1..3}', '{id: .id, name}', '{{pageid}}', '{{ pageId }}', 'a{b,c}'];
    expect(placeholderProblem(['echo', ...text], 'pages')).toBeUndefined();
    expect(fillArgv(['echo', ...text, '{{pageId}}={pageId}'], target)).toEqual(['echo', '{"a": 1}', '{}', '{{.Name}}', '{{ json . }}', '{1..3}', '{id: .id, name}', '{pageid}', '{{ pageId }}', 'a{b,c}', '{pageId}=p-7']);
  });

  it('an escaped placeholder has no value to lack: {{pageId}} is fine on the groups screen', () => {
    expect(placeholderProblem(['echo', '{{pageId}}'], 'groups')).toBeUndefined();
    expect(placeholderProblem(['echo', '{pageId}'], 'groups')).toBe('{pageId} has no value on the groups screen');
  });
});
