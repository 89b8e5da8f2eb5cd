/** The app's status bar and the CLI's error line say an API error in the same words, each phrase once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { isApiError, type ApiError } from '../../src/api/http/errors.js';
import { errorLine } from '../../src/cli/commands/list-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { joinErrorDetail, summarizeError } from '../../src/text/error-summary.js';
import { formatStatus } from '../../src/ui/components/status-format.js';
import { errorMessage } from '../../src/ui/store/status.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
});
afterAll(async () => {
  await server.close();
});

async function failureOf(groupId: string): Promise<ApiError> {
  const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey, userAgent: 'pagetui/test' });
  try {
    await client.listPages(groupId, { limit: 10 });
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  } finally {
    await client.close();
  }
  throw new Error('no failure');
}

describe('one wording for an API error', () => {
  for (const groupId of ['fault-validation', 'fault-bad-gateway']) {
    it(`${groupId}: the same head and detail in the app and the CLI, no phrase twice`, async () => {
      const e = await failureOf(groupId);
      const summary = summarizeError(e);
      const detail = joinErrorDetail(summary);
      const [bar = ''] = formatStatus({ ...errorMessage(e, 0), hint: undefined }, undefined, 400);
      const line = errorLine(e);
      expect(bar).toContain(`${summary.head}: ${detail}`);
      expect(line).toContain(`${summary.head}: ${detail}`);
      expect(`${bar}\n${line}`).not.toMatch(/\[field:/);
      if (groupId === 'fault-validation') {
        expect(bar.split('misconfigured').length - 1).toBe(1);
        expect(line.split('misconfigured').length - 1).toBe(1);
      } else {
        expect(bar).toMatch(/^HTTP 502 Bad Gateway: nginx \(req-\d+\)$/);
        expect(line.split('Bad Gateway').length - 1).toBe(1);
      }
    });
  }
});
