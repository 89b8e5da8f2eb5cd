/**
 * A minimal HTTP forward proxy for tests: takes absolute-form requests and forwards them to
 * 127.0.0.1 on the requested port, whatever the host name says (so nothing leaves this machine).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardProxy {
  readonly url: string;
  /** Request targets as the proxy received them (absolute-form). */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const target = req.url ?? '';
    seen.push(target);
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      res.writeHead(400).end('absolute-form required');
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: Number(url.port || 80),
        method: req.method,
        // Forward the path exactly as received (no normalisation).
        path: target.slice(url.origin.length) || '/',
        headers: { ...req.headers, 'x-forwarded-by': 'test-proxy' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end('upstream failed'));
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => {
    seen.push('CONNECT');
    socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
