/** Command-line options of `pagetui demo-server`. */
import { isLoopbackHost } from '../api/http/base-url.js';
import { parseFlags } from '../flags/parse-flags.js';
import { DATA_SHAPES, type DataShape } from './data.js';
import type { DemoServerOptions } from './index.js';
import { QUOTA_HEADER_FORMS, type QuotaHeaders } from './rate-limiter.js';

/** Usage text for `pagetui demo-server --help`. */
export const DEMO_SERVER_USAGE = `Usage: pagetui demo-server [options]

Runs the demo Page Service on a loopback address. It accepts any API key except "invalid"
(which it rejects with 401, to try the error path).

Options:
  --port <n>          port to listen on (default: a free port)
  --host <host>       loopback address to listen on (default: 127.0.0.1)
  --seed <n>          seed for the generated data (default: 1)
  --latency <ms>      delay before every response (default: 0)
  --pages <n>         pages in the largest group, grp-1 (default: 10000)
  --groups <n>        number of ordinary page groups (default: 36)
  --rate-limit <n>    requests per second per key; beyond it 429 (default: unlimited)
  --quota <n>         requests per key per window (a fixed window); beyond it 429
  --window <s>        the quota's window in seconds (default: 60)
  --quota-headers <f> how the quota is announced: draft (RateLimit-Policy/RateLimit,
                      the default), legacy (RateLimit-*), x (X-RateLimit-*) or none
  --churn <n>         grp-1 changes every 3 s: n pages renamed, one new page, one gone
  --faults            add page groups that fail on purpose (400, 429, 502) and one whose
                      titles, names and statuses are hostile text (escapes, wide, unknown)
  --no-compress       never compress; by default responses are sent gzip- or
                      br-encoded when the request's Accept-Encoding allows it
  --shape <name>      what the pages look like: demo (the default), custom (every page its
                      own names), long (150-250 characters, many scripts, wide), sparse
                      (optional fields left out) or mixed (all of them)
`;

type IntKey = 'port' | 'seed' | 'latencyMs' | 'pages' | 'rateLimit' | 'groups' | 'quota' | 'windowSeconds' | 'churn';

/** The whole-number flags: the option each sets and the values it takes. */
const INT_FLAGS: Record<string, { readonly key: IntKey; readonly min: number; readonly max: number }> = {
  port: { key: 'port', min: 0, max: 65_535 },
  seed: { key: 'seed', min: 0, max: 2 ** 32 - 1 },
  latency: { key: 'latencyMs', min: 0, max: 600_000 },
  pages: { key: 'pages', min: 0, max: 100_000_000 },
  'rate-limit': { key: 'rateLimit', min: 1, max: 1_000_000 },
  groups: { key: 'groups', min: 0, max: 10_000 },
  quota: { key: 'quota', min: 1, max: 1_000_000 },
  window: { key: 'windowSeconds', min: 1, max: 86_400 },
  churn: { key: 'churn', min: 0, max: 15 },
};

const OPTIONS = {
  ...Object.fromEntries(Object.keys(INT_FLAGS).map((name) => [name, { type: 'string' }] as const)),
  host: { type: 'string' },
  'quota-headers': { type: 'string' },
  shape: { type: 'string' },
  faults: { type: 'boolean' },
  'no-compress': { type: 'boolean' },
} as const;

/**
 * Parses `--port 8080 --seed 2 --latency 100 --pages 100000 --rate-limit 5 --faults --no-compress` (also
 * `--port=8080`). Throws an Error with one clear sentence on an unknown flag or a bad value.
 */
export function parseDemoServerArgs(argv: string[]): DemoServerOptions {
  const { values, positionals } = parseFlags(argv, OPTIONS, (sentence) => new Error(`${sentence}.`));
  if (positionals[0] !== undefined) throw new Error(`Unknown option "${positionals[0]}" for demo-server; try --help.`);
  const opts: DemoServerOptions = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '') throw new Error(`--${name} needs a value.`);
    const rule = INT_FLAGS[name];
    if (rule && typeof value === 'string') {
      if (!/^[0-9]+$/.test(value) || Number(value) < rule.min || Number(value) > rule.max) {
        throw new Error(`--${name} must be a whole number from ${rule.min} to ${rule.max}, not "${value}".`);
      }
      opts[rule.key] = Number(value);
    }
  }
  if (values.faults) opts.faults = true;
  if (values['no-compress']) opts.compress = false;
  if (values.host !== undefined) {
    if (!isLoopbackHost(values.host)) throw new Error(`--host must be a loopback address (127.0.0.1, ::1 or localhost), not "${values.host}".`);
    opts.host = values.host;
  }
  const quotaHeaders = values['quota-headers'];
  if (quotaHeaders !== undefined) {
    if (!isQuotaHeaders(quotaHeaders)) throw new Error(`--quota-headers must be one of ${QUOTA_HEADER_FORMS.join(', ')}, not "${quotaHeaders}".`);
    opts.quotaHeaders = quotaHeaders;
  }
  const shape = values.shape;
  if (shape !== undefined) {
    if (!isShape(shape)) throw new Error(`--shape must be one of ${DATA_SHAPES.join(', ')}, not "${shape}".`);
    opts.shape = shape;
  }
  return opts;
}

const isShape = (value: string): value is DataShape => (DATA_SHAPES as readonly string[]).includes(value);
const isQuotaHeaders = (value: string): value is QuotaHeaders => (QUOTA_HEADER_FORMS as readonly string[]).includes(value);
