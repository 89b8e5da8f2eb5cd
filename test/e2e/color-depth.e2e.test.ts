/**
 * The colours the built app writes follow the terminal's colour depth: read off the SGR
 * sequences of a real session (list, open a group, move, back) for each kind of terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { terminalCapabilities } from '../../src/terminfo/capabilities.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

interface SgrUse {
  basic: Set<number>;
  bright: Set<number>;
  indexed: Set<number>;
  direct: number;
  reverse: boolean;
}

/** Every colour the SGR sequences in `raw` set, sorted by kind. */
function sgrUse(raw: string): SgrUse {
  const use: SgrUse = { basic: new Set(), bright: new Set(), indexed: new Set(), direct: 0, reverse: false };
  for (const match of raw.matchAll(/\u001B\[([\d;]*)m/g)) {
    const codes = (match[1] ?? '').split(';').map(Number);
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] ?? 0;
      if (code === 38 || code === 48) {
        if (codes[i + 1] === 5) use.indexed.add(codes[i + 2] ?? -1);
        else use.direct++;
        i += codes[i + 1] === 5 ? 2 : 4;
      } else if ((code >= 30 && code <= 37) || (code >= 40 && code <= 47)) use.basic.add(code);
      else if ((code >= 90 && code <= 97) || (code >= 100 && code <= 107)) use.bright.add(code);
      else if (code === 7) use.reverse = true;
    }
  }
  return use;
}

/**
 * The app under `TERM=term`. node-pty sets TERM to the name the pty is opened with, so it is set
 * again on the command line (`env TERM=…`) — as a terminal that is not xterm-256color would.
 */
async function session(term: string, env: Record<string, string | undefined> = {}): Promise<{ raw: string; marker: boolean }> {
  const app = new PtyApp(
    [],
    { env: { PAGETUI_API_KEY: server.apiKey, COLORFGBG: undefined, COLORTERM: undefined, ...env } },
    { file: 'env', args: [`TERM=${term}`, process.execPath, BUNDLE, '--base-url', server.url] },
  );
  try {
    await app.waitFor('Evergreen Landing Pages');
    const marker = app.lines()[app.rowOf('Evergreen Landing Pages')]?.startsWith('>') ?? false;
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    app.write('jj');
    await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p3 ')));
    app.write('\u001B');
    await app.waitFor('SLUG');
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
    return { raw: app.raw, marker };
  } finally {
    app.kill();
  }
}

describe('colour depth', () => {
  it('xterm-256color with a light theme: 256-colour shades, nothing 24-bit', async () => {
    const { raw } = await session('xterm-256color', { PAGETUI_THEME: 'light' });
    const use = sgrUse(raw);
    expect(use.indexed.size).toBeGreaterThan(0);
    expect(use.direct).toBe(0);
  });

  it('xterm: the ANSI colours only, bright ones only where its terminfo entry has 16 colours', async () => {
    // Debian's xterm entry says colors#8; with no entry at all the name gives 16.
    const caps = terminalCapabilities({ ...process.env, TERM: 'xterm' });
    const sixteen = caps.entry === undefined || caps.colors >= 16;
    for (const theme of ['dark', 'light']) {
      const use = sgrUse((await session('xterm', { PAGETUI_THEME: theme })).raw);
      expect(use.indexed.size + use.direct).toBe(0);
      expect(use.basic.size).toBeGreaterThan(0);
      if (!sixteen) expect([...use.bright]).toEqual([]);
      else if (theme === 'dark') expect(use.bright.size).toBeGreaterThan(0);
    }
  });

  it('linux console (8 colours): no bright colour, no 256 or 24-bit colour', async () => {
    for (const theme of ['dark', 'light']) {
      const use = sgrUse((await session('linux', { PAGETUI_THEME: theme })).raw);
      expect([...use.bright]).toEqual([]);
      expect(use.indexed.size + use.direct).toBe(0);
      expect(use.basic.size).toBeGreaterThan(0);
    }
  });

  it.each(['vt100', 'vt220', 'xterm-mono'])('%s (no colours): no colour at all; the selection by reverse video and a marker', async (term) => {
    const { raw, marker } = await session(term);
    const use = sgrUse(raw);
    expect({ basic: [...use.basic], bright: [...use.bright], indexed: [...use.indexed], direct: use.direct }).toEqual({
      basic: [],
      bright: [],
      indexed: [],
      direct: 0,
    });
    expect(use.reverse).toBe(true);
    expect(marker).toBe(true);
  });
});
