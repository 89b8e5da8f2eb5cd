/**
 * `pagetui groups` and `pagetui pages <page-group-id>`: non-interactive listings for scripts and
 * pipes. Items stream to stdout (NDJSON with --json, else an aligned table) as each page arrives;
 * memory stays flat. Errors and warnings go to stderr, one line each; the exit code says what
 * happened (see EXIT_CODES).
 */
import type { Writable } from 'node:stream';
import { baseUrlWarning, parseBaseUrl } from '../../api/http/base-url.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../api/http/client.js';
import { checkConfigFile, problemsSaid } from '../config-problems.js';
import { responseLimit } from '../timeout-setting.js';
import { isApiError, type ApiError } from '../../api/http/errors.js';
import { fetchListPage, listItemId } from '../../api/pager/list-pager.js';
import { DEFAULT_MAX_RATE_LIMIT_WAITS } from '../../api/quota/rate-limit.js';
import type { ListPage, RawItem } from '../../api/types.js';
import { resolveApiKey, type ApiKeySource } from '../../auth/api-key-source.js';
import { NO_BASE_URL_MESSAGE, resolveBaseUrl } from '../../auth/base-url-source.js';
import type { KeychainOptions } from '../../auth/keychain.js';
import { configPath, type Env } from '../../auth/paths.js';
import { errorLineText, summarizeError } from '../../text/error-summary.js';
import { sanitize } from '../../text/sanitize.js';
import { durationText } from '../../text/duration.js';
import { utcDateTime } from '../../text/clock-time.js';
import { asciiWanted, setAsciiOnly } from '../../text/charset.js';
import { VERSION } from '../../version.js';
import { startHarRecording } from '../har-recording.js';
import { debugLogPath, startDebugLog } from '../debug-log/debug-log.js';
import { EXIT_AUTH, EXIT_OK, EXIT_RATE_LIMITED, EXIT_USAGE, EXIT_WRITE, exitCodeFor } from './exit-codes.js';
import { watchQuotaWaits } from './quota-waits.js';
import { writeErrorReason } from '../../fs/write-all.js';
import { ListUsageError, parseListArgs, type ListArgs, type ListKind } from './list-args.js';
import { formatWriter } from '../../formats/export-format.js';
import { OutputWriter } from './output.js';
import type { PlainTable } from './plain-table.js';
import { COMMAND_MAX_WAIT_MS, streamListing, type RateLimitWait } from './stream-listing.js';

export { EXIT_CODES } from './exit-codes.js';
export { LIST_HELP } from './list-help.js';

/** Where the commands read and write; every field defaults to the real process. */
export interface ListIo {
  readonly stdout?: Writable;
  readonly stderr?: Writable;
  readonly env?: Env;
  /** Whether stdout is a terminal (default: stdout's isTTY). */
  readonly isTTY?: boolean;
  /** Table width; default the terminal's width when stdout is a TTY, else 80. */
  readonly columns?: number;
  /** Passed to the keychain lookup (tests point it at a missing module). */
  readonly keychain?: KeychainOptions;
}

/** `pagetui groups [flags]`; resolves with the exit code. */
export function runGroups(argv: string[], io: ListIo = {}): Promise<number> {
  return runList('groups', argv, io);
}

/** `pagetui pages <page-group-id> [flags]` (argv[0] is the id); resolves with the exit code. */
export function runPages(argv: string[], io: ListIo = {}): Promise<number> {
  return runList('pages', argv, io);
}

const MAX_MESSAGE_CHARS = 300;
const KEY_HINT = 'set PAGETUI_API_KEY or run `pagetui login`';

/** What to do about a rejected key, by where it came from: telling someone to set a variable they set is no help. */
function rejectedKeyHint(source: ApiKeySource | undefined): string {
  if (source === 'env') return 'the key from PAGETUI_API_KEY was rejected; set a valid key there, or unset it to use a saved one';
  if (source === 'keychain' || source === 'file') return 'the saved key was rejected; run `pagetui login` to save a new one';
  return KEY_HINT;
}

interface Target {
  readonly client: ApiClient;
  /** Where the key came from, so a rejection names the right remedy. */
  readonly keySource?: ApiKeySource;
  readonly close: () => Promise<void>;
}

