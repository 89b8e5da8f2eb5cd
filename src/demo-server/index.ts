/**
 * The reference demo server: a real `node:http` server on loopback that implements the default
 * shapes of the API contract with deterministic data. Node built-ins only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isLoopbackHost } from '../api/http/base-url.js';
import { CHURN_SECONDS } from './churn.js';
import { chooseEncoding, compressBody, type DemoEncoding } from './compression.js';
import { buildGroups, type DataShape, type GroupRecord } from './data.js';
import { QuotaLimiter, SlidingWindowLimiter, type QuotaHeaders } from './rate-limiter.js';
import { route, splitRawUrl, type RouteState } from './routes.js';


export interface DemoServerOptions {
  /** Default '127.0.0.1'; only loopback hosts are accepted. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default 1; the same seed always gives the same data. */
  seed?: number;
  /** Default 0; added before every response. */
  latencyMs?: number;
  /** Size of the largest group (grp-1), default 10,000. */
  pages?: number;
  /** Requests per second per key; beyond it 429. Default unlimited. */
  rateLimit?: number;
  /** Requests per key per `windowSeconds` (a fixed window); beyond it 429. Default unlimited. */
  quota?: number;
  /** The quota's window in seconds, default 60. */
  windowSeconds?: number;
  /** How the quota is announced on every answer; default 'draft'. */
  quotaHeaders?: QuotaHeaders;
  /** Tests: the quota's windows follow this clock (epoch ms) instead of the real one. */
  quotaClock?: () => number;
  /** Pages of grp-1 renamed every few seconds (one also appears and one goes); default none. */
  churn?: number;
  /** Where in grp-1 the churn happens (default 0, the top). */
  churnAt?: number;
  /** Tests: the churn's tick comes from here instead of the clock. */
  churnTicks?: () => number;
  /** Default false; adds the fault groups after grp-3. */
  faults?: boolean;
  /** Number of ordinary groups, default 36. */
  groups?: number;
  /** Default true: gzip or br when the request's Accept-Encoding allows it. */
  compress?: boolean;
  /** What the ordinary groups' pages look like (docs/data-shapes.md); default `demo`. */
  shape?: DataShape;
}

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** `req.url` exactly as received. */
  rawUrl: string;
  /** The undecoded path part of rawUrl. */
  path: string;
  query: Record<string, string>;
  hadKey: boolean;
  status: number;
  /** Epoch ms of arrival. */
  at: number;
  /** Distinct per TCP connection. */
  socketId: number;
  /** The request's Accept-Encoding header, if any. */
  acceptEncoding?: string;
  /** How the body was encoded, when it was compressed. */
  encoding?: DemoEncoding;
  /** Bytes of the body as sent (after compression). */
  bodyBytes: number;
}

export interface DemoServer {
  /** e.g. 'http://127.0.0.1:43567' (no trailing slash). */
  url: string;
  port: number;
  /** A key the server accepts ('demo-key'). */
  apiKey: string;
  /** Every request in arrival order (the oldest are dropped beyond 200,000). */
  requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Every cursor issued so far expires: a request with one gets 400 on `cursor` ("expired; start again from the first page"). */
  expireCursors(): void;
  /** Stops listening and closes every socket, idle keep-alive ones included. */
  close(): Promise<void>;
}

const DEMO_API_KEY = 'demo-key';
const MAX_RECORDED = 200_000;
const KEEP_ALIVE_MS = 30_000;

/** Starts the demo server; resolves once it is listening. */
export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const rawHost = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(rawHost)) {
    throw new Error(`The demo server only listens on loopback addresses, not "${rawHost}".`);
  }
  for (const [name, value, min] of [
    ['pages', opts.pages, 0],
    ['groups', opts.groups, 0],
    ['seed', opts.seed, 0],
    ['latencyMs', opts.latencyMs, 0],
    ['rateLimit', opts.rateLimit, 1],
    ['quota', opts.quota, 1],
    ['windowSeconds', opts.windowSeconds, 1],
    ['churn', opts.churn, 0],
    ['churnAt', opts.churnAt, 0],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min)) {
      throw new RangeError(`Demo server option ${name} must be a whole number of at least ${min}.`);
    }
  }
  const compress = opts.compress ?? true;
  const host = rawHost.replace(/^\[(.*)\]$/, '$1');
  const seed = opts.seed ?? 1;
  const latencyMs = opts.latencyMs ?? 0;
  const groups = buildGroups({
    seed,
    pages: opts.pages ?? 10_000,
    groups: opts.groups ?? 36,
    faults: opts.faults ?? false,
    shape: opts.shape ?? 'demo',
  });
  const state: RouteState = {
    seed,
    groups,
    byId: new Map<string, GroupRecord>(groups.map((g) => [g.item.pageGroupId, g])),
    limiter: opts.rateLimit !== undefined ? new SlidingWindowLimiter(opts.rateLimit) : undefined,
    lastWasPlanned429: new Map(),
    cursors: { epoch: 0 },
    ...(opts.churn === undefined ? {} : {
          churn: {
            renames: opts.churn,
            startedAt: Date.now(),
            tickMs: CHURN_SECONDS * 1000,
            ...(opts.churnAt === undefined ? {} : { at: opts.churnAt }),
            ...(opts.churnTicks === undefined ? {} : { ticks: opts.churnTicks }),
          },
        }),
    ...(opts.quota === undefined ? {} : { quota: new QuotaLimiter(opts.quota, opts.windowSeconds ?? 60, opts.quotaHeaders, opts.quotaClock) }),
  };

  const requests: RecordedRequest[] = [];
  const socketIds = new WeakMap<Socket, number>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let connectionCount = 0;
  let requestCounter = 0;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const at = Date.now();
    const rawUrl = req.url ?? '';
    const method = req.method ?? '';
    const header = req.headers['x-api-key'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    const requestId = `req-${String(++requestCounter).padStart(6, '0')}`;
    const response = route(state, { method, rawUrl, apiKey }, requestId, at);
    const { path, query } = splitRawUrl(rawUrl);
    const acceptHeader = req.headers['accept-encoding'];
    const acceptEncoding = Array.isArray(acceptHeader) ? acceptHeader.join(', ') : acceptHeader;
    const encoding = compress && response.body !== '' ? chooseEncoding(acceptEncoding) : undefined;
    const body = encoding === undefined ? Buffer.from(response.body) : compressBody(response.body, encoding);
    if (requests.length >= MAX_RECORDED) requests.splice(0, MAX_RECORDED / 10);
    requests.push({
      method,
      rawUrl,
      path,
      query,
      hadKey: apiKey !== undefined && apiKey !== '',
      status: response.status,
      at,
      socketId: socketIds.get(req.socket) ?? 0,
      ...(acceptEncoding === undefined ? {} : { acceptEncoding }),
      ...(encoding === undefined ? {} : { encoding }),
      bodyBytes: body.length,
    });
    const send = (): void => {
      if (res.destroyed) return;
      res.writeHead(response.status, {
        ...response.headers,
        'x-request-id': requestId,
        ...(compress ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
      });
      res.end(body);
    };
    // Drain any request body so keep-alive sockets stay usable, then answer.
    req.resume();
    if (latencyMs === 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      send();
    }, latencyMs);
    pendingTimers.add(timer);
  };

  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, handle);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('connection', (socket: Socket) => {
    socketIds.set(socket, ++connectionCount);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    apiKey: DEMO_API_KEY,
    requests,
    connections: () => connectionCount,
    expireCursors: () => {
      state.cursors.epoch++;
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
