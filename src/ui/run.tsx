import { render } from 'ink';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Pager } from '../api/pager/pager.js';
import { releaseDeadTerminal } from '../startup/dead-terminal.js';
import { terminalCapabilities } from '../terminfo/capabilities.js';
import { App } from './app.js';
import type { KeyDestination, KeyStorage } from './login/index.js';
import type { DrawnFirstFrame } from './first-frame/draw.js';
import { terminalInput } from './input/terminal-input.js';
import { canSuspend, CANNOT_SUSPEND } from './job-control.js';
import { createDiffOutput } from './render/index.js';
import { createClipboard } from './services/clipboard.js';
import { createFileExporter } from './services/export.js';
import { createOwnCommandRunner } from './services/own-commands.js';
import type { OwnCommand } from './keymap/index.js';
import { askAboutStopped } from './commands/stopped-question.js';
import { pauseAfterFailure } from './commands/failure-pause.js';
import { terminalHandover } from './terminal-handover.js';
import { createPromptHistory, historyDir } from './services/history.js';
import { AppStore, type AppStoreOptions } from './store/app-store.js';
import type { ApiKeyVerdict } from './store/store-types.js';
import { EXIT_SIGNALS, refreshTerminalSize, TerminalSession } from './terminal.js';
import { TerminalWatch } from './terminal-gone.js';
import { getTheme, ThemeContext, type Theme } from './theme/index.js';
import { LiveTheme } from './theme/live-theme.js';
import { PresentationContext, USUAL, type Presentation } from './presentation/presentation.js';
import { carryCursorAnchors } from './render/cursor-anchor.js';
import { carryFrameMarks } from './render/frame-mark.js';
import { setPlainGlyphs } from '../text/glyphs.js';

/** The longest wait at exit for the terminal's answer to the last frame's query (a slow link's round trip). */
const OWED_ANSWER_WAIT_MS = 1_000;

export interface RunAppOptions {
  readonly client: AppStoreOptions['client'];
  readonly groupsPager?: Pager;
  /** What the breadcrumb calls the service (its origin, or "demo"). */
  readonly origin: string;
  readonly profile?: string;
  readonly needsApiKey: boolean;
  /** The key in use now: no prompt history entry that holds it (or 8 characters of it) is saved. */
  readonly apiKey?: () => string | undefined;
  readonly onApiKey: (key: string) => void;
  readonly onApiKeyWorked?: (key: string, where: KeyDestination) => Promise<string>;
  /** Where the `L` form's key goes once it worked (asks the keychain when the form opens). */
  readonly keyStorage?: KeyStorage;
  /** `--mouse` or `"mouse": true`: SGR mouse reporting while the app runs. */
  readonly mouse?: boolean;
  /** Checks a key typed into the `L` form with one request before it is used. */
  readonly checkKey?: (key: string) => Promise<ApiKeyVerdict>;
  readonly notice?: string;
  /** What to do about the notice: kept when the status line is too narrow for all of it. */
  readonly noticeHint?: string;
  /** Every problem found at start in the config and its keymap: `E` lists them. */
  readonly startupProblems?: readonly string[];
  /** `pagetui open`: the group (and page) to start at. */
  readonly start?: AppStoreOptions['start'];
  /** The HTTP inspector's log (and `--har`). */
  readonly inspector?: AppStoreOptions['inspector'];
  /** Saved views (docs/views.md): the config's, `--view`'s, and how `V` writes one. */
  readonly views?: AppStoreOptions['views'];
  /** `--watch SECONDS`: watch the list shown from the start. */
  readonly watchSeconds?: number;
  readonly stdout?: NodeJS.WriteStream;
  readonly stdin?: NodeJS.ReadStream;
  /** Chosen before the app starts (the terminal may have been asked); else from the environment. */
  readonly theme?: Theme;
  /** The theme as it may still change (the terminal's background answer after the wait): overrides `theme`. */
  readonly liveTheme?: LiveTheme;
  /** The lists of the last session and where this one's go (docs/cache.md). */
  readonly listCache?: AppStoreOptions['listCache'];
  /** For a screen reader, or without motion (presentation/presentation.ts). */
  readonly presentation?: Presentation;
  /** The text-only first frame already on screen (drawFirstFrame): ink draws over it. */
  readonly firstFrame?: DrawnFirstFrame;
  /** The user's own commands (`"commands"` in the config), with the base URL their `{baseUrl}` names. */
  readonly ownCommands?: { readonly commands: readonly OwnCommand[]; readonly baseUrl: string };
  /** Given the way to show a warning in the status bar once the app runs (the debug log that stopped). */
  readonly onWarnings?: (show: (text: string) => void) => void;
}

function LiveThemeProvider({ live, plain, children }: { live: LiveTheme; plain: boolean; children: ReactNode }) {
  const theme = useSyncExternalStore(live.subscribe, live.current);
  // For a screen reader the cursor shows the selection: no marker glyph before it.
  const shown = useMemo(() => (plain ? { ...theme, selection: { ...theme.selection, marker: '' } } : theme), [theme, plain]);
  return <ThemeContext.Provider value={shown}>{children}</ThemeContext.Provider>;
}

