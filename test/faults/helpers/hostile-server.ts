/**
 * A scriptable, hostile Page Service on 127.0.0.1. It serves a paginated listing of page groups
 * and of each group's pages, records every request as it arrived (raw path, cursor, time) and can
 * be told to misbehave: answer one matching request with a fault, stop listening (connection
 * refused) and come back on the same port, reset mid-body, drip, never send headers…
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the server answers one request. */
export type Reply =
  | { readonly kind: 'json'; readonly status?: number; readonly body: unknown; readonly headers?: Record<string, string> }
  /** Any bytes, with a content type; `chunked` leaves out the content-length. */
  | {
      readonly kind: 'text';
      readonly status: number;
      readonly body: string | Buffer;
      readonly contentType?: string;
      readonly headers?: Record<string, string>;
      readonly chunked?: boolean;
    }
  /** 200 with a content-length, half the body, then a TCP reset. */
  | { readonly kind: 'reset-mid-body' }
  /** 200 and a body sent `chunk` bytes every `everyMs`. */
  | { readonly kind: 'drip'; readonly body: string; readonly everyMs: number; readonly chunk?: number }
  /** Reads the request and never answers (until the server stops). */
  | { readonly kind: 'no-headers' }
  /** Closes the connection without a response. */
  | { readonly kind: 'hang-up' };

/** One request as it reached the server. */
export interface Arrival {
  /** The request target exactly as received (path and query, undecoded). */
  readonly rawUrl: string;
  /** `rawUrl` without the query. */
  readonly path: string;
  /** The `cursor` query value, undefined for a first page. */
  readonly cursor?: string;
  readonly apiKey?: string;
  /** `Date.now()` when the request arrived. */
  readonly at: number;
  /** The status answered (undefined for faults without a response). */
  status?: number;
  /** Answered by an injected fault rather than the listing. */
  faulted?: boolean;
  /** `Date.now()` when the response ended or its connection closed (a client abort, say). */
  closedAt?: number;
}

export interface ListingOptions {
  /** Items per page the server sends, whatever `limit` asks; default 10. */
  readonly pageSize?: number;
}

/** What a request asks for, for matching faults. */
export interface RequestInfo {
  readonly path: string;
  readonly cursor?: string;
  readonly apiKey?: string;
  /** 0 for the first request the server ever saw. */
  readonly index: number;
}

export type Matcher = (req: RequestInfo) => boolean;

interface Fault {
  readonly match: Matcher;
  readonly reply: Reply | ((req: RequestInfo) => Reply);
  remaining: number;
}

export const GROUPS_PATH = '/v0/page_groups';

/** `/v0/page_groups/<segment>/pages` for an id encoded the way the client must encode it. */
export const pagesPath = (groupId: string): string => `${GROUPS_PATH}/${encodeURIComponent(groupId)}/pages`;

/** Matches requests for one path and, optionally, one cursor (`null`: the first page). */
export function at(path: string, cursor?: string | null): Matcher {
  return (req) => req.path === path && (cursor === undefined || req.cursor === (cursor ?? undefined));
}

/** A group item as the demo server would send it. */
export function groupItem(id: string, title = `Group ${id}`): Record<string, unknown> {
  return { pageGroupId: id, title, slug: id.toLowerCase(), status: 'published', updatedAt: '2024-05-01T10:00:00Z' };
}

/** A page item. */
function pageItem(id: string, name = `Page ${id}`): Record<string, unknown> {
  return { pageId: id, effectiveName: name, updatedAt: '2024-05-01T10:00:00Z' };
}

/** Cursor of the page that starts at item `offset`. */
export const cursorAt = (offset: number): string => `c${offset}`;

export class HostileServer {
  readonly requests: Arrival[] = [];
  /** Page groups served at /v0/page_groups. */
  groups: Record<string, unknown>[] = [];
  /** Pages per group id (unknown ids answer 404). */
  readonly pages = new Map<string, Record<string, unknown>[]>();
  pageSize: number;
  #server: Server | undefined;
  #port = 0;
  readonly #sockets = new Set<Socket>();
  readonly #faults: Fault[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();

  private constructor(options: ListingOptions) {
    this.pageSize = options.pageSize ?? 10;
  }

