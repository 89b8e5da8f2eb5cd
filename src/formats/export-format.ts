/**
 * The export formats of `pagetui groups`/`pages --format` and of the app's `e`: NDJSON (one item a
 * line, as the server sent it), JSON (one array), CSV (RFC 4180) and TSV. Each is written piece by
 * piece as items arrive (`start`, `rows` for each batch, `end`): nothing holds the whole listing.
 */
import type { ListKind } from '../api/pager/list-pager.js';
import type { ItemSeq, RawItem } from '../api/types.js';
import { ndjsonLines, safeJson } from '../text/json.js';
import { safeCell } from './cells.js';
import { columnsOf } from './columns.js';

export const EXPORT_FORMATS = ['ndjson', 'json', 'csv', 'tsv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (text: string): text is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(text);

/** How the app names a format. */
export const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = { ndjson: 'NDJSON', json: 'JSON', csv: 'CSV', tsv: 'TSV' };

export interface FormatWriter {
  /** What comes before the first item (a header row, `[`). */
  start(): string;
  /** One batch of items. */
  rows(items: readonly RawItem[]): string;
  /** What closes the output once every item is written. */
  end(): string;
}

/** RFC 4180: a field with a comma, a quote, CR or LF is quoted, its quotes doubled; lines end CRLF. */
const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** TSV: a backslash, tab, LF or CR in a value is written `\\`, `\t`, `\n`, `\r`; lines end LF. */
const TSV_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const tsvField = (text: string): string => text.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c] ?? c);

function table(columns: readonly string[], field: (text: string) => string, separator: string, eol: string): FormatWriter {
  const line = (cells: readonly string[]): string => cells.map(field).join(separator) + eol;
  return {
    start: () => line(columns),
    rows: (items) => items.map((item) => line(columns.map((name) => safeCell(item[name])))).join(''),
    end: () => '',
  };
}

function jsonArray(): FormatWriter {
  let first = true;
  return {
    start: () => '[',
    rows: (items) => {
      if (items.length === 0) return '';
      const text = `${first ? '\n' : ',\n'}${items.map((item) => safeJson(item)).join(',\n')}`;
      first = false;
      return text;
    },
    end: () => (first ? ']\n' : '\n]\n'),
  };
}

/** A writer of `format` for items of `kind`. */
export function formatWriter(format: ExportFormat, kind: ListKind): FormatWriter {
  switch (format) {
    case 'ndjson':
      return { start: () => '', rows: ndjsonLines, end: () => '' };
    case 'json':
      return jsonArray();
    case 'csv':
      return table(columnsOf(kind), csvField, ',', '\r\n');
    case 'tsv':
      return table(columnsOf(kind), tsvField, '\t', '\n');
  }
}

/** The whole text of `items` in `format` (the app's export: its items are loaded already). */
export function formatAll(format: ExportFormat, kind: ListKind, items: readonly RawItem[]): string {
  const writer = formatWriter(format, kind);
  return writer.start() + writer.rows(items) + writer.end();
}

export interface BatchOptions {
  /** Items formatted at a time (each batch's objects and text live only until it is written). */
  readonly batchSize?: number;
  /** Called after each batch with the number of items formatted so far. */
  readonly onBatch?: (done: number) => void;
  /** Checked between batches: once aborted, the next step throws its reason. */
  readonly signal?: AbortSignal;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Batches read at once from a list that can read a range in its own order (a sorted or filtered
 * list of a big listing: ItemSeq.readRange). Its rows lie on every page, so each window parses
 * every page once: 8,000 rows of `long` items hold some 12 MB while they are written.
 */
const READ_WINDOW_BATCHES = 8;

/**
 * The text of `items` in `format`, in UTF-8 pieces a batch at a time, with a turn of the event loop
 * between batches (keys keep answering while a long list is written). The pieces joined are
 * byte for byte {@link formatAll}'s text.
 */
export async function* formatInBatches(format: ExportFormat, kind: ListKind, items: ItemSeq, options: BatchOptions = {}): AsyncGenerator<Uint8Array> {
  const { batchSize = 1000, onBatch, signal } = options;
  const writer = formatWriter(format, kind);
  const start = writer.start();
  if (start !== '') yield Buffer.from(start, 'utf8');
  const windowSize = batchSize * READ_WINDOW_BATCHES;
  for (let from = 0; from < items.length; from += windowSize) {
    const end = Math.min(from + windowSize, items.length);
    let window: readonly (RawItem | undefined)[] | undefined;
    for (let batchFrom = from; batchFrom < end; batchFrom += batchSize) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      window ??= items.readRange?.(from, end);
      const batch: RawItem[] = [];
      const to = Math.min(batchFrom + batchSize, end);
      for (let at = batchFrom; at < to; at++) {
        const item = window === undefined ? items.at(at) : window[at - from];
        if (item !== undefined) batch.push(item);
      }
      const text = writer.rows(batch);
      if (text !== '') yield Buffer.from(text, 'utf8');
      onBatch?.(to);
    }
  }
  signal?.throwIfAborted();
  const end = writer.end();
  if (end !== '') yield Buffer.from(end, 'utf8');
}

/** The format a file name asks for by its extension (`.csv`, `.tsv`, `.json`); NDJSON otherwise. */
export function formatForPath(path: string): ExportFormat {
  const extension = /\.([A-Za-z]+)$/.exec(path.trim())?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'tsv' || extension === 'json') return extension;
  return 'ndjson';
}
