/**
 * The text-only first frame (drawn before ink is loaded) must show exactly what ink draws for the
 * same state, cell for cell (characters, colours, bold, inverse), at several sizes and in every
 * kind of theme; and when ink then renders over it through the same diff writer, nothing at all
 * may go out (no clear, no redraw, no line twice).
 */
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { FULL_CAPABILITIES } from '../../src/terminfo/capabilities.js';
import { App } from '../../src/ui/app.js';
import { drawFirstFrame, type DrawnFirstFrame } from '../../src/ui/first-frame/draw.js';
import { firstFrameLines } from '../../src/ui/first-frame/frame-lines.js';
import { createDiffOutput } from '../../src/ui/render/index.js';
import { AppStore } from '../../src/ui/store/app-store.js';
import { darkTheme, noColorTheme, ThemeContext, type Theme } from '../../src/ui/theme/index.js';
import { light256Theme, lightTheme } from '../../src/ui/theme/themes/light.js';
import type { CachedList } from '../../src/startup/list-cache.js';
import { forceColor } from '../helpers/force-color.js';
import { feed, makeTerminal, screenDifferences, screenText } from './terminal.js';

// 3 keeps the 256-colour light theme's colours. (ink draws as outside CI: see test/setup/in-process-only.ts.)
const CHALK_LEVEL = 3;
forceColor(CHALK_LEVEL);

class FakeTerminalOut extends EventEmitter {
  readonly isTTY = true;
  data = '';
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (chunk: string, callback?: () => void): boolean => {
    this.data += chunk;
    callback?.();
    return true;
  };
}

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  read = (): null => null;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

let fast: DemoServer;
let slow: DemoServer;
const clients: ApiClient[] = [];

beforeAll(async () => {
  fast = await startDemoServer();
  slow = await startDemoServer({ latencyMs: 60_000 });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await fast.close();
  await slow.close();
});

interface Start {
  readonly pager: Pager;
  readonly client: ApiClient;
  readonly origin: string;
  readonly notice?: string;
  /** The last session's rows (the list cache), shown until the first page arrives. */
  readonly cached?: CachedList;
}

/** The group list's pager as runInteractive has it at the first frame: its first page in, or still on its way. */
async function start(server: DemoServer, wait: boolean): Promise<Start> {
  const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey, userAgent: 'pagetui/test' });
  clients.push(client);
  const pager = new Pager((cursor, signal) => client.listPageGroups({ cursor, limit: 100, signal }), { idOf: (raw) => itemId('pageGroup', raw) });
  pager.ensure(70);
  if (wait) await new Promise<void>((resolve) => pager.subscribe(() => pager.getSnapshot().pagesFetched > 0 && resolve()));
  return { pager, client, origin: new URL(server.url).origin };
}

function drawText(out: FakeTerminalOut, at: Start, theme: Theme): DrawnFirstFrame {
  const drawn = drawFirstFrame({
    stdout: out as unknown as NodeJS.WriteStream,
    stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
    capabilities: FULL_CAPABILITIES,
    mouse: false,
    theme,
    chalkLevel: CHALK_LEVEL,
    state: {
      origin: at.origin,
      pager: at.pager.getSnapshot(),
      quota: at.client.quota.getSnapshot(),
      ...(at.notice ? { notice: at.notice } : {}),
      ...(at.cached ? { selected: at.cached.items.findIndex((item) => item.pageGroupId === at.cached?.selectedId) } : {}),
    },
  });
  if (!drawn) throw new Error('no text-only first frame for this state');
  return drawn;
}

/** Ink's first frame of the app for `at`, through `writer` (a fresh one unless given). */
function drawInk(out: FakeTerminalOut, at: Start, theme: Theme, drawn?: DrawnFirstFrame): () => void {
  const store = new AppStore({
    client: at.client, groupsPager: at.pager, columns: out.columns, rows: out.rows, needsApiKey: false, onApiKey: () => {},
    selectionMarker: theme.selection.marker, ...(at.notice ? { notice: at.notice } : {}),
    ...(at.cached ? { listCache: { initial: { groups: at.cached }, save: () => {}, saveNow: () => {}, forget: () => Promise.resolve() } } : {}),
  });
  const output = createDiffOutput(out as unknown as NodeJS.WriteStream, FULL_CAPABILITIES, drawn?.writer);
  drawn?.writer.takeOver();
  const instance = render(
    <ThemeContext.Provider value={theme}>
      <App store={store} origin={at.origin} onSuspend={() => {}} />
    </ThemeContext.Provider>,
    { stdout: output.stdout, stdin: new FakeStdin() as unknown as NodeJS.ReadStream, exitOnCtrlC: false, patchConsole: false },
  );
  drawn?.writer.release();
  return () => {
    instance.unmount();
    store.dispose();
    output.dispose();
  };
}

const SIZES = [
  [120, 40],
  [80, 24],
  [40, 10],
  [20, 5],
] as const;
const THEMES: readonly (readonly [string, Theme])[] = [
  ['dark', darkTheme],
  ['NO_COLOR', noColorTheme],
  ['light, 256 colours', light256Theme],
  ['light, 16 colours', lightTheme],
];
const STATES = [
  ['the first page in', () => start(fast, true)],
  ['the first request in flight', () => start(slow, false)],
  ['a start-up notice', async () => ({ ...(await start(fast, true)), notice: 'config: "theme" must be auto, dark or light; ignored' })],
  ['the last session rows, the request in flight', () => cachedStart('g-45')],
  ['the last session rows, the first of them selected', () => cachedStart('g-1')],
] as const;

/**
 * The request in flight and the cached rows shown: 60 groups, hostile titles among them (a cached
 * string is server data), the selection far down the list (beyond a small window).
 */
