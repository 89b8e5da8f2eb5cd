/**
 * The schema's rule for a view's name (propertyNames of "views") refuses exactly the characters
 * the app refuses wherever they stand; a joiner, selector or skin tone is the app's alone to judge
 * (it depends on the emoji around it).
 */
import { describe, expect, it } from 'vitest';
import { MAX_VIEW_NAME, NEVER_IN_VIEW_NAME, viewNameProblem } from '../../src/auth/config-views.js';

const never = new RegExp(`^[^${NEVER_IN_VIEW_NAME}]*$`, 'u');
const IN_CONTEXT = new Set([0x200d, 0xfe0e, 0xfe0f]);

describe('the view-name pattern of the config schema', () => {
  it('agrees with viewNameProblem on every character of the basic plane', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (IN_CONTEXT.has(code)) continue;
      const name = `a${String.fromCharCode(code)}b`;
      if (never.test(name) !== (viewNameProblem(name) === undefined)) disagreements.push(`U+${code.toString(16).padStart(4, '0')}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('counts characters as the schema does: an emoji is one', () => {
    expect(viewNameProblem('🚀'.repeat(MAX_VIEW_NAME))).toBeUndefined();
    expect(viewNameProblem('🚀'.repeat(MAX_VIEW_NAME + 1))).toMatch(/at most 40 characters/);
  });
});
