/**
 * pagetui groups with no key anywhere: the keychain is asked (its helper process fails to load a
 * missing keytar), then the command stops before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGroups } from '../../src/cli/commands/list-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { testIo } from './io.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
});
afterAll(async () => {
  await server.close();
});

describe('pagetui pages/groups against the demo server', () => {
  it('no key: exit 3 naming PAGETUI_API_KEY and `pagetui login`, no request', async () => {
    const t = testIo({ PAGETUI_BASE_URL: server.url });
    const before = server.requests.length;
    expect(await runGroups([], t.io)).toBe(3);
    expect(t.stderr.lines()).toHaveLength(1);
    expect(t.stderr.text).toMatch(/PAGETUI_API_KEY/);
    expect(t.stderr.text).toMatch(/pagetui login/);
    expect(server.requests.length).toBe(before);
  });
});
