import http from 'node:http';
import type { DemoServer } from '../../src/demo-server/index.js';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Parsed body when it is JSON, else undefined. */
  body: any;
}

export interface GetOptions {
  /** The x-api-key header; null sends none. Default: the server's key. */
  key?: string | null;
  method?: string;
  agent?: http.Agent | false;
}

/** Sends a request with the path exactly as given (no URL normalisation). */
export function request(server: DemoServer, path: string, opts: GetOptions = {}): Promise<RawResponse> {
  const key = opts.key === undefined ? server.apiKey : opts.key;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: opts.method ?? 'GET',
        headers: key === null ? {} : { 'x-api-key': key },
        agent: opts.agent ?? false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Follows cursors over a listing and returns every item, failing on any non-200. */
export async function collectAll(server: DemoServer, basePath: string, limit: number): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const query = `limit=${limit}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    const res = await request(server, `${basePath}?${query}`);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
    items.push(...res.body.items);
    if (!res.body.hasMore) return items;
    cursor = res.body.nextCursor;
    if (typeof cursor !== 'string') throw new Error('hasMore without nextCursor');
  }
  throw new Error('too many pages');
}
