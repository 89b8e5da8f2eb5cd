/** Shared by the power-feature end-to-end tests: a demo server, the app in a pty, the data. */
import type { DemoServer } from '../../src/demo-server/index.js';
import { PtyApp, type PtyAppOptions } from '../helpers/pty-app.js';

export type Item = Record<string, unknown>;

/** The built app against `server`, with its key in the environment. */
export function startApp(server: DemoServer, options: PtyAppOptions = {}, args: readonly string[] = []): PtyApp {
  return new PtyApp(['--base-url', server.url, ...args], {
    cols: 100,
    rows: 30,
    ...options,
    env: { PAGETUI_API_KEY: server.apiKey, ...options.env },
  });
}

/** Every item of a listing, read straight from the server (what the app should have loaded). */
export async function fetchAll(server: DemoServer, path: string, maxItems = Number.POSITIVE_INFINITY): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (;;) {
    const url = new URL(path, server.url);
    url.searchParams.set('limit', '100');
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await fetch(url, { headers: { 'x-api-key': server.apiKey } });
    const body = (await response.json()) as { items: Item[]; hasMore: boolean; nextCursor?: string };
    items.push(...body.items);
    if (!body.hasMore || !body.nextCursor || items.length >= maxItems) return items;
    cursor = body.nextCursor;
  }
}

/** Requests the app made for a listing path, optionally only those after index `from`. */
export const requestsFor = (server: DemoServer, path: string, from = 0) =>
  server.requests.slice(from).filter((r) => r.path === path);

/** The list rows on screen: lines after the column headings that start with one space (the
 * status and hint lines are right-aligned or start at column 0). */
export function listLines(app: PtyApp): string[] {
  const lines = app.lines();
  const heading = lines.findIndex((l) => /^ (ID|TITLE|NAME) /.test(l));
  return lines.slice(heading + 1).filter((l) => /^ \S/.test(l));
}

/** Base64 of a string, as OSC 52 carries it. */
export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
