/**
 * The `e` prompt: ask for a path (prefilled), write the shown rows in the format its extension
 * names (.csv, .tsv, .json; NDJSON otherwise: src/formats/export-format.ts), and when the file
 * exists ask "overwrite? y/N" instead of replacing it. State lives in the store's input bar.
 */
import { basename, sep } from 'node:path';
import { itemArray } from '../../../api/pager/packed-items.js';
import type { ItemSeq } from '../../../api/types.js';
import { defaultExportPath, FileExistsError } from '../../services/export.js';
import { formatAll, formatForPath } from '../../../formats/export-format.js';
import type { InputBar } from './input-bar.js';
import type { ListKind } from '../list/list-view.js';
import type { StoreContext } from '../store-context.js';
import type { VisibleList } from '../list/visible-list.js';
import { countText } from '../../../text/count.js';

type ExportInput = Extract<InputBar, { kind: 'export' }>;

const count = countText;

/** A name `e` offers by itself: `./page-groups.ndjson`, `./<group>-pages.ndjson`. */
const isDefaultExportName = (path: string): boolean =>
  path === defaultExportPath() || /^\.\/[A-Za-z0-9._-]+-pages\.ndjson$/.test(path);

/** "3 page groups", "1 page". */
export function itemsNoun(n: number, kind: ListKind): string {
  const noun = kind === 'groups' ? 'page group' : 'page';
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** Why a write failed, in words (no temporary file names); `shownPath` for what to type instead of a folder. */
function writeFailure(error: unknown, shownPath = ''): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EISDIR' && shownPath !== '') return `that is a folder: type a file name in it, e.g. ${shownPath.replace(/[\\/]+$/, '')}${sep}${basename(defaultExportPath())}`;
  if (code === 'ENOENT') return 'the folder does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'that is a folder';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the file system is read-only';
  return error instanceof Error ? error.message : String(error);
}

export class ExportFlow {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * Opens the prompt with the last path written to, or the default path for this list when there is
   * none or the last one was itself a default name (a default follows the list it names).
   */
  open(visible: VisibleList, kind: ListKind, groupId: string | undefined): void {
    if (!this.ctx.options.exporter) return this.ctx.toast({ tone: 'warning', text: 'Exporting is not available here.' });
    if (visible.items.length === 0) return this.ctx.toast({ tone: 'info', text: 'Nothing loaded to export yet.' });
    const fallback = defaultExportPath(kind === 'pages' ? groupId : undefined);
    const lastPath = this.ctx.history.entries('export').at(-1);
    const text = lastPath === undefined || isDefaultExportName(lastPath) ? fallback : lastPath;
    this.ctx.inputFlow.set({ kind: 'export', text, stage: 'path', count: visible.items.length, filtered: visible.filtered });
  }

  /** Enter on the path: write, unless the file exists (then ask). */
  submit(items: ItemSeq, kind: ListKind): void {
    const input = this.current();
    if (!input || input.stage !== 'path') return;
    if (input.text.trim() === '') return this.ctx.toast({ tone: 'warning', text: 'Type a file name, or press Esc.' });
    this.ctx.history.add('export', input.text.trim());
    this.write(input, items, kind, false);
  }

  /** The answer to "overwrite? y/N". */
  answer(yes: boolean, items: ItemSeq, kind: ListKind): void {
    const input = this.current();
    if (!input || input.stage !== 'confirm') return;
    if (yes) return this.write(input, items, kind, true);
    this.ctx.inputFlow.set(null);
    // Not an error, but not done either: said as a warning, so a screen reader hears its kind.
    this.ctx.toast({ tone: 'warning', text: `Not exported; ${input.shownPath ?? input.text} was left as it was.` });
  }

  cancel(): void {
    if (this.current()) this.ctx.inputFlow.set(null);
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
    const writing: ExportInput = { ...input, stage: 'writing', shownPath };
    this.ctx.inputFlow.set(writing);
    let text: string;
    try {
      text = formatAll(formatForPath(path), kind, itemArray(items));
    } catch (error) {
      this.ctx.inputFlow.set(null);
      return this.ctx.toast({ tone: 'error', text: `Export failed: ${writeFailure(error)}` });
    }
    const still = () => this.ctx.snapshot().input === writing;
    exporter.write(path, text, overwrite).then(
      () => {
        if (still()) this.ctx.inputFlow.set(null);
        const scope = input.filtered ? ' (the filtered rows)' : '';
        this.ctx.toast({ tone: 'success', text: `Exported ${itemsNoun(items.length, kind)}${scope} to ${shownPath}` });
      },
      (error: unknown) => {
        if (!still()) return;
        if (error instanceof FileExistsError && !overwrite) {
          this.ctx.inputFlow.set({ ...writing, stage: 'confirm' });
          return;
        }
        this.ctx.inputFlow.set(null);
        this.ctx.toast({ tone: 'error', text: `Export to ${shownPath} failed: ${writeFailure(error, shownPath)}` });
      },
    );
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly exportFlow: ExportFlow;
  }
}
