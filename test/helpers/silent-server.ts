/**
 * A TCP server of the test's own that takes each connection and never answers: a silent service,
 * or a proxy that never answers the CONNECT. `connect-ok` answers the CONNECT and then says nothing.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface SilentServer {
  readonly port: number;
  /** Connections taken so far. */
  connections(): number;
  /** Connections still open. */
  open(): number;
  close(): Promise<void>;
}

export async function startSilentServer(mode: 'silent' | 'connect-ok' = 'silent'): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    connections += 1;
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      if (mode === 'connect-ok') socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
    });
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    open: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
