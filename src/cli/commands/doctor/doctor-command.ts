/**
 * `pagetui doctor`: why pagetui looks and behaves as it does on this machine. Each group of
 * checks has a deadline; the report is text (one line a check) or, with --json, one object.
 * Exit 0 when nothing failed, 1 when a check failed, 2 for a bad command line.
 */
import type { KeychainOptions } from '../../../auth/keychain.js';
import type { Env } from '../../../auth/paths.js';
import { asciiWanted, setAsciiOnly } from '../../../text/charset.js';
import { VERSION } from '../../../version.js';
import { findAuthTarget } from '../auth-target.js';
import { parseCommandFlags } from '../command-flags.js';
import { EXIT, line } from '../command-io.js';
import { debugLogCheck, keyChecks, type KeyFinding } from './auth-checks.js';
import { configCheck } from './config-check.js';
import { result, withDeadline, type CheckResult } from './check.js';
import { clipboardCheck } from './clipboard-check.js';
import { keymapCheck } from './keymap-check.js';
import { listCacheCheck } from './list-cache-check.js';
import { proxyCheck, proxyFailure } from './proxy-check.js';
import { anyFailed, jsonReport, textReport } from './report.js';
import { localeCheck, nodeCheck } from './runtime-checks.js';
import { doctorLimit, serviceChecks } from './service-checks.js';
import { responseLimit } from '../../timeout-setting.js';
import { loadConfig } from '../../../auth/config.js';
import { terminalCheck, themeCheck, type TerminalIo } from './terminal-checks.js';
import { presentationCheck } from './presentation-check.js';
import { isThemeChoice } from '../../../ui/index.js';

/** The terminal's answer takes ~100 ms, up to about a second on a slow link. */
const THEME_DEADLINE_MS = 3_000;
/** Two keychain calls (the key, then a probe), 2 s each at most. */
const KEY_DEADLINE_MS = 6_000;
/** The service's request has its own limit (--timeout); this is only a backstop past it. */
const SERVICE_SLACK_MS = 1_000;

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  demo: { type: 'boolean', default: false },
  'allow-insecure-http': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  'screen-reader': { type: 'boolean', default: false },
  'reduce-motion': { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
  theme: { type: 'string' },
} as const;

export interface DoctorIo extends TerminalIo {
  readonly stderr: NodeJS.WritableStream;
  readonly env: Env;
  readonly keychain?: KeychainOptions;
}

const processIo = (): DoctorIo => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });

interface Target {
  readonly baseUrl?: URL;
  readonly check: CheckResult;
  readonly demoKey?: string;
  readonly close?: () => Promise<void>;
}

async function findTarget(io: DoctorIo, flags: { 'base-url'?: string; profile?: string; demo: boolean; 'allow-insecure-http': boolean }): Promise<Target> {
  if (flags.demo) {
    const { startDemoServer } = await import('../../../demo-server/index.js');
    const demo = await startDemoServer({});
    const baseUrl = new URL(demo.url);
    return { baseUrl, demoKey: demo.apiKey, check: result('base-url', 'Base URL', 'pass', `${demo.url} (the demo server, --demo)`, { url: demo.url, from: '--demo' }), close: () => demo.close() };
  }
  const r = findAuthTarget(io.env, flags, { allowInsecureHttp: flags['allow-insecure-http'] });
  if (!r.ok) return { check: result('base-url', 'Base URL', 'fail', r.problem, { url: null, from: null }) };
  const { target } = r;
  return { baseUrl: target.baseUrl, check: result('base-url', 'Base URL', 'pass', `${target.baseUrlText} (from ${target.from})`, { url: target.baseUrlText, from: target.from }) };
}

export async function runDoctor(argv: string[], io: DoctorIo = processIo()): Promise<number> {
  const flags = parseCommandFlags(argv, OPTIONS, 'doctor');
  if (!flags.ok) {
    line(io.stderr, `pagetui: ${flags.message}`);
    return EXIT.usage;
  }
  const f = flags.values;
  if (f.demo && f['base-url'] !== undefined) {
    line(io.stderr, 'pagetui: --demo and --base-url cannot be used together: --demo runs its own server.');
    return EXIT.usage;
  }
  const { env } = io;
  const appLimit = responseLimit(f.timeout, env, loadConfig(env).config);
  if ('problem' in appLimit) {
    line(io.stderr, `pagetui: ${appLimit.problem}`);
    return EXIT.usage;
  }
  const limit = doctorLimit(appLimit, f.timeout !== undefined);
  const themeFlag = f.theme?.toLowerCase();
  if (themeFlag !== undefined && !isThemeChoice(themeFlag)) {
    line(io.stderr, `pagetui: --theme takes auto, dark or light, not "${f.theme}".`);
    return EXIT.usage;
  }
  setAsciiOnly(asciiWanted(env));
  const target = await findTarget(io, f);
  try {
    const origin = target.baseUrl?.origin;
    let finding: KeyFinding = { checks: [] };
    const [theme, keyLines] = await Promise.all([
      withDeadline('theme', 'Theme', THEME_DEADLINE_MS, async () => [await themeCheck(env, io, themeFlag)]),
      withDeadline('key', 'API key', KEY_DEADLINE_MS, async () => {
        finding = await keyChecks(origin, env, io.keychain ?? {}, target.demoKey);
        return finding.checks;
      }),
    ]);
    // Past the deadline the key is not used, even if it turns up later.
    const key = keyLines === finding.checks ? finding.key : undefined;
    const baseUrl = target.baseUrl;
    const noKey = finding.unsendable ? 'the API key cannot be sent (see API key)' : undefined;
    const service = baseUrl === undefined ? [] : await withDeadline('service.reach', 'Service', limit.ms + SERVICE_SLACK_MS, () => serviceChecks(baseUrl, key, limit, Date.now, noKey));
    const checks = [
      nodeCheck(),
      localeCheck(env),
      terminalCheck(env),
      ...theme,
      presentationCheck({ screenReader: f['screen-reader'], reduceMotion: f['reduce-motion'] }, env, loadConfig(env).config),
      clipboardCheck(env),
      configCheck(env),
      listCacheCheck(env, loadConfig(env).config, f['no-cache']),
      keymapCheck(env),
      debugLogCheck(env),
      ...keyLines,
      target.check,
      proxyCheck(target.baseUrl, env, proxyFailure(service)),
      ...service,
    ];
    const secrets = finding.key === undefined ? [] : [finding.key];
    io.stdout.write(f.json ? jsonReport(checks, secrets, VERSION) : textReport(checks, secrets, terminalColumns(io.stdout)));
    return anyFailed(checks) ? EXIT.failure : EXIT.ok;
  } finally {
    await target.close?.().catch(() => undefined);
  }
}

/** The terminal's width when stdout is one (the report then wraps to it), else undefined. */
function terminalColumns(stdout: NodeJS.WritableStream): number | undefined {
  const tty = stdout as { isTTY?: boolean; columns?: number };
  return tty.isTTY === true && typeof tty.columns === 'number' && tty.columns > 0 ? tty.columns : undefined;
}