  /** Starts a server on 127.0.0.1 and a free port. */
  static async start(options: ListingOptions = {}): Promise<HostileServer> {
    const server = new HostileServer(options);
    await server.listen();
    return server;
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Answers the next `times` requests that `match` with `reply` (checked before the listing). */
  inject(match: Matcher, reply: Reply | ((req: RequestInfo) => Reply), times = 1): void {
    this.#faults.push({ match, reply, remaining: times });
  }

  /** Forgets every injected fault. */
  clearFaults(): void {
    this.#faults.length = 0;
  }

  /** Requests for `path` (any cursor), in arrival order. */
  requestsFor(path: string): Arrival[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Cursors of the requests for `path` that were answered with a 2xx. */
  succeededCursors(path: string): (string | undefined)[] {
    return this.requestsFor(path)
      .filter((r) => !r.faulted && r.status !== undefined && r.status >= 200 && r.status < 300)
      .map((r) => r.cursor);
  }

  /** Stops listening and drops every open connection: new connections are refused. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port after `stop()`. */
  async restart(): Promise<void> {
    if (this.#server) return;
    await this.listen(this.#port);
  }

  async close(): Promise<void> {
    await this.stop();
  }

  private async listen(port = 0): Promise<void> {
    const server = createServer((req, res) => this.onRequest(req, res));
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const rawUrl = req.url ?? '';
    const q = rawUrl.indexOf('?');
    const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const cursor = new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1)).get('cursor') ?? undefined;
    const header = req.headers['x-api-key'];
    const apiKey = typeof header === 'string' ? header : undefined;
    const arrival: Arrival = { rawUrl, path, cursor, apiKey, at: Date.now() };
    const info: RequestInfo = { path, cursor, apiKey, index: this.requests.length };
    this.requests.push(arrival);
    res.once('close', () => {
      arrival.closedAt = Date.now();
    });

    const fault = this.#faults.find((f) => f.remaining > 0 && f.match(info));
    let reply: Reply;
    if (fault) {
      fault.remaining--;
      reply = typeof fault.reply === 'function' ? fault.reply(info) : fault.reply;
    } else {
      reply = this.listingReply(path, cursor);
    }
    if (fault) arrival.faulted = true;
    this.send(reply, req, res, arrival);
  }

  /** The well-behaved answer: one page of the listing at `path`. */
  listingReply(path: string, cursor: string | undefined): Reply {
    let items: Record<string, unknown>[] | undefined;
    if (path === GROUPS_PATH) items = this.groups;
    else {
      const m = /^\/v0\/page_groups\/([^/]*)\/pages$/.exec(path);
      if (m) {
        let id: string | undefined;
        try {
          id = decodeURIComponent(m[1] ?? '');
        } catch {
          id = undefined;
        }
        items = id === undefined ? undefined : this.pages.get(id);
      }
    }
    if (items === undefined) return { kind: 'json', status: 404, body: { code: 'NOT_FOUND', message: 'No such page group.', requestId: 'req-404' } };
    const offset = cursor === undefined ? 0 : Number(cursor.slice(1));
    if (!Number.isInteger(offset) || offset < 0) {
      return { kind: 'json', status: 400, body: { code: 'VALIDATION_ERROR', message: 'Bad cursor.', details: { field: 'cursor' } } };
    }
    const end = offset + this.pageSize;
    const hasMore = end < items.length;
    return { kind: 'json', body: { hasMore, items: items.slice(offset, end), ...(hasMore ? { nextCursor: cursorAt(end) } : {}) } };
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
  }

  private send(reply: Reply, req: IncomingMessage, res: ServerResponse, arrival: Arrival): void {
    res.on('error', () => {});
    if (req.socket.listenerCount('error') === 0) req.socket.on('error', () => {});
    switch (reply.kind) {
      case 'json': {
        const text = JSON.stringify(reply.body);
        arrival.status = reply.status ?? 200;
        res.writeHead(arrival.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...reply.headers });
        res.end(text);
        return;
      }
      case 'text': {
        arrival.status = reply.status;
        const headers: Record<string, string | number> = { 'content-type': reply.contentType ?? 'text/html', ...reply.headers };
        if (!reply.chunked) headers['content-length'] = Buffer.byteLength(reply.body);
        res.writeHead(reply.status, headers);
        res.end(reply.body);
        return;
      }
      case 'reset-mid-body': {
        const body = JSON.stringify({ hasMore: false, items: Array.from({ length: 50 }, (_, i) => pageItem(`reset-${i}`)) });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.write(body.slice(0, body.length >> 1));
        this.later(() => req.socket.resetAndDestroy(), 30);
        return;
      }
      case 'drip': {
        const { body, everyMs } = reply;
        const chunk = reply.chunk ?? 1;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        let sent = 0;
        const step = (): void => {
          if (res.destroyed || req.socket.destroyed) return;
          res.write(body.slice(sent, sent + chunk));
          sent += chunk;
          if (sent >= body.length) res.end();
          else this.later(step, everyMs);
        };
        step();
        return;
      }
      case 'no-headers':
        return; // the socket stays open until the client gives up or the server stops
      case 'hang-up':
        req.socket.destroy();
        return;
    }
  }
}

/** `n` page items `<prefix>0 … <prefix>(n-1)`. */
export function makePages(prefix: string, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => pageItem(`${prefix}${i}`));
}

/** `n` group items `<prefix>0 …`. */
export function makeGroups(prefix: string, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => groupItem(`${prefix}${i}`, `Group ${prefix}${i}`));
}
