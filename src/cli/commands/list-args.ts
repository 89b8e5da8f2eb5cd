/**
 * Flags of `pagetui groups` and `pagetui pages <page-group-id>`. Everything is checked here,
 * before any key lookup or request: a bad value is one clear sentence and exit code 2.
 */
import { parseFlags } from '../../flags/parse-flags.js';
import { isApiError } from '../../api/http/errors.js';
import { encodeIdSegment, MAX_LIMIT } from '../../api/http/paths.js';
import type { ListKind } from '../../api/pager/list-pager.js';
import { escapeJsonControls } from '../../text/json.js';
import { harPathProblem } from '../har-path.js';
import { EXPORT_FORMATS, isExportFormat, type ExportFormat } from '../../formats/export-format.js';

export type { ListKind } from '../../api/pager/list-pager.js';

export interface ListArgs {
  readonly kind: ListKind;
  /** Only for `pages`. */
  readonly groupId?: string;
  readonly json: boolean;
  /** `--format` (`--json` is `--format ndjson`); absent: the aligned table. */
  readonly format?: ExportFormat;
  /** 1..100; default 100. */
  readonly limit: number;
  /** Positive; absent means no cap. */
  readonly max?: number;
  readonly demo: boolean;
  readonly baseUrl?: string;
  readonly profile?: string;
  readonly allowInsecureHttp: boolean;
  /** `--har FILE`: every request written there as HAR 1.2 at exit. */
  readonly har?: string;
  /** `--timeout SECONDS` as typed (checked with PAGETUI_TIMEOUT and the config in timeout-setting.ts). */
  readonly timeout?: string;
  /** `--log FILE`: the debug log. */
  readonly log?: string;
  /** `--utf8`: the terminal shows UTF-8 whatever the locale says (the table is then not made ASCII). */
  readonly utf8?: true;
}

/** A command line the user got wrong; the message is shown as is. */
export class ListUsageError extends Error {
  override readonly name = 'ListUsageError';
}

const DEFAULT_LIMIT = MAX_LIMIT;

const OPTIONS = {
  json: { type: 'boolean', default: false },
  format: { type: 'string' },
  limit: { type: 'string' },
  max: { type: 'string' },
  demo: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'allow-insecure-http': { type: 'boolean', default: false },
  har: { type: 'string' },
  timeout: { type: 'string' },
  log: { type: 'string' },
  utf8: { type: 'boolean', default: false },
} as const;

const WHOLE_NUMBER = /^[0-9]+$/;

/** Parses the arguments after `groups` / `pages`. Throws ListUsageError. */
export function parseListArgs(kind: ListKind, argv: readonly string[]): ListArgs {
  const cmd = `pagetui ${kind}`;
  const { values, positionals } = parseFlags(argv, OPTIONS, (sentence) => new ListUsageError(`${sentence}. Run "${cmd} --help" for usage.`));

  let groupId: string | undefined;
  if (kind === 'pages') {
    groupId = positionals[0];
    if (groupId === undefined) {
      throw new ListUsageError(`missing the page group id. Usage: pagetui pages <page-group-id> [flags]`);
    }
    try {
      encodeIdSegment(groupId);
    } catch (error) {
      throw new ListUsageError(isApiError(error) ? error.message : 'The page group id cannot be used.');
    }
  }
  const extra = positionals[kind === 'pages' ? 1 : 0];
  if (extra !== undefined) {
    throw new ListUsageError(`unexpected argument ${quote(extra)}. Run "${cmd} --help" for usage.`);
  }

  const limit = values.limit === undefined ? DEFAULT_LIMIT : wholeNumber(values.limit);
  if (limit === undefined || limit < 1 || limit > MAX_LIMIT) {
    throw new ListUsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}, not ${quote(values.limit ?? '')}.`);
  }
  const max = values.max === undefined ? undefined : wholeNumber(values.max);
  if (values.max !== undefined && (max === undefined || max < 1)) {
    throw new ListUsageError(`--max must be a whole number of at least 1, not ${quote(values.max ?? '')}.`);
  }
  if (values.demo && (values['base-url'] !== undefined || values.profile !== undefined)) {
    throw new ListUsageError(`--demo cannot be combined with --base-url or --profile: it runs its own server.`);
  }
  if (values.har !== undefined && values.har.trim() === '') {
    throw new ListUsageError(`--har needs a file name, e.g. --har run.har.`);
  }
  const harProblem = values.har === undefined ? undefined : harPathProblem(values.har);
  if (harProblem !== undefined) throw new ListUsageError(harProblem);
  const format = outputFormat(values.format, values.json);
  return {
    kind,
    ...(groupId === undefined ? {} : { groupId }),
    json: format === 'ndjson',
    ...(format === undefined ? {} : { format }),
    limit,
    ...(max === undefined ? {} : { max }),
    demo: values.demo,
    ...(values['base-url'] === undefined ? {} : { baseUrl: values['base-url'] }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    allowInsecureHttp: values['allow-insecure-http'],
    ...(values.har === undefined ? {} : { har: values.har }),
    ...(values.timeout === undefined ? {} : { timeout: values.timeout }),
    ...(values.log === undefined ? {} : { log: values.log }),
    ...(values.utf8 ? { utf8: true as const } : {}),
  };
}

/** `--format NAME`, or `--json` (NDJSON, as it always was); both only when they agree. */
function outputFormat(format: string | undefined, json: boolean): ExportFormat | undefined {
  if (format === undefined) return json ? 'ndjson' : undefined;
  const name = format.toLowerCase();
  if (!isExportFormat(name)) throw new ListUsageError(`--format takes ${EXPORT_FORMATS.join(', ')}, not ${quote(format)}.`);
  if (json && name !== 'ndjson') throw new ListUsageError(`--json means --format ndjson; it cannot be combined with --format ${name}.`);
  return name;
}

/** A user's value in quotes, with control characters escaped. */
const quote = (text: string): string => escapeJsonControls(JSON.stringify(text));

function wholeNumber(text: string): number | undefined {
  if (!WHOLE_NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
