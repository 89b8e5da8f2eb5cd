/**
 * Error lines have single spaces: on the status line (both modes, wide and narrow) and in the
 * commands' error line on stderr, for errors a real client got from real sockets — a 400 with a
 * problem body whose text has stray spaces, a 429, a refused connection and a proxy's refusal.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import type { ApiError } from '../../../src/api/http/errors.js';
import { errorLine } from '../../../src/cli/commands/list-commands.js';
import { stderrText } from '../../../src/cli/stderr-messages.js';
import { spokenStatus } from '../../../src/ui/presentation/spoken-status.js';
import { errorMessage } from '../../../src/ui/store/status.js';
import { layoutStatus } from '../../../src/ui/components/status-format.js';
import { failureWithout } from '../../api/helpers/client-checks.js';

const KEY = 'SpacingKey-1234abcd';
const servers: Server[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function serve(handler: RequestListener): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function failure(origin: string, proxyEnv: Record<string, string> = {}): Promise<ApiError> {
  const client = createApiClient({ baseUrl: parseBaseUrl(origin, { allowInsecureHttp: true }), getApiKey: () => KEY, proxyEnv });
  clients.push(client);
  return failureWithout(KEY, client.listPageGroups({ limit: 10 }));
}

const answer =
  (status: number, headers: Record<string, string>, body: string): RequestListener =>
  (req, res) => {
    req.resume();
    res.writeHead(status, headers).end(body);
  };

const PROBLEM = JSON.stringify({
  type: 'https://example.net/problems/invalid-query',
  title: 'Invalid query ',
  status: 400,
  detail: 'The request could not be processed ; one or more parameters are out of range . ',
  requestId: 'req-s-1',
  errors: [{ field: 'limit', reason: 'must be between 1 and 100 ' }, { field: 'sort ', reason: ' must be one of updatedAt, title' }],
});

const cases: [string, () => Promise<ApiError>][] = [
  ['a 400 with a problem body', async () => failure(`http://127.0.0.1:${await serve(answer(400, { 'content-type': 'application/problem+json' }, PROBLEM))}`)],
  ['a 429', async () => failure(`http://127.0.0.1:${await serve(answer(429, { 'content-type': 'application/json', 'retry-after': '30' }, '{"code":"RATE_LIMITED","message":"Too many requests .","requestId":"req-s-2"}'))}`)],
  ['a refused connection', async () => failure(`http://127.0.0.1:${await serve(answer(200, {}, '')).then(closeLast)}`)],
  ['a proxy that refuses', async () => failure('http://pages.pagetui.test:18311', { HTTP_PROXY: `http://127.0.0.1:${await serve(answer(403, { 'content-type': 'text/html', 'x-squid-error': 'ERR_ACCESS_DENIED 0', via: '1.1 proxy (squid/5.7)' }, '<html>Access  Denied .</html>'))}` })],
];

/** Closes the server just started: its port then refuses connections. */
async function closeLast(port: number): Promise<number> {
  const server = servers.pop();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  return port;
}

const badSpacing = /\S {2,}\S| [,.;:!?)](?:\s|$)/;

describe('error lines have single spaces', () => {
  it.each(cases)('%s: the status line in both modes at 160, 120, 80 and 40 columns, and the stderr line', async (_name, make) => {
    const error = await make();
    const message = errorMessage(error, 0);
    const lines = [160, 120, 80, 40].flatMap((width) => [
      layoutStatus(message, undefined, width)[0]?.message.trimEnd() ?? '',
      spokenStatus(message, '', '', width).first.trimEnd(),
    ]);
    // What a command writes to stderr: its error line through the one writer of stderr messages.
    lines.push(stderrText(`pagetui: ${errorLine(error)}\n`, false).trimEnd());
    for (const line of lines) {
      expect(line, line).not.toMatch(badSpacing);
      expect(line.split('E shows all').length, line).toBeLessThanOrEqual(2);
    }
    expect(lines[0]).not.toBe('');
  });
});
