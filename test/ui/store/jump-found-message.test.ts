/** What `:` says where it found a page, at every width the status row may have. */
import { describe, expect, it } from 'vitest';
import { foundMessage } from '../../../src/ui/store/prompts/jump-messages.js';
import { displayWidth } from '../../../src/text/width.js';

const page = { id: 'grp-1-p500', name: 'Hero signup form 500', customName: 'Hero signup form 500' };

describe('the message of a page found', () => {
  it('says the filter that hid the page was cleared, shorter where the row is narrow', () => {
    const said = foundMessage('grp-1-p500', page, 500, 'signup');
    expect(said.text).toBe('Hero signup form 500, row 500 (grp-1-p500). Filter "signup" cleared: it hid the page.');
    const at = (width: number): string => said.fitted?.(width).text ?? said.text;
    expect(at(90)).toBe(said.text);
    expect(at(60)).toBe('Hero signup form 500, row 500 (grp-1-p500). Filter cleared.');
    // Narrower, the id goes first (the selected row shows it), then the name is cut.
    expect(at(48)).toBe('Hero signup form 500, row 500. Filter cleared.');
    expect(at(36)).toMatch(/^Hero sig.*…, row 500\. Filter cleared\.$/);
    for (const width of [90, 60, 48, 36]) expect(displayWidth(at(width))).toBeLessThanOrEqual(width);
  });

  it("a long name is cut before the filter's query goes", () => {
    const long = { ...page, name: 'x'.repeat(150), customName: 'x'.repeat(150) };
    const said = foundMessage('grp-1-p500', long, 500, 'signup');
    const at120 = said.fitted?.(120).text ?? said.text;
    expect(at120).toMatch(/^x+…, row 500 \(grp-1-p500\)\. Filter "signup" cleared: it hid the page\.$/);
    expect(displayWidth(at120)).toBeLessThanOrEqual(120);
  });

  it('a phrase query, already in quotes, is not quoted again', () => {
    expect(foundMessage('grp-1-p500', page, 500, '"北京 产品"').text).toContain('Filter "北京 产品" cleared');
  });

  it('a long query is cut in the message', () => {
    const said = foundMessage('grp-1-p500', page, 500, 'a'.repeat(60));
    expect(said.text).toMatch(/Filter "a{15}…" cleared/);
  });

  it('a query holding control or escape characters is said without them reaching the terminal', () => {
    const said = foundMessage('grp-1-p500', page, 500, 'a\u001b[2Jb\u0007');
    expect(said.text).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(said.text).toContain('Filter "a');
  });

  it('without a filter cleared, the message is as before', () => {
    expect(foundMessage('grp-1-p500', page, 500).text).toBe('Hero signup form 500, row 500 (grp-1-p500).');
    expect(foundMessage('grp-1-p500', undefined, 500).text).toBe('Page "grp-1-p500", row 500.');
    expect(foundMessage('grp-1-p500', undefined, 500, 'x').text).toBe('Page "grp-1-p500", row 500. Filter "x" cleared: it hid the page.');
  });
});
