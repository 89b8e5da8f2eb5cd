/**
 * The background answer over a slow link (test/helpers/linked-app.ts): the terminal answers a
 * round trip later, which the app waits for instead of timing out and taking the dark theme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { LinkedApp, type LinkOptions } from '../helpers/linked-app.js';

/** Header text is in the theme's accent: cyan in the dark theme, 256-colour blue 25 in the light one. */
const DARK_ACCENT = /\u001B\[(?:\d+;)*36m/;
const LIGHT_ACCENT = /\u001B\[(?:\d+;)*38;5;25m/;

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

function start(link: LinkOptions) {
  return new LinkedApp(['--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey, COLORFGBG: undefined, COLORTERM: undefined } }, link);
}

/** Starts the app over `link`, checks the first frame's theme and that keys work, and quits. */
async function firstFrameTheme(link: LinkOptions): Promise<'light' | 'dark'> {
  const app = start(link);
  try {
    await app.waitFor('Evergreen Landing Pages');
    const theme = LIGHT_ACCENT.test(app.raw) ? 'light' : 'dark';
    expect(app.raw).toMatch(theme === 'light' ? LIGHT_ACCENT : DARK_ACCENT);
    expect(app.raw).not.toMatch(theme === 'light' ? DARK_ACCENT : LIGHT_ACCENT);
    app.write('j');
    await app.waitFor(() => app.isHighlighted(app.rowOf('Empty Drafts')));
    expect(app.screen()).not.toMatch(/11;|rgb:|\?1;2c|\[\?/);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
    return theme;
  } finally {
    app.kill();
  }
}

describe('the background over a slow link', () => {
  it('takes the light theme on a light terminal at 150 ms round trip, from the first frame', async () => {
    expect(await firstFrameTheme({ rttMs: 150, background: 'ffff/ffff/ffff' })).toBe('light');
  });

  it('takes the light theme on a light terminal at 500 ms round trip', async () => {
    expect(await firstFrameTheme({ rttMs: 500, background: 'fafa/f8f8/f0f0' })).toBe('light');
  });

  it('keeps the dark theme on a dark terminal', async () => {
    expect(await firstFrameTheme({ rttMs: 150, background: '1e1e/1e1e/2e2e' })).toBe('dark');
  });

  it('falls back to the dark theme, and starts, when the terminal answers nothing at all', async () => {
    expect(await firstFrameTheme({ rttMs: 150, background: 'ffff/ffff/ffff', silent: true })).toBe('dark');
  });
});
