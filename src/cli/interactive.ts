import { createApiClient } from '../api/http/client.js';
import { basePathPrefix, baseUrlWarning, parseBaseUrl } from '../api/http/base-url.js';
import { proxyFor, type ProxyDecision } from '../api/http/proxy.js';
import { isApiError } from '../api/http/errors.js';
import { listPager } from '../api/pager/list-pager.js';
import type { DemoServer } from '../demo-server/index.js';
import { chalkLevel, chooseStartupTheme, lateBackgroundLine, listRows, startupColorDepth } from '../ui/index.js';
import { VERSION } from '../version.js';
import type { AppArgs } from './args.js';
import { NO_BASE_URL_MESSAGE, resolveBaseUrl } from '../auth/base-url-source.js';
import { shortConfigProblem } from '../auth/config.js';
import { configPath } from '../auth/paths.js';
import { applyKeymap } from '../ui/keymap/index.js';
import { loadKeymap, startupProblemsHint } from './keymap-setting.js';
import { resolveApiKey, SessionApiKey } from '../auth/api-key-source.js';
import { appKeyStorage } from './commands/app-api-key.js';
import { checkApiKey } from './commands/login-check.js';
import { firstPageSettled } from './first-page.js';
import { responseLimit } from './timeout-setting.js';
import { startHarRecording } from './har-recording.js';
import { debugLogPath, startDebugLog, terminalLine } from './debug-log/debug-log.js';
import { EXIT_WRITE } from './commands/exit-codes.js';
import { letInkDraw, withInkColourLevel } from './ink-env.js';
import { asciiWanted, setAsciiOnly } from '../text/charset.js';
import { terminalCapabilities } from '../terminfo/capabilities.js';
import { capYoungGeneration } from './young-generation.js';
import { keepWasmOnBaselineCode } from './wasm-baseline.js';
import { trimInliningBudget } from './inlining-budget.js';
import { cacheSetting, redrawWhenSettled, startListCache } from './list-cache-use.js';
import { presentationSetting } from './presentation-setting.js';
import { appViews, loadConfigWithViews } from './start-view.js';
import { configProblems, problemsSaid } from './config-problems.js';

/** 4 MB semi-spaces: 30 MB less resident than V8's 32 MB after `G`; 2 MB made keystrokes collect twice as often. */
const YOUNG_GENERATION_BYTES = 8 * 1024 * 1024;

/**
 * Until when, after the first request went out, the first frame may wait for its answer (see
 * firstPageSettled): a server answering within it gets a first frame with its rows in.
 */
const FIRST_FRAME_WAIT_MS = 250;

const NOT_A_TERMINAL =
  'the browser is interactive and needs a terminal (stdin and stdout a TTY, TERM not "dumb"). ' +
  'For scripts and pipes: pagetui groups --json, pagetui pages <id> --json.';

/**
 * Two turns of the event loop, so that a connection to a near server (loopback, a LAN) is open and
 * the first request written before the first frame's modules are evaluated: that evaluation runs
 * from microtasks, which would otherwise hold the socket's connect event back some 20–30 ms. A far
 * server's connection opens later whatever is done here; the turns cost well under a millisecond.
 */
