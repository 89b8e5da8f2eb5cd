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

  // docs/columns.md: id (18) + title at its minimum (12) + count (6) + padding and gutter = 43 columns.
  it('keeps the PAGES column once the id, a 12-column title and the count fit (43 columns), and the id whole at 40', async () => {
    const app = new PtyApp(['--demo'], { cols: 43, rows: 10 });
    try {
      // The widths are measured over everything loaded: the long ids come on a later page.
      await app.waitFor('all 40 loaded');
      expect(app.screen()).toContain('PAGES');
      app.resize(40, 10);
      // The id stays whole and the title keeps its 12 columns; the page count is what goes.
      await app.waitFor((s) => !s.includes('PAGES') && s.includes('loaded'));
      expect(app.screen()).toContain('TITLE');
      expect(app.screen()).toContain(' fault-validation    Fault: validatio…');
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
