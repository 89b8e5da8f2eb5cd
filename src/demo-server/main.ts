/** `pagetui demo-server`: runs the demo server in the foreground until SIGINT or SIGTERM. */
import { DEMO_SERVER_USAGE, parseDemoServerArgs } from './args.js';
import { startDemoServer, type DemoServer } from './index.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Starts the server from argv, prints one line with its URL and key to `out`, and resolves with
 * the exit code once a stop signal has closed it: 0 after a signal, 2 for bad arguments, 1 when
 * the server cannot start (e.g. the port is taken). Problems go to `err` as one line.
 */
export async function runDemoServerCommand(
  argv: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(DEMO_SERVER_USAGE);
    return 0;
  }
  let server: DemoServer;
  try {
    const opts = parseDemoServerArgs(argv);
    try {
      server = await startDemoServer(opts);
    } catch (error) {
      err.write(`pagetui demo-server: cannot start: ${describe(error)}\n`);
      return 1;
    }
  } catch (error) {
    err.write(`pagetui demo-server: ${describe(error)}\n`);
    return 2;
  }
  out.write(`Demo server listening on ${server.url} (any API key but "invalid") — Ctrl-C to stop\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      resolve();
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
  });
  await server.close();
  return 0;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return 'that port is already in use.';
    if (code === 'EACCES') return 'permission denied for that port.';
    return error.message;
  }
  return String(error);
}