async function runList(kind: ListKind, argv: string[], io: ListIo): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  const say = (line: string): void => {
    try {
      stderr.write(`pagetui: ${line}\n`);
    } catch {
      // stderr is gone too; nothing left to tell.
    }
  };

  let args: ListArgs;
  try {
    args = parseListArgs(kind, argv);
  } catch (error) {
    if (!(error instanceof ListUsageError)) throw error;
    say(error.message);
    return EXIT_USAGE;
  }

  // Said as `pagetui config check` lists them, whatever decides the base URL: every one, in the file's order, then their count.
  const { loaded, problems } = checkConfigFile(env);
  for (const line of problemsSaid(problems, configPath(env))) say(`warning: ${line}`);
  const timeout = responseLimit(args.timeout, env, loaded.config);
  if ('problem' in timeout) {
    say(timeout.problem);
    return EXIT_USAGE;
  }
  const har = startHarRecording(args.har, { say, exitOnSignal: true });
  const debug = startDebugLog(debugLogPath(args.log, env, loaded.config.log), { say, secret: () => env.PAGETUI_API_KEY, exitOnSignal: true });
  debug?.noteProblems(problems);
  const observed = args.har !== undefined || debug !== undefined;
  const code = await listTo(stdout, args, io, (line) => {
    debug?.note('say', line);
    say(line);
  }, { timeout, ...(observed ? { observer: har.log } : {}) }, (client) => debug?.watch(har.log, client.quota));
  debug?.note('exit', `code ${code}`);
  debug?.close();
  // The HAR is written whatever happened; a listing that succeeded fails when it could not be.
  return har.finish() || code !== EXIT_OK ? code : EXIT_WRITE;
}

/** The listing itself, from the key to the last item written; resolves with the exit code. */
async function listTo(
  stdout: Writable,
  args: ListArgs,
  io: ListIo,
  say: (line: string) => void,
  clientOptions: Pick<ApiClientOptions, 'timeout' | 'observer'>,
  onClient: (client: ApiClient) => void,
): Promise<number> {
  const kind = args.kind;
  const target = await openTarget(args, io.env ?? process.env, io.keychain, say, clientOptions);
  if (typeof target === 'number') return target;
  onClient(target.client);

  const out = new OutputWriter(stdout);
  const isTTY = io.isTTY ?? (stdout as { isTTY?: boolean }).isTTY === true;
  const ttyColumns = isTTY ? (stdout as { columns?: number }).columns : undefined;
  // A table for a person's terminal follows its locale as the app does; files and pipes keep UTF-8.
  setAsciiOnly(isTTY && args.format === undefined && asciiWanted(io.env ?? process.env, args.utf8));
  // The table (and its display-width tables) is only loaded when needed: --json starts faster.
  const table = args.format === undefined ? await newTable(kind, io.columns ?? ttyColumns ?? 80) : undefined;
  const writer = args.format === undefined ? undefined : formatWriter(args.format, kind);
  let started = false;
  const { client } = target;
  // A command's listing is background work: it leaves the quota's reserve to whoever shares the key.
  const quotaWaits = watchQuotaWaits(client.quota, say);
  const fetchPage = (cursor: string | undefined, limit: number, signal: AbortSignal): Promise<ListPage> =>
    fetchListPage(client, kind, args.groupId, { cursor, limit, signal: AbortSignal.any([signal, quotaWaits.signal]), background: true });

  const emit = async (items: readonly RawItem[]): Promise<boolean> => {
    if (writer !== undefined) {
      const head = started ? '' : writer.start();
      started = true;
      return out.write(head + writer.rows(items));
    }
    const header = table?.started === false ? table.start(items) : '';
    return out.write(header + (table?.rows(items) ?? ''));
  };

  try {
    const result = await streamListing({
      fetchPage,
      idOf: listItemId(kind),
      limit: args.limit,
      ...(args.max === undefined ? {} : { max: args.max }),
      emit,
      warn: (message) => say(`warning: ${clean(message)}`),
      onRateLimit: (wait) => say(rateLimitLine(wait)),
      rateLimit: client.rateLimit,
    });
    if (result.end === 'output-closed') return out.failure === undefined ? EXIT_OK : writeFailed(out.failure, say);
    // An empty table still gets its header, so a person sees the columns and that nothing matched;
    // a JSON array is closed only here, once complete: a listing that failed is not valid JSON.
    if (table !== undefined && !table.started) await out.write(table.start([]));
    if (writer !== undefined) await out.write((started ? '' : writer.start()) + writer.end());
    return out.failure === undefined ? EXIT_OK : writeFailed(out.failure, say);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (quotaWaits.gaveUpUntil() !== undefined) {
      say(quotaWaits.gaveUpLine());
      return EXIT_RATE_LIMITED;
    }
    say(errorLine(error, client.rateLimit.maxWaits, target.keySource));
    return exitCodeFor(error);
  } finally {
    quotaWaits.stop();
    out.dispose();
    await target.close();
  }
}

async function newTable(kind: ListKind, width: number): Promise<PlainTable> {
  const { GROUP_COLUMNS, PAGE_COLUMNS, PlainTable } = await import('./plain-table.js');
  return new PlainTable(kind === 'groups' ? GROUP_COLUMNS : PAGE_COLUMNS, width);
}

