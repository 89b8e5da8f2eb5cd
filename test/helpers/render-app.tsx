/**
 * Renders the real `<App>` in-process, the way Ink's render-to-string and gemini-cli's
 * `renderWithProviders` do: a theme, a store fed by a real Pager and API client over the demo
 * server on loopback, and a fake stdout/stdin of a chosen size. Frames are plain text (no ANSI), and
 * waiting is act-aware, so screens are tested without the built bundle.
 */
import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { render, type Instance } from 'ink';
import { act } from 'react';
import { createApiClient } from '../../src/api/http/client.js';
import { ExchangeLog } from '../../src/api/inspector/exchange-log.js';
import { itemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../src/demo-server/index.js';
import { App } from '../../src/ui/app.js';
import type { Clipboard } from '../../src/ui/services/clipboard.js';
import type { Exporter } from '../../src/ui/services/export.js';
import { AppStore } from '../../src/ui/store/app-store.js';
import type { KeyStorage } from '../../src/ui/login/index.js';
import { PresentationContext, USUAL } from '../../src/ui/presentation/presentation.js';
import { noColorTheme, ThemeContext, type Theme } from '../../src/ui/theme/index.js';

/** A terminal-sized stdout that keeps what ink wrote last (in debug mode, each write is a whole frame). */
class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  frames: string[] = [];
  constructor(public columns: number, public rows: number) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = (): string => stripVTControlCharacters(this.frames.at(-1) ?? '');
}

/** A raw-mode stdin that hands ink each write as one read, as a terminal does for one chunk. */
class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Runs `fn` inside React's `act`, so the renders it causes are flushed before it resolves. */
async function inAct(fn: () => void | Promise<void>): Promise<void> {
  const before = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(async () => {
      await fn();
    });
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface WaitOptions {
  readonly timeout?: number;
  readonly interval?: number;
}

/**
 * Polls until `check` passes (returns without throwing and not `false`), letting React render
 * inside `act` between tries; on timeout, throws the last failure.
 */
export async function waitFor<T>(check: () => T, { timeout = 5000, interval = 20 }: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown;
    try {
      const result = check();
      if (result !== false) return result;
      failure = new Error('the condition was false');
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await inAct(async () => {
      await sleep(interval);
    });
  }
}

/** What a frame must show: a text it contains, a pattern it matches, or a test it passes. */
export type FrameCheck = string | RegExp | ((frame: string) => boolean);

const shows = (frame: string, check: FrameCheck): boolean =>
  typeof check === 'string' ? frame.includes(check) : check instanceof RegExp ? check.test(frame) : check(frame);

export interface RenderAppOptions {
  readonly columns?: number;
  readonly rows?: number;
  readonly theme?: Theme;
  /** Ctrl-Z (default: nothing; the test process must not stop itself). */
  readonly onSuspend?: () => void;
  /** Options of the demo server started for this render (default: its standard data). */
  readonly server?: DemoServerOptions;
  /** Where `y` / `Y` copy to (default: none, copying says it is unavailable). */
  readonly clipboard?: Clipboard;
  /** Where `e` writes (default: none). */
  readonly exporter?: Exporter;
  /** The screen-reader mode (`--screen-reader`): sentences, a line cursor, no selection marker. */
  readonly screenReader?: boolean;
  /** The API key the app sends (default: the demo server's; it takes any but '' and 'invalid'). */
  readonly apiKey?: string;
  /** Where the `L` form saves a key that worked (default: none, it is kept for the session, as in the demo). */
  readonly keyStorage?: KeyStorage;
}

export interface RenderedApp {
  readonly server: DemoServer;
  readonly store: AppStore;
  readonly stdout: FakeStdout;
  /** Every request the app's client sent (what the HTTP inspector lists). */
  readonly exchangeLog: ExchangeLog;
  /** The frame on screen now, as plain text. */
  frame(): string;
  /** Types `keys` as one read (a chunk from the terminal) and lets the app render. */
  press(keys: string): Promise<void>;
  /** Waits for a frame containing `text` (matching it, or passing it) and returns that frame. */
  waitFor(text: FrameCheck, options?: WaitOptions): Promise<string>;
  /** Resolves once the app has exited by itself (q, Ctrl-C). */
  waitUntilExit(): Promise<void>;
  /** Unmounts the app and stops the store, the pager, the client and the server. */
  cleanup(): Promise<void>;
}

/** Starts a demo server and renders the app against it, as `pagetui --base-url <server>` would. */
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderedApp> {
  const server = await startDemoServer(options.server ?? {});
  const exchangeLog = new ExchangeLog();
  const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => options.apiKey ?? server.apiKey, userAgent: 'pagetui/test', observer: exchangeLog });
  const groupsPager = new Pager((cursor, signal) => client.listPageGroups({ cursor, limit: 100, signal }), {
    idOf: (raw) => itemId('pageGroup', raw),
  });
  const stdout = new FakeStdout(options.columns ?? 100, options.rows ?? 30);
  const stdin = new FakeStdin();
  const store = new AppStore({
    client, groupsPager, columns: stdout.columns, rows: stdout.rows, needsApiKey: false, onApiKey: () => {}, clipboard: options.clipboard,
    exporter: options.exporter, inspector: { log: exchangeLog },
    selectionMarker: options.screenReader === true ? '' : (options.theme ?? noColorTheme).selection.marker,
    ...(options.screenReader === true ? { lineCursor: true, quietFollow: true, messagesUntilKey: true } : {}),
  });
  const presentation = options.screenReader === true ? { screenReader: true, reduceMotion: true } : USUAL;

  let instance: Instance | undefined;
  await inAct(() => {
    instance = render(
      <ThemeContext.Provider value={options.theme ?? noColorTheme}>
        <PresentationContext.Provider value={presentation}>
          <App store={store} origin={new URL(server.url).origin} onSuspend={options.onSuspend ?? (() => {})} {...(options.keyStorage ? { keyStorage: options.keyStorage } : {})} />
        </PresentationContext.Provider>
      </ThemeContext.Provider>,
      {
        stdout: stdout as unknown as NodeJS.WriteStream,
        stdin: stdin as unknown as NodeJS.ReadStream,
        debug: true,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );
    store.start();
  });
  const ink = instance as Instance;
  // Asked for now: ink resolves only a promise that exists when the app exits.
  const exited = ink.waitUntilExit().then(() => {});
  exited.catch(() => {});
  let cleaned = false;

  const rendered: RenderedApp = {
    server,
    store,
    stdout,
    exchangeLog,
    frame: () => stdout.lastFrame(),
    press: (keys) => inAct(() => stdin.write(keys)),
    waitFor: (text, waitOptions) =>
      waitFor(() => {
        const frame = stdout.lastFrame();
        if (!shows(frame, text)) throw new Error(`no frame shows ${String(text)}; the last one:\n${frame}`);
        return frame;
      }, waitOptions),
    waitUntilExit: () => exited,
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      await inAct(() => {
        ink.unmount();
      });
      store.dispose();
      groupsPager.dispose();
      await client.close().catch(() => {});
      await server.close();
    },
  };
  return rendered;
}
