/**
 * `E`: the last error in full, wrapped to the terminal's width: every part the status line may
 * cut, the request, when it happened, the response body as the server sent it (from the
 * inspector's log, where the key is already taken out), and what to press next. Every server
 * string is sanitised (by `wrapIndented`). Scrolls like the details; `y` copies the whole text.
 */
import type { Exchange } from '../../api/inspector/exchange-log.js';
import { FIRST_TEXT_LINE, moveTextCursor } from './line-cursor.js';
import { wrapSpokenIndented } from '../presentation/spoken-wrap.js';
import { errorHead } from '../../text/error-summary.js';
import { sanitize } from '../../text/index.js';
import { spokenDateTime } from '../../text/spoken-date.js';
import type { Command } from '../keys/bindings.js';
import { keyNamed, listKey } from '../keys/help.js';
import { clipboardSafe, type Clipboard } from '../services/clipboard.js';
import { copiedMessage } from './details/copy-status.js';
import { bodyLines, wrapIndented } from './inspector/inspector-lines.js';
import { localDateTime } from '../../text/clock-time.js';
import type { LastError } from './store-types.js';
import { listRows } from './layout.js';
import type { StatusMessage } from './status-message.js';
import { errorNextStep } from './status.js';
import type { AppSnapshot } from './store-types.js';

export const NO_ERROR = 'No error so far.';

/** The body part: as sent (pretty-printed when JSON), or why it is not here. */
function bodyPart(exchange: Exchange | undefined, hasLog: boolean, answered: boolean): string[] {
  // A failure on the way (refused, reset, unreadable headers) had no body to keep.
  if (exchange === undefined && !answered) return ['Response body: none (no response arrived)'];
  if (exchange === undefined) return [hasLog ? 'Response body: no longer kept (the inspector keeps the newest requests)' : 'Response body: not recorded'];
  if (exchange.status === 0) return ['Response body: none (no response arrived)'];
  if (exchange.body === undefined) return [exchange.bytes === 0 ? 'Response body: empty' : 'Response body: no longer kept (only the newest requests keep theirs)'];
  if (exchange.body.text === '') return ['Response body: empty'];
  return [exchange.body.truncated ? 'Response body (cut at the size cap):' : 'Response body:', ...bodyLines(exchange.body.text).map((l) => `  ${l}`)];
}

/** What the status bar said of an error of the app's own, whole: its code, words and what to press. */
function saidLines(said: StatusMessage | undefined): string[] {
  if (said === undefined) return [];
  const words = [said.code, said.field, said.reason, said.text, said.hint].filter((p): p is string => p !== undefined && p !== '');
  return [words.join(' — '), ''];
}

/** When it happened: `2026-11-27 14:03:05`, or for a screen reader "27 November 2026, 14:03 UTC". */
const whenText = (epochMs: number, spoken: boolean): string => (spoken && spokenDateTime(new Date(epochMs).toISOString())) || localDateTime(epochMs);

/** The problems found at start in the config and its keymap, each whole. */
function startupLines(problems: readonly string[]): string[] {
  if (problems.length === 0) return [];
  const heading = problems.length === 1 ? 'At start, 1 problem in the config:' : `At start, ${problems.length} problems in the config:`;
  return [heading, ...problems.map((p) => `  - ${p}`), '', `Next: fix them in the config file (pagetui config check lists them too). ${keyNamed('back', 'errorView')} closes this.`].map(sanitizeLine);
}

/** The overlay's lines before wrapping (also what `y` copies): the last error, then the problems found at start. */
function errorViewText(last: LastError | undefined, exchange: Exchange | undefined, hasLog: boolean, spoken: boolean, startup: readonly string[]): string[] {
  if (last === undefined) return startup.length > 0 ? startupLines(startup) : [NO_ERROR];
  const error = lastErrorText(last, exchange, hasLog, spoken);
  return startup.length > 0 ? [...error, '', ...startupLines(startup)] : error;
}

/** The last error's lines. Server strings are sanitised by the caller of each form. */
function lastErrorText(last: LastError, exchange: Exchange | undefined, hasLog: boolean, spoken: boolean): string[] {
  const { error, said } = last;
  if (error === undefined) return [...saidLines(said), `When: ${whenText(last.at, spoken)}`, '', `Next: ${keyNamed('back', 'errorView')} closes this.`].map(sanitizeLine);
  const lines = [...saidLines(said), errorHead(error), '', `Code: ${error.code}`];
  if (error.status !== undefined) lines.push(`HTTP status: ${error.status}${error.title === undefined ? '' : ` ${error.title}`}`);
  if (error.path !== undefined) lines.push(`Request: ${exchange?.method ?? 'GET'} ${error.path}`);
  lines.push(`When: ${whenText(last.at, spoken)}`);
  if (error.fieldErrors.length > 0) {
    lines.push('Errors:');
    for (const fe of error.fieldErrors) lines.push(`  - ${[fe.field === undefined ? '' : `field ${fe.field}`, fe.reason ?? ''].filter((p) => p !== '').join(': ')}`);
    if (error.moreErrors !== undefined && error.moreErrors > 0) lines.push(`  (+${error.moreErrors} more not kept)`);
  }
  lines.push(`Detail: ${error.detail ?? error.message}`);
  if (error.requestId !== undefined) lines.push(`Request id: ${error.requestId}`);
  if (error.instance !== undefined) lines.push(`Instance: ${error.instance}`);
  const next = errorNextStep(error, last.restart);
  const inspector = next.includes(`${listKey('inspector')} shows`) ? '' : ` ${listKey('inspector')} shows the request and its answer.`;
  lines.push('', ...bodyPart(exchange, hasLog, error.status !== undefined), '', `Next: ${next}${inspector} ${keyNamed('back', 'errorView')} closes this.`);
  return lines.map(sanitizeLine);
}

