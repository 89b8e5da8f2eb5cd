import { describe, expect, it } from 'vitest';
import { ListUsageError, parseListArgs } from '../../src/cli/commands/list-args.js';

const usage = (kind: 'groups' | 'pages', argv: string[]): string => {
  try {
    parseListArgs(kind, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(ListUsageError);
    return (error as Error).message;
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`);
};

describe('parseListArgs', () => {
  it('has the documented defaults', () => {
    expect(parseListArgs('groups', [])).toEqual({ kind: 'groups', json: false, limit: 100, demo: false, allowInsecureHttp: false });
    expect(parseListArgs('pages', ['grp-1', '--json', '--limit', '7', '--max=12', '--base-url', 'https://h'])).toEqual({
      kind: 'pages',
      groupId: 'grp-1',
      json: true,
      format: 'ndjson',
      limit: 7,
      max: 12,
      demo: false,
      baseUrl: 'https://h',
      allowInsecureHttp: false,
    });
  });

  it.each(['0', '101', '1.5', 'x', '', '1e2', '+5', ' 5', '-5', '0x10'])('rejects --limit %j', (value) => {
    expect(usage('groups', ['--limit', value])).toMatch(/--limit must be a whole number from 1 to 100/);
  });

  it.each(['0', '-1', '2.5', 'many', '99999999999999999999'])('rejects --max %j', (value) => {
    expect(usage('pages', ['grp-1', '--max', value])).toMatch(/--max must be a whole number of at least 1/);
  });

  it('accepts the limits at both ends', () => {
    expect(parseListArgs('groups', ['--limit', '1']).limit).toBe(1);
    expect(parseListArgs('groups', ['--limit=100']).limit).toBe(100);
  });

  it('rejects unknown flags, missing values, a missing or extra id, and unsafe ids', () => {
    expect(usage('groups', ['--jsn'])).toMatch(/Unknown option '--jsn'.*pagetui groups --help/);
    expect(usage('groups', ['--limit'])).toMatch(/--limit/);
    expect(usage('pages', [])).toMatch(/missing the page group id/);
    expect(usage('pages', ['a', 'b'])).toMatch(/unexpected argument "b"/);
    expect(usage('groups', ['grp-1'])).toMatch(/unexpected argument "grp-1"/);
    expect(usage('pages', ['..'])).toMatch(/cannot be sent/);
    expect(usage('pages', ['', '--json'])).toMatch(/empty/);
    expect(usage('pages', ['grp-1', '--demo', '--base-url', 'https://h'])).toMatch(/--demo cannot be combined/);
  });

  it('keeps the error message to one line with control characters escaped', () => {
    const message = usage('groups', ['--limit', '\u001b[31m\u009b']);
    expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(message).toContain('\\u001b');
    expect(message).toContain('\\u009b');
  });
});
