/**
 * A small terminal still says how to quit and get help, keeps the page count with the id, and
 * the footer offers `r` only where a retry can help.
 */
import { describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';

const footerOf = (app: PtyApp): string => app.lines().filter((l) => l.trim() !== '').at(-1) ?? '';

describe('a narrow terminal with the demo (fault groups, ids up to 18 columns)', () => {
  for (const [cols, rows] of [[40, 10], [60, 20]] as const) {
    it(`keeps q quit and ? help in the footer at ${cols}x${rows}`, async () => {
      const app = new PtyApp(['--demo'], { cols, rows });
      try {
        await app.waitFor((s) => s.includes('loaded'));
        await app.waitFor(() => footerOf(app).includes('q quit'));
        expect(footerOf(app)).toContain('? help');
      } finally {
        app.kill();
      }
    });
  }

  it('keeps the PAGES column at 40x10 (the title shrinks first)', async () => {
    const app = new PtyApp(['--demo'], { cols: 40, rows: 10 });
    try {
      await app.waitFor((s) => s.includes('fault-validation'));
      expect(app.screen()).toContain('PAGES');
    } finally {
      app.kill();
    }
  });

  it('does not offer r where a retry would fail the same way', async () => {
    const app = new PtyApp(['--demo'], { cols: 140, rows: 30 });
    try {
      await app.waitFor((s) => s.includes('fault-validation'));
      await app.waitFor(() => footerOf(app).includes('r refresh'));
      const row = app.rowOf('fault-validation');
      const first = app.rowOf('grp-1 ');
      app.write('j'.repeat(row - first));
      app.write('\r');
      await app.waitFor('would fail the same way');
      await app.waitFor(() => footerOf(app).includes('q quit'));
      expect(footerOf(app)).not.toContain('r refresh');
    } finally {
      app.kill();
    }
  });
});
