/**
 * On a terminal that is not UTF-8 (LANG=C) the arrow keys are named by words (`Down`, `Up`), never
 * `v` and `^`: those are real keys (`v` opens the saved views). Help, footers and prompt hints.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setAsciiOnly } from '../../../src/text/charset.js';
import { footerHint, helpSections } from '../../../src/ui/keys/help.js';

afterEach(() => setAsciiOnly(false));

describe('arrow keys under an ASCII-only terminal', () => {
  it('help names them Down / Up, not v / ^', () => {
    setAsciiOnly(true);
    const labels = helpSections().flatMap((s) => s.rows.map((r) => r.label));
    expect(labels).toContain('j / Down');
    expect(labels).toContain('k / Up');
    expect(labels.join('\n')).not.toMatch(/[↑↓←→]/);
  });

  it("the filter prompt's footer names Down, not v", () => {
    setAsciiOnly(true);
    const text = footerHint('filter', 300);
    expect(text).toContain('Down move down');
    expect(text).not.toMatch(/[↑↓]/);
  });
});
