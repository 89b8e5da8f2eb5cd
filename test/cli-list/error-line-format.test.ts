/**
 * One formatting for the commands' error lines: parts separated, each sentence ended once, no
 * `requestId: none`, no phrase said twice. Errors from a small loopback server of the test's own,
 * read by the real client.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { createApiClient, type ApiError } from '../../src/api/index.js';
import { errorLine } from '../../src/cli/commands/list-commands.js';
import { checkApiKey } from '../../src/cli/commands/login-check.js';

let answer: { status: number; type: string; body: string; headersAfterMs?: number } = { status: 200, type: 'application/json', body: '{}' };
const server = createServer((_req, res) => {
  const send = () => {
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  };
  if (answer.headersAfterMs === undefined) send();
});
const base = onLoopback(server);

async function failure(seconds = 30): Promise<ApiError> {
  const client = createApiClient({ baseUrl: new URL(base()), getApiKey: () => 'sk-test-key', proxyEnv: {}, timeout: { ms: seconds * 1000, source: '--timeout' } });
  try {
    return (await client.listPageGroups().then(() => expect.unreachable(), (e: unknown) => e)) as ApiError;
  } finally {
    await client.close();
  }
}

describe('the error line', () => {
  it('separates the hint and prints no requestId when there is none', async () => {
    answer = { status: 401, type: 'application/json', body: JSON.stringify({ code: 'UNAUTHORIZED', message: 'Invalid API key' }) };
    const line = errorLine(await failure(), 5, 'env');
    expect(line).toBe('error UNAUTHORIZED (HTTP 401): Invalid API key (the key from PAGETUI_API_KEY was rejected; set a valid key there, or unset it to use a saved one).');
  });

  it('ends the sentence once before the requestId', async () => {
    answer = { status: 400, type: 'application/json', body: JSON.stringify({ code: 'VALIDATION_ERROR', message: 'The request is invalid.', requestId: 'req-9' }) };
    expect(errorLine(await failure())).toBe('error VALIDATION_ERROR (HTTP 400): The request is invalid. requestId: req-9');
  });

  it('says a timeout without doubled punctuation', async () => {
    answer = { status: 200, type: 'application/json', body: '{}', headersAfterMs: -1 };
    const line = errorLine(await failure(1));
    expect(line).toBe('error RESPONSE_TIMEOUT: No complete answer from /v0/page_groups in 1 s (--timeout).');
  });
});

describe("login's check of a key", () => {
  it('says a plain 503 once', async () => {
    answer = { status: 503, type: 'text/plain', body: 'Service Unavailable' };
    const check = await checkApiKey(new URL(base()), 'sk-test-key');
    expect(check).toMatchObject({ kind: 'unverified' });
    const message = check.kind === 'unverified' ? check.message : '';
    expect(message.match(/Service Unavailable/g)).toHaveLength(1);
    expect(message).not.toContain('requestId');
  });
});
