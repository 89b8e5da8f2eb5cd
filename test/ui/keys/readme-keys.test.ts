/**
 * The README's key table and exit codes, and docs/keys.md, are what `npm run docs` writes from the
 * code (src/ui/keys/bindings.ts, src/cli/commands/exit-codes.ts): a key or an exit code changed in
 * the code and not in the documents fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSection } from '../../../scripts/lib/doc-sections.mjs';
import { exitCodesMarkdown } from '../../../src/cli/commands/exit-codes.js';
import { BINDINGS } from '../../../src/ui/keys/index.js';
import { keysDocument, readmeKeysMarkdown } from '../../../src/ui/keys/keys-markdown.js';

const root = join(import.meta.dirname, '../../..');
const README = readFileSync(join(root, 'README.md'), 'utf8');
const KEYS_DOC = readFileSync(join(root, 'docs/keys.md'), 'utf8');
const STALE = 'out of date with the code: run npm run docs';

describe('the documents written from the key table and the exit codes', () => {
  it("README's keys and exit codes are current", () => {
    const wanted = withSection(withSection(README, 'keys', readmeKeysMarkdown()), 'exit-codes', exitCodesMarkdown());
    expect(README === wanted, `README.md is ${STALE}`).toBe(true);
  });

  it('docs/keys.md is current', () => {
    expect(KEYS_DOC === keysDocument(), `docs/keys.md is ${STALE}`).toBe(true);
  });

  it('docs/keys.md names every key of every binding', () => {
    const missing = BINDINGS.flatMap((b) => b.label.split(' / ')).filter((label) => !KEYS_DOC.includes(`\`${label.replace(/\|/g, '\\|')}\``));
    expect(missing).toEqual([]);
  });

  it("the README's table holds the list keys a user needs first", () => {
    for (const key of ['`j`', '`G`', '`/`', '`r`', '`?`', '`q`']) expect(README).toContain(key);
  });
});