async function letConnectionOpen(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Wires the interactive app: terminal checks, target server, key, client, then the UI. */
export async function runInteractive(args: AppArgs): Promise<number> {
  // Before anything is loaded: a module that reads CI when evaluated (ink) must not find it, however early it loads.
  letInkDraw();
  capYoungGeneration(YOUNG_GENERATION_BYTES);
  keepWasmOnBaselineCode();
  trimInliningBudget();
  const noTerminal = !process.stdin.isTTY || !process.stdout.isTTY || process.env.TERM === 'dumb';
  // Without --demo, a wrong base URL is the more useful thing to hear first.
  if (noTerminal && args.demo) return fail(NOT_A_TERMINAL);
  const loaded = loadConfigWithViews(process.env);
  const config = loaded.config;
  // Before the first frame: its footer shows the keys in effect.
  const keymap = loadKeymap(loaded);
  applyKeymap(keymap);
  // E lists them as `pagetui config check` does: in the file's order.
  const startupProblems = configProblems(loaded, keymap.problems);
  const timeout = responseLimit(args.timeout, process.env, config);
  if ('problem' in timeout) return fail(timeout.problem);
  const views = appViews(args, config, process.env, loaded.unusableViews);
  if ('problem' in views) return fail(views.problem);

  let demo: DemoServer | undefined;
  let baseUrl: URL;
  let profile: string | undefined;
  let notice: string | undefined;
  let fileNote: string | undefined;
  let proxy: ProxyDecision | undefined;
  const key = new SessionApiKey();
  try {
    if (args.demo) {
      const { startDemoServer } = await import('../demo-server/index.js');
      // Watching the demo shows something only if its data changes: grp-1 then churns.
      demo = await startDemoServer({ faults: true, ...(args.watchSeconds === undefined ? {} : { churn: 2 }) });
      baseUrl = new URL(demo.url);
      key.set(demo.apiKey);
    } else {
      const target = resolveBaseUrl({ flag: args.baseUrl, profile: args.profile, env: process.env, configSaid: true });
      if (target.error) return fail(target.error);
      // The config's problems as `pagetui groups` says them: a default naming no profile may be why.
      if (target.baseUrl === undefined) return fail([...problemsSaid(startupProblems, configPath(process.env)), NO_BASE_URL_MESSAGE].join('\npagetui: '));
      baseUrl = parseBaseUrl(target.baseUrl, { allowInsecureHttp: args.allowInsecureHttp });
      // A proxy variable that is not a proxy URL is a usage error, said before the terminal is taken.
      proxy = proxyFor(baseUrl, process.env);
      if (noTerminal) return fail(NOT_A_TERMINAL);
      profile = target.profile;
      notice = baseUrlWarning(baseUrl);
      const found = await resolveApiKey(baseUrl.origin, process.env);
      if (found.key !== undefined) key.set(found.key);
      fileNote = found.fileNote;
      // The file's note first: it may hold the key, and its fix (chmod) is cut off last.
      if (found.key === undefined && found.notes.length > 0) notice = [...new Set([fileNote ?? '', ...found.notes])].filter(Boolean).join(' ');
    }
  } catch (error) {
    if (isApiError(error)) {
      process.stderr.write(`pagetui: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  // The config's first problem in the file's order (the one `pagetui config check` lists first),
  // said short; how many more (E lists them) is kept however narrow the line.
  const [firstProblem] = startupProblems;
  if (firstProblem !== undefined) notice = [notice, shortConfigProblem(firstProblem, configPath(process.env))].filter((n) => n !== undefined).join(' ');
  const noticeHint = startupProblemsHint(startupProblems.length);
  const har = startHarRecording(args.har, { say: (line) => process.stderr.write(`pagetui: ${line}\n`), exitOnSignal: false });
  // Until the app runs, a warning of the debug log joins the start-up notice; then it is a toast.
  const early: string[] = [];
  let warn = (line: string): void => void early.push(line.replace(/^warning: /, ''));
  const debug = startDebugLog(debugLogPath(args.log, process.env, config.log), { say: (line) => warn(line), secret: () => key.get() });
  debug?.noteProblems(startupProblems);
  if (early.length > 0) notice = [notice, ...early].filter((w) => w !== undefined).join(' ');
  // PAGETUI_EXCHANGE_LOG=off (for the bench: what the inspector's log costs) records nothing.
  const observer = process.env.PAGETUI_EXCHANGE_LOG === 'off' && args.har === undefined && debug === undefined ? undefined : har.log;
  const client = createApiClient({ baseUrl, getApiKey: () => key.get(), userAgent: `pagetui/${VERSION}`, observer, timeout, ...(proxy ? { proxy } : {}) });
  debug?.watch(har.log, client.quota);
  // Start the first request now, before ink and React are loaded: the data is on its way while the
  // UI code is evaluated.
  const groupsPager = listPager(client, 'groups', undefined, 100);
  const firstRequestAt = performance.now();
  if (key.get() !== undefined) groupsPager.ensure(listRows(process.stdout.rows ?? 24) * 2);
  // After the request is out: the last session's rows are read from disk while it travels.
  const listCache = demo ? undefined : startListCache({ args, config, env: process.env, baseUrl: baseUrl.origin + basePathPrefix(baseUrl), key, groupsPager });
  const cacheWarning = demo ? undefined : cacheSetting(args, config, process.env).warning;
  if (cacheWarning !== undefined) notice = [notice, cacheWarning].filter((w) => w !== undefined).join(' ');

  const keyStorage = appKeyStorage(baseUrl.origin, process.env, fileNote);
  // The text-only first frame's terminal session and runApp's are one: both turn mouse reporting on alike.
  const mouse = args.mouse || config.mouse === true;
  const { screenReader, reduceMotion } = presentationSetting(args, process.env, config);
  try {
    // The background query goes out first and the UI loads while the terminal answers (over SSH
    // that is a round trip); ink reads stdin only once both are done, so the answer never reaches it.
    const asked = chooseStartupTheme({
      flag: args.theme,
      configured: config.theme,
      env: process.env,
      io: { stdin: process.stdin, stdout: process.stdout },
      onLateSwitch: (late) => debug?.note('terminal', lateBackgroundLine(late)),
    });
    // After the query is out, so that the terminal's answer is on its way too.
    if (key.get() !== undefined) await letConnectionOpen();
    setAsciiOnly(asciiWanted(process.env, args.utf8));
    const level = chalkLevel(startupColorDepth(process.env));
    debug?.note('terminal', terminalLine(process.env, args.utf8, level));
    const loadUi = () => withInkColourLevel(level, () => import('../ui/run.js'));
    // The group list's first frame is drawn as text, which needs neither ink nor React: they load
    // once it is out. The login form, `open` and `--watch` start with ink's first frame.
    // A screen reader's first frame is ink's: the text one has columns, not sentences.
    const textFirst = key.get() !== undefined && !args.open && args.watchSeconds === undefined && args.view === undefined && !screenReader;
    const early = textFirst ? undefined : loadUi();
    const [{ theme, live, detection }, textFrame] = await Promise.all([asked, textFirst ? import('../ui/first-frame/draw.js') : undefined]);
    debug?.note('terminal', `background ${detection.background} (from ${detection.how}${detection.replyMs === undefined ? '' : `, answered in ${Math.round(detection.replyMs)} ms`})`);
    // Rows from the cache are drawn at once; the server's replace them when they come.
    if (!listCache?.shown) await firstPageSettled(groupsPager, firstRequestAt + FIRST_FRAME_WAIT_MS - performance.now());
    const frameState = { origin: demo ? 'demo' : baseUrl.origin + basePathPrefix(baseUrl), profile, pager: groupsPager.getSnapshot(), quota: client.quota.getSnapshot(), ...(notice ? { notice } : {}), ...(noticeHint ? { noticeHint } : {}) };
    const firstFrame = textFrame
      ? textFrame.drawFirstFrame({
          stdout: process.stdout,
          stdin: process.stdin,
          capabilities: terminalCapabilities(process.env),
          mouse,
          theme,
          chalkLevel: level,
          state: { ...frameState, ...(listCache?.selected ? { selected: listCache.selected } : {}) },
        })
      : undefined;
    // The server's rows in place of the cached ones as soon as they come, even before ink is up.
    const stopRedraw =
      firstFrame && listCache?.shown
        ? redrawWhenSettled(groupsPager, (pager) => firstFrame.redraw({ ...frameState, pager, quota: client.quota.getSnapshot(), selected: listCache.selectedIn(pager.items) }))
        : undefined;
    const { runApp } = await (early ?? loadUi());
    stopRedraw?.();
    const code = await runApp({
      ...(firstFrame ? { firstFrame } : {}),
      theme,
      liveTheme: live,
      presentation: { screenReader, reduceMotion },
      client,
      groupsPager,
      origin: demo ? 'demo' : baseUrl.origin + basePathPrefix(baseUrl),
      profile,
      notice,
      ...(noticeHint ? { noticeHint } : {}),
      startupProblems,
      needsApiKey: key.get() === undefined,
      onApiKey: (value) => key.set(value),
      apiKey: () => key.get(),
      ...(args.open ? { start: args.open } : {}),
      views,
      inspector: { log: har.log, harPath: args.har, version: VERSION },
      ...(demo ? {} : { keyStorage }),
      mouse,
      ownCommands: { commands: keymap.ownCommands, baseUrl: baseUrl.origin + basePathPrefix(baseUrl) },
      onApiKeyWorked: demo ? undefined : (value, where) => keyStorage.save(value, where),
      ...(args.watchSeconds === undefined ? {} : { watchSeconds: args.watchSeconds }),
      ...(listCache ? { listCache: listCache.cache } : {}),
      onWarnings: (show) => {
        warn = show;
      },
      checkKey: async (value) => {
        // Through the inspector's log, like every other request (the key redacted there).
        const result = await checkApiKey(baseUrl, value, observer);
        if (result.kind === 'ok') return result;
        if (result.kind === 'unverified') return { kind: 'unverified', message: result.message };
        return { kind: 'rejected', status: result.kind === 'rejected' ? result.status : undefined, message: result.message };
      },
    });
    // The --har file is written at exit; a run that could not write it fails.
    return har.finish() || code !== 0 ? code : EXIT_WRITE;
  } finally {
    // The debug log stays open for the requests these abort; it ends on the process's exit, with
    // the code the process exits with, as it does when a signal or a crash ends the app.
    groupsPager.dispose();
    har.finish();
    await client.close().catch(() => {});
    await demo?.close().catch(() => {});
  }
}

function fail(message: string): number {
  process.stderr.write(`pagetui: ${message}\n`);
  return 2;
}
