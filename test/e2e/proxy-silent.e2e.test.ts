/** The built CLI behind a proxy that accepts and never answers CONNECT: it says so at --timeout and exits then, not minutes later. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUNDLE, cleanEnv } from '../helpers/pty-app.js';
import { runProcess } from '../helpers/process-output.js';
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js';

let server: SilentServer;

beforeAll(async () => {
  server = await startSilentServer();
});
afterAll(async () => {
  await server.close();
});

// The test's own limit is the check: before, the process lived until undici's 300 s CONNECT wait ran out.
it('`groups --timeout 2` through a silent proxy exits with PROXY_TIMEOUT naming the proxy', async () => {
  const port = server.port;
  const env = { ...cleanEnv({ XDG_CONFIG_HOME: '/nonexistent-pagetui-config' }), PAGETUI_API_KEY: 'sk-silent-proxy-5678', HTTPS_PROXY: `127.0.0.1:${port}` };
  const out = await runProcess(process.execPath, [BUNDLE, 'groups', '--base-url', 'https://pages.pagetui.test', '--json', '--timeout', '2'], env);
  expect(out.stderr).toContain(`PROXY_TIMEOUT: The proxy 127.0.0.1:${port} (from HTTPS_PROXY) did not answer the CONNECT for pages.pagetui.test in 2 s (--timeout)`);
  expect(out.code).not.toBe(0);
}, 20_000);
