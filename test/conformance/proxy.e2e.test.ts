/**
 * The demo server (no fault groups) behind Prism as a validating proxy (`prism proxy --errors`):
 * every request the client and the built commands send, and every response the demo server gives,
 * must match openapi/page-service.yaml. With --errors Prism answers a violation with its own
 * error (422 for a request, 500 for a response), which fails the listing; its log names it too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import type { ListPage, RawItem } from '../../src/api/types.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { endedCleanly, runCli, SPEC, startPrism, type Prism } from './helpers/prism.js';

const KEY = 'conformance-key-5150';
const GROUPS = 4;
let demo: DemoServer;
let prism: Prism;
/** The same proxy, with a description the demo server does not match (the checks' control). */
let wrongPrism: Prism;
let client: ApiClient;
let dir: string;

/** The description, but with `pageCount` declared as a string. */
function wrongSpec(): string {
  const text = readFileSync(SPEC, 'utf8');
  const wrong = text.replace(/(pageCount:\n\s+type: )integer/, '$1string');
  if (wrong === text) throw new Error('pageCount was not found in the description');
  const file = join(dir, 'page-service-wrong.yaml');
  writeFileSync(file, wrong);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-prism-'));
  demo = await startDemoServer({ groups: GROUPS, pages: 230 });
  const started = await Promise.allSettled([startPrism('proxy', SPEC, ['--errors'], demo.url), startPrism('proxy', wrongSpec(), ['--errors'], demo.url)]);
  if (started[0].status === 'fulfilled') prism = started[0].value;
  if (started[1].status === 'fulfilled') wrongPrism = started[1].value;
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  client = createApiClient({ baseUrl: parseBaseUrl(prism.url, {}), getApiKey: () => KEY });
}, 100_000);
afterAll(async () => {
  await client?.close();
  await Promise.all([prism?.stop(), wrongPrism?.stop()]);
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Prism's words for a violation, a request it refused, or a failed forward. */
const TROUBLE = /[Vv]iolation|VIOLATIONS|UNPROCESSABLE_ENTITY|Request terminated with error|NO_PATH_MATCHED/;

async function listAll(fetchPage: (cursor: string | undefined) => Promise<ListPage>): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await fetchPage(cursor);
    expect(page.warnings).toEqual([]);
    items.push(...page.items);
    if (!page.hasMore) return items;
    cursor = page.nextCursor;
  }
  throw new Error('the listing did not end');
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => new Error('expected a failure'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('the demo server conforms, as the client sees it', () => {
  it('lists every group and all of its pages, with small and full pages, without a violation', async () => {
    const groups = await listAll((cursor) => client.listPageGroups({ cursor, limit: 4 }));
    expect(groups).toHaveLength(GROUPS);
    for (const g of groups) {
      const id = String(g.pageGroupId);
      const pages = await listAll((cursor) => client.listPages(id, { cursor, limit: 100 }));
      expect(pages, id).toHaveLength(Number(g.pageCount));
    }
    const small = await listAll((cursor) => client.listPages('grp-3', { cursor, limit: 7 }));
    expect(small).toHaveLength(40);
    expect(prism.log()).not.toMatch(TROUBLE);
    expect(demo.requests.every((r) => r.status === 200)).toBe(true);
  }, 30_000);

  it('its 400, 401 and 404 answers match the error schemas', async () => {
    expect(await failure(client.listPages('no-such-group'))).toMatchObject({ kind: 'not-found', code: 'NOT_FOUND', status: 404 });
    expect(await failure(client.listPages('grp-1', { cursor: 'not-a-cursor' }))).toMatchObject({
      kind: 'validation',
      status: 400,
      field: 'cursor',
    });
    const rejected = createApiClient({ baseUrl: parseBaseUrl(prism.url, {}), getApiKey: () => 'invalid' });
    try {
      expect(await failure(rejected.listPageGroups())).toMatchObject({ kind: 'auth', status: 401 });
    } finally {
      await rejected.close();
    }
    expect(prism.log()).not.toMatch(TROUBLE);
    expect(demo.requests.slice(-3).map((r) => r.status)).toEqual([404, 400, 401]);
  });
});

describe('the commands through the proxy', () => {
  it('groups and pages for every group end with exit 0 and every item, without a violation', async () => {
    const groups = await runCli(['groups', '--json', '--base-url', prism.url], KEY);
    expect(groups.stderr).toBe('');
    expect(groups.code).toBe(0);
    const lines = groups.stdout.trim().split('\n').map((l) => JSON.parse(l) as RawItem);
    expect(lines).toHaveLength(GROUPS);
    const runs = await Promise.all(lines.map((g) => runCli(['pages', String(g.pageGroupId), '--json', '--base-url', prism.url], KEY)));
    for (const [i, run] of runs.entries()) {
      expect(endedCleanly(run), JSON.stringify(run)).toBe(true);
      expect(run.code, run.stderr).toBe(0);
      const n = run.stdout === '' ? 0 : run.stdout.trim().split('\n').length;
      expect(n).toBe(Number(lines[i]!.pageCount));
    }
    expect(prism.log()).not.toMatch(TROUBLE);
  }, 90_000);
});

describe('the checks can fail', () => {
  it('a response that breaks the description stops the listing, and the user is told which field', async () => {
    const run = await runCli(['groups', '--base-url', wrongPrism.url], KEY);
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^pagetui: error Request\/Response not valid \(HTTP 500\): .*field: response\.body\.items\.0\.pageCount — Response body property items\.0\.pageCount must be string/);
    expect(wrongPrism.log()).toMatch(TROUBLE);
  }, 30_000);
});
