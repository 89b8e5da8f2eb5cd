/**
 * `e` and what follows it in the same read (typed fast, pasted): the rest is the export prompt's
 * text, as it is when typed a moment later, never keys for the list behind it, never lost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Exporter } from '../../../src/ui/services/export.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

function exporter(written: string[]): Exporter {
  return {
    display: (path) => path,
    exists: async () => false,
    write: async (path) => {
      written.push(path);
    },
  };
}

const promptText = (a: RenderedApp): string | undefined => {
  const input = a.store.getSnapshot().input;
  return input?.kind === 'export' ? input.text : undefined;
};

describe('the export prompt opened with text in the same read', () => {
  it('takes the text, as it does typed a moment later', async () => {
    const slow = (app = await renderApp({ columns: 100, rows: 20, exporter: exporter([]) }));
    await slow.waitFor('row 1');
    await slow.press('e');
    await slow.waitFor('Export');
    await slow.press('xs');
    await slow.waitFor('ndjsonxs');
    const typedLater = promptText(slow);
    await slow.cleanup();

    const a = (app = await renderApp({ columns: 100, rows: 20, exporter: exporter([]) }));
    await a.waitFor('row 1');
    await a.press('exs');
    await a.waitFor('Export');
    expect(promptText(a)).toBe(typedLater);
    await a.waitFor('ndjsonxs');
    // Not the list's keys: x and s did nothing there (s would sort).
    expect(a.store.getSnapshot().list.sort).toEqual(slow.store.getSnapshot().list.sort);
  });

  it('with a newline in it (pasted), writes to the path the prompt then holds', async () => {
    const written: string[] = [];
    const a = (app = await renderApp({ columns: 100, rows: 20, exporter: exporter(written) }));
    await a.waitFor('row 1');
    await a.press('e-2\r');
    await a.waitFor(/Wrote|Exported/);
    expect(written).toEqual(['./page-groups.ndjson-2']);
  });
});

describe('the export prompt while Tab loads the rest of a filtered list', () => {
  it('counts the rows it will write as they come, not those shown when it opened', async () => {
    const written: string[] = [];
    const a = (app = await renderApp({ columns: 120, rows: 20, exporter: exporter(written), server: { pages: 3000 } }));
    await a.waitFor('row 1');
    await a.press('\r');
    await a.waitFor(/grp-1-p1\b/);
    await a.press('/');
    await a.press('p12');
    await a.waitFor(/match/);
    await a.press('\r');
    await a.press('e');
    const opened = await a.waitFor(/Export [\d,]+ pages? \(filtered\)/);
    // Its hint row offers Tab while more of the list exists.
    expect(opened).toMatch(/Tab load all/);
    const before = Number(/Export ([\d,]+) pages?/.exec(opened)?.[1]?.replace(/,/g, ''));
    await a.press('\t');
    await a.waitFor(/all 3,000 loaded|3,000 match|of 3,000 match/, { timeout: 30_000 });
    const shown = a.store.getSnapshot().visible.items.length;
    expect(shown).toBeGreaterThan(before);
    const after = await a.waitFor(new RegExp(`Export ${shown.toLocaleString('en-US')} pages \\(filtered\\)`));
    expect(after).not.toMatch(/Tab load all/);
  });
});
