/** The filter prompt's hint row offers Tab only while there is something to load; Esc always clears the filter. */
import { expect, it } from 'vitest';
import type { PagerSnapshot } from '../../../src/api/types.js';
import { footerHint } from '../../../src/ui/keys/index.js';
import { withheldCommands } from '../../../src/ui/store/status.js';
import { groupsOf } from '../store/helpers.js';

const snap = (hasMore: boolean): PagerSnapshot => ({ items: groupsOf(40), state: hasMore ? 'idle' : 'done', hasMore, warnings: [], pagesFetched: 1, loadingAll: false, version: 1 });

it('with the whole list loaded: no Tab, and Esc clears the filter', () => {
  const hint = footerHint('filter', 120, [], withheldCommands(snap(false)));
  expect(hint).not.toContain('Tab');
  expect(hint).not.toContain('stop loading');
  expect(hint).toContain('Esc clear the filter');
});

it('with more to load: Tab loads the rest; Esc still clears the filter, as the prompt line says', () => {
  const hint = footerHint('filter', 120, [], withheldCommands(snap(true)));
  expect(hint).toContain('Tab load the rest');
  expect(hint).toContain('Esc clear the filter');
});

it('other prompts keep their own words for Esc', () => {
  expect(footerHint('export', 120, [], withheldCommands(snap(false)))).toContain('Esc cancel');
});

it('while G or Tab already loads the rest: no Tab offered (it would load nothing more)', () => {
  const loading: PagerSnapshot = { ...snap(true), state: 'loading', loadingAll: true };
  const hint = footerHint('filter', 120, [], withheldCommands(loading));
  expect(hint).not.toContain('Tab');
  expect(hint).toContain('Esc clear the filter');
});
