/** One reading of command lines (src/flags), for the app, the commands and the demo server alike. */
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/flags/parse-flags.js';

const OPTIONS = { limit: { type: 'string' }, json: { type: 'boolean' } } as const;
const problem = (argv: string[]): string => {
  try {
    parseFlags(argv, OPTIONS, (sentence) => new Error(sentence));
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('parseFlags', () => {
  it('says what is wrong in one sentence, without Node hints', () => {
    expect(problem(['--jsn'])).toBe("Unknown option '--jsn'");
    expect(problem(['--limit'])).toBe('--limit needs a value');
    expect(problem(['--json=yes'])).toBe('--json takes no value');
  });

  it('never echoes an option that may be a key', () => {
    expect(problem(['--sk_LIVE_abc123'])).toBe('An option is not known');
  });

  it('takes a negative number after an option as its value, for the command to refuse', () => {
    expect(parseFlags(['--limit', '-5', 'rest'], OPTIONS, (s) => new Error(s))).toMatchObject({ values: { limit: '-5' }, positionals: ['rest'] });
    expect(parseFlags(['--', '--limit', '-5'], OPTIONS, (s) => new Error(s)).positionals).toEqual(['--limit', '-5']);
  });
});
