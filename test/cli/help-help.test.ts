/** `pagetui help --help` and `pagetui help help` show the help command's own help (exit 0, as every other --help). */
import { describe, expect, it } from 'vitest';
import { parseCliArgs as parseArgs } from '../../src/cli/args.js';
import { helpText } from '../../src/cli/help.js';

describe('help of help', () => {
  it.for(['help --help', 'help -h', 'help help'])('pagetui %s shows how help is used', (line) => {
    const args = parseArgs(line.split(' '));
    expect(args.command).toBe('help');
    const topic = args.command === 'help' ? args.topic : undefined;
    const text = topic === undefined ? undefined : helpText(topic);
    expect(text).toContain('pagetui help [command]');
  });
});
