/** An AppStore over a real demo server on loopback, for store tests; `closeDemoStore()` in afterEach. */
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../src/demo-server/index.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import type { AppStoreOptions } from '../../../src/ui/store/store-types.js';
import { waitFor } from '../../helpers/wait-for.js';

let server: DemoServer | undefined;
let client: ApiClient | undefined;
let store: AppStore | undefined;

export async function startDemoStore(
  options: DemoServerOptions,
  size: { columns: number; rows: number },
  storeOptions: Partial<AppStoreOptions> = {},
): Promise<{ server: DemoServer; store: AppStore }> {
  server = await startDemoServer(options);
  const live = server;
  const api = createApiClient({ baseUrl: new URL(live.url), getApiKey: () => live.apiKey });
  client = api;
  store = new AppStore({ client: api, ...size, pageSize: 100, ...storeOptions });
  store.start();
  return { server: live, store };
}

export async function closeDemoStore(): Promise<void> {
  store?.dispose();
  await client?.close();
  await server?.close();
  store = client = server = undefined;
}

export { waitFor as until };