/** Demo server, or base URL plus key. Returns an exit code when it cannot go on. */
async function openTarget(
  args: ListArgs,
  env: Env,
  keychain: KeychainOptions | undefined,
  say: (line: string) => void,
  clientOptions: Pick<ApiClientOptions, 'timeout' | 'observer'>,
): Promise<Target | number> {
  if (args.demo) {
    const { startDemoServer } = await import('../../demo-server/index.js');
    const demo = await startDemoServer({ faults: true });
    const client = createApiClient({ baseUrl: new URL(demo.url), getApiKey: () => demo.apiKey, version: VERSION, ...clientOptions });
    return { client, close: () => closeAll(client, () => demo.close()) };
  }

  const resolved = resolveBaseUrl({ flag: args.baseUrl, profile: args.profile, env, configSaid: true });
  if (resolved.warning !== undefined) say(`warning: ${clean(resolved.warning)}`);
  if (resolved.error !== undefined) {
    say(clean(resolved.error));
    return EXIT_USAGE;
  }
  if (resolved.baseUrl === undefined) {
    say(NO_BASE_URL_MESSAGE);
    return EXIT_USAGE;
  }
  let baseUrl: URL;
  try {
    baseUrl = parseBaseUrl(resolved.baseUrl, { allowInsecureHttp: args.allowInsecureHttp });
  } catch (error) {
    if (!isApiError(error)) throw error;
    say(clean(error.message));
    return EXIT_USAGE;
  }
  const doubled = baseUrlWarning(baseUrl);
  if (doubled !== undefined) say(`warning: ${clean(doubled)}`);

  const found = await resolveApiKey(baseUrl.origin, env, keychain === undefined ? {} : { keychain });
  const key = found.key;
  if (key === undefined) {
    // A credentials file skipped (others can read it…) may hold the key: its fix comes first.
    say(found.fileNote === undefined ? `no API key for ${baseUrl.origin}: ${KEY_HINT}.` : `no API key for ${baseUrl.origin}: ${found.fileNote} Otherwise ${KEY_HINT}.`);
    return EXIT_AUTH;
  }
  let client: ApiClient;
  try {
    client = createApiClient({ baseUrl, getApiKey: () => key, version: VERSION, ...clientOptions, proxyEnv: env });
  } catch (error) {
    // A proxy variable that is not a proxy URL.
    if (!isApiError(error)) throw error;
    say(clean(error.message));
    return EXIT_USAGE;
  }
  return { client, keySource: found.source, close: () => closeAll(client) };
}

async function closeAll(client: ApiClient, more?: () => Promise<void>): Promise<void> {
  await client.close().catch(() => {});
  await more?.().catch(() => {});
}

/** One line for stderr: code or title with the HTTP status, the detail, the fields, the requestId; all server text sanitised. */
export function errorLine(error: ApiError, maxWaits = DEFAULT_MAX_RATE_LIMIT_WAITS, keySource?: ApiKeySource, now = Date.now()): string {
  const text = errorLineText(summarizeError(error), {
    cut,
    ...(error.kind === 'auth' ? { hint: rejectedKeyHint(keySource) } : {}),
    ...(error.kind === 'rate-limit' ? { after: gaveUpText(error, maxWaits, now) } : {}),
  });
  return `error ${text}`;
}

/** Why a command stopped at a rate limit: its waits in a row were spent, or the wait asked for is longer than a command takes. */
function gaveUpText(error: ApiError, maxWaits: number, now: number): string {
  const wait = error.retryAt === undefined ? 0 : error.retryAt - now;
  if (wait <= COMMAND_MAX_WAIT_MS) return `Gave up after waiting ${maxWaits} times in a row`;
  const longest = `longer than a command waits (${COMMAND_MAX_WAIT_MS / 60_000} minutes)`;
  // Capped at a day: the time the server gave is not the one known here.
  if (error.retryCapped === true) return `Gave up: the server asks to wait more than a day, ${longest}`;
  const until = utcDateTime(error.retryAt ?? now);
  return `Gave up: the server asks to wait ${durationText(wait / 1000)} (until ${until}), ${longest}`;
}

function rateLimitLine(wait: RateLimitWait): string {
  const secs = Math.max(1, Math.ceil(wait.waitMs / 1000));
  const id = wait.error.requestId === undefined ? '' : `, requestId: ${clean(wait.error.requestId)}`;
  return `rate limited (HTTP 429${id}); waiting ${secs}s before retrying (${wait.attempt} of ${wait.maxAttempts}).`;
}

function writeFailed(error: Error, say: (line: string) => void): number {
  say(`could not write standard output: ${clean(writeErrorReason(error))}`);
  return EXIT_WRITE;
}

/** Server text made terminal-safe and cut (by code points: an error line needs no column layout). */
function clean(text: string): string {
  return cut(sanitize(text));
}

function cut(safe: string): string {
  if (safe.length <= MAX_MESSAGE_CHARS) return safe;
  const chars = Array.from(safe);
  return chars.length <= MAX_MESSAGE_CHARS ? safe : `${chars.slice(0, MAX_MESSAGE_CHARS - 1).join('')}…`;
}
