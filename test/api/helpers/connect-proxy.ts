/**
 * A tiny proxy of the test's own: it answers CONNECT and absolute-form requests with the status the
 * test chooses (407 until the right Proxy-Authorization is sent, 403, 503…) and, when told to,
 * tunnels CONNECT to 127.0.0.1 on the requested port (whatever the host name says).
 */
import { createServer, request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ConnectProxyOptions {
  /** `user:pass` the proxy wants (Basic); absent: no authentication. */
  readonly credentials?: string;
  /** What to answer an allowed CONNECT: a status, or `tunnel`. Default `tunnel`. */
  readonly connectAnswer?: number | 'tunnel';
}

export interface ConnectProxy {
  readonly port: number;
  /** `CONNECT host:port` or the absolute-form target, with the Proxy-Authorization it came with. */
  readonly seen: { target: string; auth: string | undefined }[];
  close(): Promise<void>;
}

export async function startConnectProxy(opts: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const seen: ConnectProxy['seen'] = [];
  const wanted = opts.credentials === undefined ? undefined : `Basic ${Buffer.from(opts.credentials).toString('base64')}`;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ target: req.url ?? '', auth });
    if (wanted !== undefined && auth !== wanted) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', 'content-type': 'text/html' }).end('<h1>407</h1>');
      return;
    }
    const url = new URL(req.url ?? '');
    const upstream = request({ host: '127.0.0.1', port: Number(url.port || 80), method: req.method, path: `${url.pathname}${url.search}`, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, socket: Socket, head: Buffer) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ target: `CONNECT ${req.url ?? ''}`, auth });
    const answer = wanted !== undefined && auth !== wanted ? 407 : (opts.connectAnswer ?? 'tunnel');
    if (answer !== 'tunnel') {
      const extra = answer === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : '';
      socket.end(`HTTP/1.1 ${answer} No\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
