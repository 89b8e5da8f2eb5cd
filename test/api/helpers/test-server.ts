/** A tiny scripted HTTP server on 127.0.0.1:0 for client tests. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly rawUrl: string;
  readonly headers: IncomingMessage['headers'];
  readonly socketId: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestServer {
  readonly origin: string;
  readonly port: number;
  readonly requests: SeenRequest[];
  connections(): number;
  /** Replaces the handler for the next requests. */
  handle(h: Handler): void;
  /** Destroys open sockets (stalled responses) without closing the server. */
  dropSockets(): void;
  close(): Promise<void>;
}

export async function startTestServer(initial: Handler = json(200, { hasMore: false, items: [] })): Promise<TestServer> {
  let handler = initial;
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const socketIds = new WeakMap<Socket, number>();
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', rawUrl: req.url ?? '', headers: req.headers, socketId: socketIds.get(req.socket) ?? -1 });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    connections++;
    socketIds.set(socket, connections);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    handle: (h) => {
      handler = h;
    },
    dropSockets: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers with a JSON body. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

/** Answers with a text body of the given content type. */
export function text(status: number, body: string, contentType = 'text/html'): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}

/**
 * Writes `head` (status line and headers, as bytes node:http itself would refuse to send) and
 * `body` straight to the socket, then closes it.
 */
export function raw(head: string, body = ''): Handler {
  return (req) => {
    req.socket.end(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  };
}
