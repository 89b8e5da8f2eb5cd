/**
 * The `e` prompt: ask for a path (prefilled), write the shown rows in the format its extension
 * names (.csv, .tsv, .json; NDJSON otherwise: src/formats/export-format.ts), and when the file
 * exists ask "overwrite? y/N" instead of replacing it. The file is written a batch of rows at a
 * time (the prompt counts them once writing has begun; Esc cancels, leaving the old file). What it
 * says is fitted to the width (export-message.ts). State lives in the store's input bar.
 */
import { basename } from 'node:path';
import type { ItemSeq } from '../../../api/types.js';
import { defaultExportPath, FileExistsError } from '../../services/export.js';
import { formatForPath, formatInBatches } from '../../../formats/export-format.js';
import { exportedMessage, failedMessage, keptMessage, refitted } from './export-message.js';
import type { InputBar } from './input-bar.js';
import type { ListKind } from '../list/list-view.js';
import type { StoreContext } from '../store-context.js';
import type { VisibleList } from '../list/visible-list.js';
import { countText } from '../../../text/count.js';
import { keyNamed } from '../../keys/help.js';
import { inForms, type StatusMessage } from '../status-message.js';

type ExportInput = Extract<InputBar, { kind: 'export' }>;

const count = countText;

/** "3 page groups", "1 page". */
export function itemsNoun(n: number, kind: ListKind): string {
  const noun = kind === 'groups' ? 'page group' : 'page';
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** `e` with no row to write; narrow, it keeps "nothing to export" whole. */
export function nothingToExportMessage(filtered: boolean): StatusMessage {
  if (!filtered) return { tone: 'warning', text: 'Nothing loaded to export.' };
  return { tone: 'warning', ...inForms(['No row matches: nothing to export.', 'No match: nothing to export.', 'Nothing to export.']) };
}

export class ExportFlow {
  /** The write in progress, which Esc stops. */
  #running: AbortController | undefined;

  constructor(private readonly ctx: StoreContext) {}

  /**
   * Opens the prompt with this list's own default path (`./page-groups.ndjson`,
   * `./<group>-pages.ndjson`); the paths written before are its history (Up, Ctrl-p), so a path
   * typed for another list or in another session is never what Enter writes unasked.
   */
  open(visible: VisibleList, kind: ListKind, groupId: string | undefined): void {
    if (!this.ctx.options.exporter) return this.ctx.toast({ tone: 'warning', text: 'Exporting is not available here.' });
    if (visible.items.length === 0) return this.ctx.toast(nothingToExportMessage(visible.filtered));
    const text = defaultExportPath(kind === 'pages' ? groupId : undefined);
    this.ctx.inputFlow.set({ kind: 'export', text, stage: 'path', count: visible.items.length, filtered: visible.filtered, defaultName: basename(text) });
  }

  /** Enter on the path: write, unless the file exists (then ask). */
  submit(items: ItemSeq, kind: ListKind): void {
    const input = this.current();
    if (!input || input.stage !== 'path') return;
    if (input.text.trim() === '') return this.ctx.toast({ tone: 'warning', text: `Type a file name, or press ${keyNamed('cancel', 'export')}.` });
    this.write(input, items, kind, false);
  }

  /** The answer to "overwrite? y/N". */
  answer(yes: boolean, items: ItemSeq, kind: ListKind): void {
    const input = this.current();
    if (!input || input.stage !== 'confirm') return;
    if (yes) return this.write(input, items, kind, true);
    this.ctx.inputFlow.set(null);
    // Not an error, but not done either: said as a warning, so a screen reader hears its kind.
    this.ctx.toast({ tone: 'warning', ...keptMessage(input.shownPath ?? input.text) });
  }

  /** Esc: closes the prompt; while checking or writing, stops the write (its temporary file goes, the old file stays). */
  cancel(): void {
    const input = this.current();
    if (!input) return;
    if (input.stage === 'writing' || input.stage === 'checking') this.#running?.abort(new Error('Export cancelled')); // an Error: its message may be edited
    this.ctx.inputFlow.set(null);
  }

  private current(): ExportInput | undefined {
    const input = this.ctx.snapshot().input;
    return input?.kind === 'export' ? input : undefined;
  }

  private write(input: ExportInput, items: ItemSeq, kind: ListKind, overwrite: boolean): void {
    const exporter = this.ctx.options.exporter;
    if (!exporter) return;
    const path = input.text.trim();
    const shownPath = exporter.display(path);
    // "Exporting… 0 of N" only once the file is being written: until then the name is checked.
    let shown: ExportInput = { ...input, stage: 'checking', shownPath, done: undefined };
    this.ctx.inputFlow.set(shown);
    const still = () => this.ctx.snapshot().input === shown;
    const running = new AbortController();
    this.#running = running;
    const progress = (done: number) => {
      if (!still()) return;
      shown = { ...shown, stage: 'writing', done };
      this.ctx.inputFlow.set(shown);
    };
    const rows = formatInBatches(formatForPath(path), kind, items, { onBatch: progress, signal: running.signal });
    // Ask before writing a long file only to find the name taken; the no-clobber link still guards a race.
    const taken = overwrite ? Promise.resolve(false) : exporter.exists(path);
    const written = taken.then((exists) => {
      if (exists) throw new FileExistsError(path);
      running.signal.throwIfAborted();
      return exporter.write(path, startsWriting(rows, () => progress(0)), overwrite);
    });
    written.then(
      () => {
        // Remembered once written: the next `e` is not filled with a path that failed.
        this.ctx.history.add('export', path);
        if (still()) this.ctx.inputFlow.set(null);
        const scope = input.filtered ? ' (the filtered rows)' : '';
        this.ctx.toast({ tone: 'success', ...refitted((w) => exportedMessage(itemsNoun(items.length, kind), shownPath, w, scope)) });
      },
      (error: unknown) => {
        if (running.signal.aborted) return this.ctx.toast({ tone: 'warning', text: 'Export cancelled', hint: `${shownPath} was left as it was` });
        if (!still()) return;
        if (error instanceof FileExistsError && !overwrite) {
          this.ctx.inputFlow.set({ ...shown, stage: 'confirm', done: undefined });
          return;
        }
        this.ctx.inputFlow.set(null);
        const defaultName = input.defaultName ?? basename(defaultExportPath());
        this.ctx.toast({ tone: 'error', ...refitted((w) => failedMessage({ error, path: shownPath, defaultName }, w)) });
      },
    ).finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
  }
}

/** `pieces`, calling `onStart` when the first is asked for: the file is being written then. */
async function* startsWriting<T>(pieces: AsyncIterable<T>, onStart: () => void): AsyncGenerator<T> {
  onStart();
  yield* pieces;
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly exportFlow: ExportFlow;
  }
}