async function cachedStart(selectedId: string): Promise<Start> {
  const at = await start(slow, false);
  const items = Array.from({ length: 60 }, (_, i) => ({
    pageGroupId: `g-${i + 1}`,
    title: i === 2 ? 'Red\u001b[31m alert\u0007 \u202eevil\u202c' : i === 4 ? '国際 — دولي — 🌍 wide' : `Group ${i + 1}`,
    status: ['draft', 'published', 'archived'][i % 3] ?? 'draft',
    slug: `group-${i + 1}`,
    updatedAt: '2024-05-01T10:00:00Z',
  }));
  at.pager.showStale(items, true);
  return { ...at, cached: { items, hasMore: true, selectedId } };
}

describe.each(STATES)('the text-only first frame with %s', (_, makeStart) => {
  let at: Start;
  // Afresh for each case: a request in flight for seconds shows its wait ("loading… 6s"), which
  // would tick between the text frame and ink's.
  beforeEach(async () => {
    at = await makeStart();
  });
  afterEach(() => at.pager.dispose());

  it.each(SIZES.flatMap(([columns, rows]) => THEMES.map(([name, theme]) => [`${columns}x${rows}`, name, columns, rows, theme] as const)))(
    'is what ink draws at %s, %s theme',
    async (_size, _name, columns, rows, theme) => {
      const textOut = new FakeTerminalOut(columns, rows);
      const drawn = drawText(textOut, at, theme);
      const textData = textOut.data;
      drawn.handedOver();
      drawn.terminal.leave();
      const inkOut = new FakeTerminalOut(columns, rows);
      drawInk(inkOut, at, theme)();
      const text = makeTerminal(columns, rows);
      const ink = makeTerminal(columns, rows);
      await feed(text, textData);
      await feed(ink, inkOut.data);
      expect(screenText(ink)).toContain(columns < 40 ? 'too small' : 'pagetui');
      // Server text (cached rows too) reaches the terminal sanitised: no bidi override, no raw escape from a title.
      expect(textData).not.toContain('\u202e');
      expect(textData).not.toContain('\u001b[31m alert');
      expect(screenDifferences(text, ink), `text-only:\n${screenText(text)}\nink:\n${screenText(ink)}`).toEqual([]);
    },
  );

  it.each(THEMES)('is left alone when ink renders over it (%s theme)', (_name, theme) => {
    const out = new FakeTerminalOut(100, 30);
    const drawn = drawText(out, at, theme);
    const before = out.data.length;
    const cleanup = drawInk(out, at, theme, drawn);
    const afterInk = out.data.slice(before);
    cleanup();
    drawn.handedOver();
    drawn.terminal.leave();
    expect(JSON.stringify(afterInk)).toBe('""');
  });
});

describe('the text-only first frame of the cached rows, drawn again when the first page comes before ink', () => {
  it.each(THEMES)('leaves ink nothing to send (%s theme)', async (_name, theme) => {
    const at = await start(fast, false);
    const stale = Array.from({ length: 30 }, (_, i) => ({ pageGroupId: `grp-${i + 1}`, title: `Old ${i + 1}`, status: 'draft' }));
    at.pager.showStale(stale, true);
    const cached = { items: stale, hasMore: true, selectedId: 'grp-3' };
    const out = new FakeTerminalOut(100, 30);
    const drawn = drawText(out, { ...at, cached }, theme);
    await new Promise<void>((resolve) => at.pager.subscribe(() => at.pager.getSnapshot().pagesFetched > 0 && resolve()));
    const fresh = at.pager.getSnapshot();
    const beforeRedraw = out.data.length;
    drawn.redraw({ origin: at.origin, pager: fresh, quota: at.client.quota.getSnapshot(), selected: 2 });
    expect(out.data.length).toBeGreaterThan(beforeRedraw);
    const before = out.data.length;
    const cleanup = drawInk(out, { ...at, cached }, theme, drawn);
    const afterInk = out.data.slice(before);
    cleanup();
    drawn.handedOver();
    drawn.terminal.leave();
    at.pager.dispose();
    expect(JSON.stringify(afterInk)).toBe('""');
  });
});

describe('states the text-only first frame leaves to ink', () => {
  const pager = { items: [], state: 'loading', hasMore: true, warnings: [], pagesFetched: 0, loadingAll: false, version: 1 } as const;
  const state = { columns: 80, rows: 24, origin: 'demo', pager };

  it('draws the group list at its start', () => {
    expect(firstFrameLines(state, darkTheme, 1, 0)).toHaveLength(23);
  });

  it('a listing with warnings: the store makes a toast of them', () => {
    expect(firstFrameLines({ ...state, pager: { ...pager, warnings: ['a cursor repeated'] } }, darkTheme, 1, 0)).toBeUndefined();
  });

  it('256-colour theme colours where chalk would turn them into 16 by its own table', () => {
    expect(firstFrameLines(state, light256Theme, 1, 0)).toBeUndefined();
  });
});

describe('between the text-only first frame and ink', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s gives the terminal back (alternate screen left, cursor shown) and exits %i', async (signal, code) => {
    const at = await start(fast, true);
    const out = new FakeTerminalOut(80, 24);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const drawn = drawText(out, at, darkTheme);
    try {
      const before = out.data.length;
      process.emit(signal, signal);
      expect(exit).toHaveBeenCalledWith(code);
      expect(out.data.slice(before)).toContain(FULL_CAPABILITIES.alternateScreen?.leave ?? '?');
      expect(out.data.slice(before)).toContain(FULL_CAPABILITIES.cursor?.show ?? '?');
    } finally {
      drawn.handedOver();
      exit.mockRestore();
      at.pager.dispose();
    }
  });
});
