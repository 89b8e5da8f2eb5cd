import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/args.js';

describe('--theme and --utf8', () => {
  it('takes auto, dark or light in any case', () => {
    expect(parseCliArgs(['--demo', '--theme', 'light'])).toMatchObject({ command: 'app', theme: 'light' });
    expect(parseCliArgs(['--theme=DARK', '--demo'])).toMatchObject({ theme: 'dark' });
    expect(parseCliArgs(['--demo'])).not.toHaveProperty('theme');
  });

  it('refuses another theme in one sentence', () => {
    expect(() => parseCliArgs(['--theme', 'sepia'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--theme', 'sepia'])).toThrow('--theme takes auto, dark or light, not "sepia".');
  });

  it('reads --utf8', () => {
    expect(parseCliArgs(['--demo', '--utf8'])).toMatchObject({ utf8: true });
    expect(parseCliArgs(['--demo'])).not.toHaveProperty('utf8');
  });
});
