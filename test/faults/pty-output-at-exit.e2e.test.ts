/**
 * The pty harness itself: what a program writes just before it exits reaches the test. On Linux
 * the last output was lost when the pty's last slave descriptor closed first (node-pty issues #72,
 * #726), so a test that read "EXIT=1" and then `stty -a` after the app ended timed out, the lines
 * after the exit status never having come (scripts/lib/pty-session.mjs, keepOutputPastExit).
 */
import { describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';

/** 20 KB and a closing line, written as fast as the shell can, then the shell exits. */
const BURST = 'head -c 20000 /dev/zero | tr "\\0" x; echo; echo END-OF-SESSION';

describe('output written just before a program exits', () => {
  it('reaches the test in every one of 40 runs, 8 at a time', async () => {
    let lost = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 5; i++) {
          const sh = new PtyApp([], {}, { file: '/bin/sh', args: ['-c', BURST] });
          try {
            await sh.waitForExit();
            if (!sh.raw.includes('END-OF-SESSION')) lost++;
          } finally {
            sh.kill();
          }
        }
      }),
    );
    expect(lost).toBe(0);
  });

  it('still ends promptly when the test closes the terminal itself', async () => {
    const sh = new PtyApp([], {}, { file: '/bin/sh', args: ['-c', 'echo READY; exec sleep 30'] });
    try {
      await sh.waitFor('READY');
      const closedAt = performance.now();
      (sh.proc as typeof sh.proc & { destroy(): void }).destroy();
      await sh.waitForExit(5000);
      expect(performance.now() - closedAt).toBeLessThan(2000);
    } finally {
      sh.kill();
    }
  });
});