/** The terminal went away without a signal (reads ended, writes failed): as for SIGHUP. */
const TERMINAL_GONE = 129;
/** How long an export being written may take to finish once the app has to end. */
const EXPORT_GRACE_MS = 1500;

/** Runs the full-screen app until the user quits; resolves with the exit code. */
export async function runApp(options: RunAppOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const capabilities = terminalCapabilities(process.env);
  const terminal = options.firstFrame?.terminal ?? new TerminalSession(stdout, stdin, capabilities, options.mouse === true);
  const exporter = createFileExporter();
  const live = options.liveTheme ?? new LiveTheme(options.theme ?? getTheme(process.env));
  const theme = live.current();
  const presentation = options.presentation ?? USUAL;
  const history = createPromptHistory(historyDir(process.env), options.apiKey);
  // Made once the output exists (below); a command cannot run before the first key.
  let handover: ReturnType<typeof terminalHandover> | undefined;
  const own = options.ownCommands;
  // Ends a pause after a failed command when the app is ended from outside.
  const pauseEnds = new AbortController();
  const ownCommands = own && own.commands.length > 0
    ? createOwnCommandRunner({
        commands: own.commands,
        baseUrl: own.baseUrl,
        env: process.env,
        apiKey: () => options.apiKey?.(),
        say: (message) => store.toast(message),
        foreground: (program) => handover?.handOver(program) ?? Promise.resolve(),
        running: (names) => store.setBackgroundCommands(names),
        askStopped: (name, signal) => askAboutStopped({ stdin, stdout, input: stdin.isTTY ? terminalInput(stdin) : undefined }, name, signal),
        pauseAfterFailure: (text) => pauseAfterFailure({ stdin, stdout, input: stdin.isTTY ? terminalInput(stdin) : undefined }, text, pauseEnds.signal),
      })
    : undefined;
  const store = new AppStore({
    ...(ownCommands ? { ownCommands } : {}),
    client: options.client,
    selectionMarker: presentation.screenReader ? '' : theme.selection.marker,
    lineCursor: presentation.screenReader,
    messagesUntilKey: presentation.reduceMotion,
    groupsPager: options.groupsPager,
    columns: stdout.columns ?? 80,
    rows: stdout.rows ?? 24,
    needsApiKey: options.needsApiKey,
    onApiKey: options.onApiKey,
    onApiKeyWorked: options.onApiKeyWorked,
    notice: options.notice,
    ...(options.noticeHint === undefined ? {} : { noticeHint: options.noticeHint }),
    ...(options.startupProblems ? { startupProblems: options.startupProblems } : {}),
    start: options.start,
    // OSC 52 goes straight to the real terminal, past ink and the diff output: it draws nothing.
    clipboard: createClipboard({ env: process.env, writeRaw: (data) => stdout.write(data) }),
    exporter,
    history,
    checkKey: options.checkKey,
    inspector: options.inspector,
    ...(options.listCache ? { listCache: options.listCache } : {}),
    ...(options.views ? { views: options.views } : {}),
    ...(options.watchSeconds === undefined ? {} : { watchSeconds: options.watchSeconds }),
    // Esc is read against the frame the terminal last showed (store/esc-as-shown.ts); the output is made below.
    shownFrames: { shown: () => output.shown(), framesSent: () => output.framesSent() },
  });

  options.onWarnings?.((text) => store.toast({ tone: 'warning', text }));

  // A dropped SSH session makes reads end and writes fail: that ends the app like SIGHUP does.
  const watch = new TerminalWatch({ stdin, stdout, stderr: process.stderr }, () => end(TERMINAL_GONE));
  watch.start();

  // Ink redraws the whole frame on every change; the diff output sends only the changed cells.
  // Over a slow link frames wait for the terminal to have shown the one before (render/frame-pacer.ts).
  const output = createDiffOutput(stdout, capabilities, options.firstFrame?.writer, stdin.isTTY ? terminalInput(stdin) : undefined);
  // The cursor rests on what is selected, where a screen reader reads it (render/cursor-anchor.ts).
  carryCursorAnchors(presentation.screenReader);
  // Frames say which row is the status line and whether Esc stops something (render/frame-mark.ts).
  carryFrameMarks(true);
  setPlainGlyphs(presentation.screenReader);
  if (presentation.screenReader) output.writer.followsAnchors = true;
  terminal.enter();
  handover = terminalHandover({ terminal, writer: output.writer, input: stdin.isTTY ? terminalInput(stdin) : undefined, stdout, redraw: () => store.redraw() });
  // Continued after any stop, ours (Ctrl-Z, SIGTSTP) or one from outside (SIGSTOP): the shell
  // had the terminal meanwhile, so its modes are set again and everything is drawn again.
  const onContinue = () => {
    // A command of the user's own has the terminal (stopped and continued with it): it stays its.
    if (handover?.away()) {
      if (!process.listeners('SIGTSTP').includes(suspend)) process.on('SIGTSTP', suspend);
      return;
    }
    terminal.resume();
    if (!process.listeners('SIGTSTP').includes(suspend)) process.on('SIGTSTP', suspend);
    // A new size redraws everything through the resize listeners. Otherwise the screen was
    // still cleared while we were away and ink's frame is unchanged: draw it again.
    if (!refreshTerminalSize(stdout)) output.repaint();
    store.redraw();
  };
  function suspend(): void {
    if (!canSuspend()) {
      // Leaving the screen would strand it: the stop never comes, the terminal stays cooked.
      if (!process.listeners('SIGTSTP').includes(suspend)) process.on('SIGTSTP', suspend);
      store.toast({ tone: 'warning', text: CANNOT_SUSPEND });
      return;
    }
    terminal.leave();
    // With no listener left, SIGTSTP takes its default action: the process stops.
    process.off('SIGTSTP', suspend);
    process.kill(process.pid, 'SIGTSTP');
  }
  process.on('SIGCONT', onContinue);
  process.on('SIGTSTP', suspend);

  // Ink's first frame is drawn within render(): only what differs from the text-only frame goes out.
  if (options.firstFrame) output.writer.takeOver();
  const instance = render(
    <LiveThemeProvider live={live} plain={presentation.screenReader}>
      <PresentationContext.Provider value={presentation}>
      <App store={store} origin={options.origin} profile={options.profile} onSuspend={suspend} {...(options.keyStorage ? { keyStorage: options.keyStorage } : {})} mouse={options.mouse === true} />
      </PresentationContext.Provider>
    </LiveThemeProvider>,
    // Never ink's own screen-reader output (INK_SCREEN_READER): it bypasses the diff writer; ours is `presentation`.
    { stdout: output.stdout, stdin, exitOnCtrlC: false, patchConsole: false, maxFps: 60, isScreenReaderEnabled: false },
  );
  if (options.firstFrame) output.writer.release();

  let ending: Promise<void> | undefined;
  /**
   * Every end from outside — a signal, the terminal gone, a crash — comes here: requests in
   * flight aborted, terminal restored where it still exists, an export finished or its partial
   * file removed, then exit with `code`.
   */
  const end = (code: number, report?: string): void => {
    ending ??= (async () => {
      try {
        // A command of the user's own that has the terminal ends first, and the terminal is not taken back for a frame.
        handover?.abandon();
        pauseEnds.abort();
        const stoppedInFront = (await ownCommands?.stopForeground()) ?? [];
        instance.unmount();
        store.dispose();
        // Ended by a signal too: the last frame's answer is read here, not typed at the shell's prompt.
        await output.settled(OWED_ANSWER_WAIT_MS).catch(() => undefined);
        terminal.close();
        if (report) process.stderr.write(report);
        // A hang-up leaves no terminal to say it on.
        const stopped = [...stoppedInFront, ...((await ownCommands?.stopBackground()) ?? [])];
        if (code !== EXIT_SIGNALS.SIGHUP) for (const line of stopped) process.stderr.write(line);
        await exporter.finishWrites(EXPORT_GRACE_MS);
        await history.flush();
      } finally {
        releaseDeadTerminal();
        process.exit(code);
      }
    })();
  };

  const onResize = () => store.setTerminalSize(stdout.columns ?? 80, stdout.rows ?? 24);
  stdout.on('resize', onResize);

  // `on`, not `once`: a second SIGHUP (the kernel's, then the shell's) must not find only the
  // default action left and kill the process while it is ending.
  const signalHandlers = Object.entries(EXIT_SIGNALS).map(([signal, code]) => {
    // Ctrl-C while a command of the user's own has the terminal (or just ended by it) is that command's.
    const handler = () => (signal === 'SIGINT' && handover?.interruptIsTheProgram() ? undefined : end(code));
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  options.firstFrame?.handedOver();
  const onCrash = (error: unknown) =>
    end(1, `pagetui: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);

  store.start();
  try {
    await instance.waitUntilExit();
    // Ended from outside: the process exits there.
    if (ending) await ending;
    // The last frame's query is answered while the app still reads the terminal, not at the shell's prompt.
    await output.settled(OWED_ANSWER_WAIT_MS);
  } finally {
    watch.stop();
    stdout.off('resize', onResize);
    output.dispose();
    for (const [signal, handler] of signalHandlers) process.off(signal, handler);
    process.off('SIGCONT', onContinue);
    process.off('SIGTSTP', suspend);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    store.dispose();
    terminal.close();
  }
  for (const line of (await ownCommands?.stopBackground()) ?? []) process.stderr.write(line);
  // A quit right after Enter in a prompt: its history may still be on its way to the disk, and an
  // export still being written is finished (or its temporary file removed), as on a signal.
  await history.flush();
  await exporter.finishWrites(EXPORT_GRACE_MS);
  return 0;
}
