/**
 * A watch read is background work: it never says "Refreshed" (to a screen reader that would move
 * the cursor to the status line every interval, with no key pressed), however little of the list a
 * filter shows.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { startDemoServer, type DemoServer } from '../../../src/demo-server/index.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { waitFor as until } from '../../helpers/wait-for.js';

let server: DemoServer | undefined;
let client: ApiClient | undefined;
let store: AppStore | undefined;

afterEach(async () => {
  vi.useRealTimers();
  store?.dispose();
  await client?.close();
  await server?.close();
  store = client = server = undefined;
});

it('a list watched with w whose filter matches nothing reads again without a word, on a short screen too', async () => {
  server = await startDemoServer({});
  const api = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server?.apiKey });
  client = api;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const s = new AppStore({ client: api, columns: 80, rows: 16, pageSize: 100, lineCursor: true, messagesUntilKey: true });
  store = s;
  s.start();
  await until('the groups', () => s.getSnapshot().visible.items.length > 0);
  s.command('watch');
  s.command('filter');
  s.setInputText('nosuch');
  s.submitInput();
  await until('the filter', () => s.getSnapshot().visible.items.length === 0 && s.getSnapshot().input === null);
  s.noteKey();
  for (let read = 0; read < 2; read++) {
    const lastAt = s.getSnapshot().watch?.lastAt;
    vi.advanceTimersByTime(10_000);
    await until('the read', () => s.getSnapshot().refreshing === undefined && s.getSnapshot().watch?.lastAt !== lastAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.getSnapshot().toast?.text ?? '').not.toMatch(/Refreshed/);
  }
});

it('in the usual mode too, w off says so (the header only loses its mark), and on again shows no read from before', async () => {
  server = await startDemoServer({});
  const api = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server?.apiKey });
  client = api;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const s = new AppStore({ client: api, columns: 80, rows: 24, pageSize: 100 });
  store = s;
  s.start();
  await until('the groups', () => s.getSnapshot().visible.items.length > 0);
  s.command('watch');
  expect(s.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Watching, every 10 s.' });
  vi.advanceTimersByTime(10_000);
  await until('the read', () => s.getSnapshot().watch?.lastAt !== undefined);
  s.command('watch');
  expect(s.getSnapshot().watch).toBeUndefined();
  expect(s.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Stopped watching.' });
  s.command('watch');
  // The header would say "last 12:03:04" of a read made before watch was turned off.
  expect(s.getSnapshot().watch?.lastAt).toBeUndefined();
});
