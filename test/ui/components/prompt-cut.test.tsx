/**
 * A prompt's line cut to a narrow terminal ends in "…" (its placeholder or its keys), so the cut is
 * seen and heard, in the usual mode and in the screen-reader mode.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { PresentationContext, USUAL } from '../../../src/ui/presentation/presentation.js';
import { FilterBar } from '../../../src/ui/screens/FilterBar.js';
import { JumpPrompt } from '../../../src/ui/screens/JumpPrompt.js';
import { ViewNamePrompt } from '../../../src/ui/screens/ViewNamePrompt.js';

const noop = (): void => {};
const modes = [
  ['usual', USUAL],
  ['screen-reader', { screenReader: true, reduceMotion: true }],
] as const;

describe.each(modes)('prompts cut at 40 columns (%s mode)', (_name, presentation) => {
  const line = (element: React.JSX.Element): string => {
    const r = render(<PresentationContext.Provider value={presentation}>{element}</PresentationContext.Provider>);
    const text = stripVTControlCharacters(r.lastFrame() ?? '').trimEnd();
    r.unmount();
    return text;
  };

  it('the filter prompt ends its cut placeholder in "…"', () => {
    for (const width of [30, 40, 50]) {
      const text = line(<FilterBar width={width} query="" onChange={noop} onSubmit={noop} history={[]} />);
      expect(text, `at ${width}`).toMatch(/^\/ type to filter .*…$/);
      expect(text.length).toBeLessThanOrEqual(width);
    }
  });

  it('the jump and view-name prompts end their cut keys in "…"', () => {
    expect(line(<JumpPrompt width={40} kind="groups" text="" onChange={noop} onSubmit={noop} history={[]} />)).toMatch(/…$/);
    expect(line(<ViewNamePrompt width={40} text="" onChange={noop} onSubmit={noop} />)).toMatch(/…$/);
  });
});
