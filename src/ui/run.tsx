import { render } from 'ink';
import type { ApiClient } from '../api/client.js';
import type { Pager } from '../api/pager.js';
import { App } from './app.js';
import { createDiffOutput } from './render/index.js';
import { createClipboard } from './services/clipboard.js';
import { createFileExporter } from './services/export.js';
import { AppStore } from './store/app-store.js';
import { refreshTerminalSize, TerminalSession } from './terminal.js';
import { getTheme, ThemeContext } from './theme/index.js';

export interface RunAppOptions {
  readonly client: Pick<ApiClient, 'listPageGroups' | 'listPages'>;
  readonly groupsPager?: Pager;
  /** What the breadcrumb calls the service (its origin, or "demo"). */
  readonly origin: string;
  readonly profile?: string;
  readonly needsKey: boolean;
  readonly onKey: (key: string) => void;
  readonly onKeyWorked?: (key: string) => Promise<string>;
  readonly notice?: string;
  readonly stdout?: NodeJS.WriteStream;
  readonly stdin?: NodeJS.ReadStream;
}

const EXIT_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Runs the full-screen app until the user quits; resolves with the exit code. */
export async function runApp(options: RunAppOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const terminal = new TerminalSession(stdout, stdin);
  const store = new AppStore({
    client: options.client,
    groupsPager: options.groupsPager,
    columns: stdout.columns ?? 80,
    rows: stdout.rows ?? 24,
    needsKey: options.needsKey,
    onKey: options.onKey,
    onKeyWorked: options.onKeyWorked,
    notice: options.notice,
    // OSC 52 goes straight to the real terminal, past ink and the diff output: it draws nothing.
    clipboard: createClipboard({ env: process.env, writeRaw: (data) => stdout.write(data) }),
    exporter: createFileExporter(),
  });

  // A dropped SSH session makes writes fail; that must not turn into a crash with a stack trace.
  const ignoreWriteErrors = () => {};
  stdout.on('error', ignoreWriteErrors);

  // Ink redraws the whole frame on every change; the diff output sends only the changed cells.
  const output = createDiffOutput(stdout);
  terminal.enter();
  const suspend = () => {
    terminal.leave();
    process.once('SIGCONT', () => {
      terminal.enter();
      if (stdin.isTTY) stdin.setRawMode(true);
      // A new size redraws everything through the resize listeners. Otherwise the screen was
      // still cleared while we were away and ink's frame is unchanged: draw it again.
      if (!refreshTerminalSize(stdout)) output.repaint();
      store.redraw();
    });
    process.kill(process.pid, 'SIGTSTP');
  };

  const instance = render(
    <ThemeContext.Provider value={getTheme(process.env)}>
      <App store={store} origin={options.origin} profile={options.profile} onSuspend={suspend} />
    </ThemeContext.Provider>,
    { stdout: output.stdout, stdin, exitOnCtrlC: false, patchConsole: false, maxFps: 60 },
  );

  const onResize = () => store.setTerminalSize(stdout.columns ?? 80, stdout.rows ?? 24);
  stdout.on('resize', onResize);

  const signalHandlers = Object.entries(EXIT_SIGNALS).map(([signal, code]) => {
    const handler = () => {
      instance.unmount();
      terminal.leave();
      process.exit(code);
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  const onCrash = (error: unknown) => {
    instance.unmount();
    terminal.leave();
    process.stderr.write(`pagetui: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);

  store.start();
  try {
    await instance.waitUntilExit();
  } finally {
    stdout.off('resize', onResize);
    output.dispose();
    for (const [signal, handler] of signalHandlers) process.off(signal, handler);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    store.dispose();
    terminal.leave();
    stdout.off('error', ignoreWriteErrors);
  }
  return 0;
}