/** One line of the text: server strings cleaned, the indent kept. */
const sanitizeLine = (line: string): string => {
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  return indent + sanitize(line.slice(indent.length));
};

let wrapped: { readonly text: readonly string[]; readonly width: number; readonly spoken: boolean; readonly lines: string[] } | undefined;

/**
 * The overlay's lines wrapped to `width` (remembered for the last text and width: every scroll key
 * asks again). `spoken` (the screen-reader mode): a line that breaks a sentence ends in "…", and a
 * path fills the line it starts on rather than leaving the words before it alone.
 */
export function errorViewLines(text: readonly string[], width: number, spoken = false): string[] {
  if (wrapped?.text !== text || wrapped.width !== width || wrapped.spoken !== spoken) {
    wrapped = { text, width, spoken, lines: spoken ? wrapSpokenIndented(text, width) : wrapIndented(text, width) };
  }
  return wrapped.lines;
}

let said:
  | { readonly last: LastError | undefined; readonly exchange: Exchange | undefined; readonly kept: boolean; readonly spoken: boolean; readonly startup: readonly string[]; readonly text: string[] }
  | undefined;

/**
 * `errorViewText`, remembered while the error, its exchange, whether its body is kept and the
 * problems found at start stay the same. `spoken`: the screen-reader mode's words.
 */
export function errorViewTextCached(last: LastError | undefined, exchange: Exchange | undefined, hasLog: boolean, spoken = false, startup: readonly string[] = []): string[] {
  const kept = exchange?.body !== undefined;
  if (said === undefined || said.last !== last || said.exchange !== exchange || said.kept !== kept || said.spoken !== spoken || said.startup !== startup) {
    said = { last, exchange, kept, spoken, startup, text: errorViewText(last, exchange, hasLog, spoken, startup) };
  }
  return said.text;
}

/** The rows the overlay's text has (below its title). */
const errorViewRows = (rows: number): number => Math.max(1, listRows(rows));

export interface ErrorViewActions {
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  /** The overlay's text, unwrapped. */
  errorText(): string[];
  readonly clipboard: Clipboard | undefined;
  say(message: StatusMessage): void;
  /** `say` for the outcome of what a key started that ends later (StoreContext.replyToKey). */
  replyToKey?(): (message: StatusMessage) => void;
  /** Moves move a line cursor over the text (the screen-reader mode). */
  readonly lineCursor?: boolean;
}

/** Keys while the last error is shown: close, copy, scroll. */
export function errorViewCommand(command: Command, actions: ErrorViewActions): void {
  const snap = actions.snapshot();
  if (command === 'back' || command === 'showError' || command === 'closeError') return actions.update({ overlay: null, errorScroll: 0, errorLine: 0 });
  if (command === 'copyError') return copyError(actions);
  const body = errorViewRows(snap.rows);
  const lines = errorViewLines(actions.errorText(), snap.columns, actions.lineCursor === true);
  const total = lines.length;
  const max = Math.max(0, total - body);
  const deltas: Partial<Record<Command, number>> = { moveDown: 1, moveUp: -1, pageDown: body, pageUp: -body, top: -Infinity, bottom: Infinity };
  const delta = deltas[command];
  if (delta === undefined) return;
  if (actions.lineCursor) {
    const to = moveTextCursor({ line: snap.errorLine ?? 0, scroll: snap.errorScroll ?? 0 }, delta, lines, body, FIRST_TEXT_LINE);
    if (to.line !== (snap.errorLine ?? 0) || to.scroll !== (snap.errorScroll ?? 0)) actions.update({ errorLine: to.line, errorScroll: to.scroll });
    return;
  }
  const scroll = snap.errorScroll ?? 0;
  const errorScroll = Math.min(max, Math.max(0, scroll + delta));
  if (errorScroll !== scroll) actions.update({ errorScroll });
}

function copyError(actions: ErrorViewActions): void {
  const { clipboard } = actions;
  if (!clipboard) return actions.say({ tone: 'warning', text: 'Copying is not available here.' });
  const lines = actions.errorText();
  if (lines.length === 1 && lines[0] === NO_ERROR) return actions.say({ tone: 'warning', text: 'Nothing to copy: no error yet.' });
  const text = lines.map(clipboardSafe).join('\n');
  const say = actions.replyToKey?.() ?? ((message: StatusMessage) => actions.say(message));
  void clipboard.copy(text).then(
    ({ method }) => say(copiedMessage('the error', method)),
    (error: unknown) => say({ tone: 'error', text: `Could not copy the error: ${error instanceof Error ? error.message : String(error)}` }),
  );
}
