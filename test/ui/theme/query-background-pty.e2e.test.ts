/**
 * The background query in a real pty while the process is busy (the app loads its UI while the
 * terminal answers): a reply that arrived before the timeout ran out still counts, although Node
 * runs a due timer before it reads the input that is waiting.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtySession } from '../../../scripts/lib/pty-session.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pagetui-query-pty-'));
const program = join(dir, 'query.mjs');

/** Asks with a 20 ms timeout, then is busy for 150 ms, as while the UI's modules evaluate. */
const HARNESS = `
import { queryBackground } from './src/ui/theme/query-background.ts';
const asked = queryBackground({ stdin: process.stdin, stdout: process.stdout }, { capMs: 20 });
const busyUntil = Date.now() + 150;
while (Date.now() < busyUntil);
asked.then(({ color }) => { process.stdout.write('\\r\\nCOLOR ' + JSON.stringify(color ?? null) + '\\r\\n'); process.exit(0); });
`;

/** xterm answers DA1 itself; this terminal also answers OSC 11 (white), first, as terminals answer in order. */
class WhiteTerminal extends PtySession {
  protected override answer(reply: string): void {
    super.answer(reply.startsWith('\u001B[?') ? `\u001B]11;rgb:ffff/ffff/ffff\u0007${reply}` : reply);
  }
}

beforeAll(async () => {
  await build({
    absWorkingDir: root,
    stdin: { contents: HARNESS, resolveDir: root, loader: 'ts' },
    outfile: program,
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the background query in a real terminal', () => {
  it('takes the reply that came while the process was busy past the timeout', async () => {
    for (let run = 0; run < 3; run++) {
      const session = new WhiteTerminal([process.execPath, program]);
      try {
        const screen = await session.waitFor(/COLOR \S+/);
        expect(screen).toContain('COLOR {"r":1,"g":1,"b":1}');
      } finally {
        session.kill();
      }
    }
  });
});
