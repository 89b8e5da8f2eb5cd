import { createApiClient } from '../api/client.js';
import { parseBaseUrl } from '../api/base-url.js';
import { isApiError } from '../api/errors.js';
import { Pager } from '../api/pager.js';
import type { DemoServer } from '../demo-server/index.js';
import { itemId } from '../api/items.js';
import { listRows } from '../ui/store/layout.js';
import { VERSION } from '../version.js';
import type { AppArgs } from './args.js';
import { SessionKey } from './session-key.js';

const NOT_A_TERMINAL =
  'pagetui is interactive and needs a terminal: stdin and stdout must be a TTY, and TERM must not be "dumb".';

/** Wires the interactive app: terminal checks, target server, key, client, then the UI. */
export async function runInteractive(args: AppArgs): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY || process.env.TERM === 'dumb') {
    process.stderr.write(`pagetui: ${NOT_A_TERMINAL}\n`);
    return 2;
  }

  let demo: DemoServer | undefined;
  let baseUrl: URL;
  const key = new SessionKey(process.env.PAGETUI_API_KEY);
  try {
    if (args.demo) {
      const { startDemoServer } = await import('../demo-server/index.js');
      demo = await startDemoServer({ faults: true });
      baseUrl = new URL(demo.url);
      key.set(demo.apiKey);
    } else {
      const raw = args.baseUrl ?? process.env.PAGETUI_BASE_URL;
      if (!raw) {
        process.stderr.write(
          'pagetui: no base URL. Pass --base-url https://…, set PAGETUI_BASE_URL, or try the demo: pagetui --demo\n',
        );
        return 2;
      }
      baseUrl = parseBaseUrl(raw, { allowInsecureHttp: args.allowInsecureHttp });
    }
  } catch (error) {
    if (isApiError(error)) {
      process.stderr.write(`pagetui: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const client = createApiClient({ baseUrl, getApiKey: () => key.get(), userAgent: `pagetui/${VERSION}` });
  // Start the first request now, before ink and React are loaded: the data is on its way while the
  // UI code is evaluated.
  const groupsPager = new Pager(
    (cursor, signal) => client.listPageGroups({ cursor, limit: 100, signal }),
    { idOf: (raw) => itemId('pageGroup', raw) },
  );
  if (key.get() !== undefined) groupsPager.ensure(listRows(process.stdout.rows ?? 24) * 2);

  try {
    const { runApp } = await import('../ui/run.js');
    return await runApp({
      client,
      groupsPager,
      origin: demo ? 'demo' : baseUrl.origin,
      needsKey: key.get() === undefined,
      onKey: (value) => key.set(value),
    });
  } finally {
    groupsPager.dispose();
    await client.close().catch(() => {});
    await demo?.close().catch(() => {});
  }
}
