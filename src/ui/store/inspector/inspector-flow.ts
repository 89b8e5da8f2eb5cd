/**
 * The HTTP inspector's part of the store: `i` opens it over the lists, Enter shows one exchange,
 * `c` copies a request as curl, `e` writes a HAR file; `C` on a list copies the request that
 * loaded the selected row. It listens to the exchange log only while open.
 */
import { curlCommand } from '../../../api/inspector/curl.js';
import type { Exchange, ExchangeLog } from '../../../api/inspector/exchange-log.js';
import type { LedgerPage } from '../../../api/pager/page-ledger.js';
import { harText } from '../../../api/inspector/har.js';
import { writeErrorReason } from '../../../fs/write-all.js';
import { encodeIdSegment } from '../../../api/http/paths.js';
import { exchangeLinesCached } from './inspector-lines.js';
import type { Command, KeyContext } from '../../keys/bindings.js';
import { keyNamed } from '../../keys/help.js';
import { focusOf, matcherFor, type KeyId } from '../../keys/match.js';
import { listRows } from '../layout.js';
import { moveTextCursor } from '../line-cursor.js';
import type { ListView } from '../list/list-view.js';
import { spokenWindowTop, type InspectorOptions, type InspectorState } from './inspector-state.js';
import type { StoreContext } from '../store-context.js';
import type { AppSnapshot } from '../store-types.js';
import { curlCopiedMessage } from '../details/copy-status.js';
import { MASK } from '../../../text/redact.js';
import { harWrittenMessage } from '../prompts/export-message.js';
import { inForms } from '../status-message.js';

/** The inspector lists this many, also when the log keeps more (a `--har` run keeps the whole run). */
export const INSPECTOR_ROWS = 200;

/** The last INSPECTOR_ROWS exchanges, newest first, as the inspector lists them. */
export const newestFirst = (log: ExchangeLog): Exchange[] => log.entries().slice(-INSPECTOR_ROWS).reverse();

export class InspectorFlow {
  private leave: (() => void) | undefined;

  constructor(private readonly ctx: StoreContext) {}

  /** The log and the HAR file's settings, when the app was given an inspector. */
  private get given(): InspectorOptions | undefined {
    return this.ctx.options.inspector;
  }

  /** Applies `command` if it is the inspector's; false when the rest of the store should. */
  command(command: Command): boolean {
    const snap = this.ctx.snapshot();
    if (command === 'quit') return false;
    const focus = focusOf(snap);
    if (focus === 'inspector' || focus === 'exchange') {
      this.inInspector(command, snap);
      return true;
    }
    if (focus !== 'list') return false;
    if (command === 'inspector') return this.open(), true;
    if (command === 'copyListCurl') return this.copyListRequest(), true;
    return false;
  }

  /** A copy key of the lists (`y`, `Y`, `C`) pressed in the inspector, where copying has a key of its own: says which. */
  unboundKey(id: KeyId, context: KeyContext): void {
    if (context !== 'inspector' && context !== 'exchange') return;
    const meant = matcherFor('list').commandOf(id);
    if (meant === 'copyId' || meant === 'copyJson' || meant === 'copyListCurl') this.ctx.toast({ tone: 'warning', text: `Here ${keyNamed('copyCurl', context)} copies the request as curl.` });
  }

  close(): void {
    this.leave?.();
    this.leave = undefined;
  }

  private open(): void {
    const log = this.given?.log;
    if (!log) return this.ctx.toast({ tone: 'warning', text: 'The HTTP inspector is not available here.' });
    const newest = log.entries().at(-1);
    this.leave?.();
    this.leave = log.subscribe(() => this.onLogChange());
    // The screen-reader mode's window starts at the newest request, so those arriving later go above it and move nothing.
    const topSeq = this.ctx.options.lineCursor === true ? newest?.seq : undefined;
    this.ctx.update({
      overlay: 'inspector',
      inspector: { view: 'list', selectedSeq: newest?.seq, scroll: 0, logVersion: 0, ...(topSeq === undefined ? {} : { topSeq }), ...(newest === undefined ? {} : { newestSeq: newest.seq }) },
    });
  }

  private onLogChange(): void {
    const state = this.ctx.snapshot().inspector;
    if (!state || this.ctx.snapshot().overlay !== 'inspector') return;
    const entries = this.given?.log.entries() ?? [];
    const newestSeq = entries.at(-1)?.seq;
    // A first exchange arriving in an empty inspector becomes the selection. In the usual
    // presentation a selection on the newest request follows the newer ones, as a log's tail does;
    // one the user moved to stays (the screen-reader mode keeps its cursor still: docs/inspector-calm-and-key-notes.md).
    const follows = state.view === 'list' && this.ctx.options.lineCursor !== true && state.selectedSeq === state.newestSeq;
    // The request read in full, or picked in the list, has left it (newer ones pushed it out):
    // rather than show another request in its place unsaid, the list goes to the newest and says why.
    const oldestListed = entries.at(-INSPECTOR_ROWS)?.seq ?? entries[0]?.seq;
    if (!follows && state.selectedSeq !== undefined && oldestListed !== undefined && state.selectedSeq < oldestListed) {
      const top = this.ctx.options.lineCursor === true ? { topSeq: newestSeq } : {};
      this.ctx.update({ inspector: { ...state, ...top, view: 'list', selectedSeq: newestSeq, scroll: 0, line: 0, logVersion: state.logVersion + 1, ...(newestSeq === undefined ? {} : { newestSeq }) } });
      if (state.view === 'exchange') return this.ctx.toast({ tone: 'warning', text: `The request you were reading left the inspector, which lists the newest ${INSPECTOR_ROWS}: back to the list.` });
      return this.ctx.toast({ tone: 'warning', ...pickedLeftMessage() });
    }
    const selectedSeq = state.selectedSeq === undefined || follows ? newestSeq : state.selectedSeq;
    this.ctx.update({ inspector: { ...state, selectedSeq, logVersion: state.logVersion + 1, ...(newestSeq === undefined ? {} : { newestSeq }) } });
  }

  private inInspector(command: Command, snap: AppSnapshot): void {
    const state = snap.inspector;
    const log = this.given?.log;
    if (!state || !log) return;
    const exchanges = newestFirst(log);
    const index = Math.max(0, exchanges.findIndex((e) => e.seq === state.selectedSeq));
    const selected = exchanges[index];
    const set = (patch: Partial<InspectorState>) => this.ctx.update({ inspector: { ...state, ...patch } });
    switch (command) {
      case 'back':
      case 'inspector':
        if (state.view === 'exchange' && command === 'back') return set({ view: 'list', scroll: 0, line: 0 });
        this.close();
        return this.ctx.update({ overlay: null, inspector: undefined });
      case 'open': return selected ? set({ view: 'exchange', scroll: 0, line: 0 }) : undefined;
      case 'copyCurl': return selected ? this.copyCurl(selected) : this.ctx.toast({ tone: 'info', text: 'No request to copy yet.' });
      case 'exportHar': return this.exportHar(log);
      default: break;
    }
    const body = Math.max(1, listRows(snap.rows));
    const delta = moveDelta(command, body);
    if (delta === undefined) return;
    if (state.view === 'list') {
      const to = Math.min(exchanges.length - 1, Math.max(0, index + delta));
      const next = exchanges[to];
      if (!next || next.seq === state.selectedSeq) return;
      if (this.ctx.options.lineCursor !== true) return set({ selectedSeq: next.seq });
      const seqs = exchanges.map((e) => e.seq);
      return set({ selectedSeq: next.seq, topSeq: seqs[spokenWindowTop(seqs, to, state.topSeq, body)] });
    }
    if (!selected) return;
    const text = exchangeLinesCached(selected, snap.columns, this.ctx.options.lineCursor === true);
    const lines = text.length;
    if (this.ctx.options.lineCursor === true) {
      const to = moveTextCursor({ line: state.line ?? 0, scroll: state.scroll }, delta, text, body);
      if (to.line !== (state.line ?? 0) || to.scroll !== state.scroll) set(to);
      return;
    }
    const scroll = Math.min(Math.max(0, lines - body), Math.max(0, state.scroll + delta));
    if (scroll !== state.scroll) set({ scroll });
  }

  private copyCurl(exchange: Exchange, newestOfList = false): void {
    const { clipboard } = this.ctx.options;
    if (!clipboard) return this.ctx.toast({ tone: 'warning', text: 'Copying is not available here.' });
    const say = this.ctx.replyToKey();
    void clipboard.copy(curlCommand(exchange)).then(
      ({ method }) => say(curlCopiedMessage(method, { keyInUrl: exchange.path.includes(MASK), newestOfList })),
      (error: unknown) => say({ tone: 'error', text: `Could not copy the request: ${error instanceof Error ? error.message : String(error)}` }),
    );
  }

  /** `C` on a list: the request whose response held the selected row (else the list's latest, said so). */
  private copyListRequest(): void {
    const log = this.given?.log;
    if (!log) return this.ctx.toast({ tone: 'warning', text: 'Copying a request is not available here.' });
    const view = this.ctx.view();
    const item = this.ctx.selectedItem();
    const snap = this.ctx.snapshot();
    // The selected row's position among the loaded items (the rows shown may be filtered or sorted).
    const row = item === undefined ? -1 : (snap.visible.indices?.[snap.list.selected] ?? snap.list.selected);
    const ledger = view.pager.pages;
    const page = row < 0 ? undefined : ledger.page(ledger.indexOf(row));
    const found = requestOfPage(log.entries(), listPathOf(view), page && { cursor: page.cursor === undefined ? undefined : log.cursorAsRecorded(page.cursor) });
    if (!found) return this.ctx.toast({ tone: 'warning', text: 'No request of this list is in the log yet.' });
    this.copyCurl(found.exchange, page !== undefined && !found.ofPage);
  }

  private exportHar(log: ExchangeLog): void {
    const { exporter } = this.ctx.options;
    if (!exporter) return this.ctx.toast({ tone: 'warning', text: 'Writing files is not available here.' });
    const path = this.given?.harPath ?? defaultHarPath(this.ctx.now());
    const entries = [...log.entries()];
    const shown = exporter.display(path);
    exporter.write(path, harText(entries, this.given?.version ?? 'dev'), this.given?.harPath !== undefined).then(
      () => this.ctx.toast({ tone: 'success', ...harWrittenMessage(entries.length, shown) }),
      (error: unknown) => this.ctx.toast({ tone: 'error', text: harFailedText(shown, error) }),
    );
  }
}

/** A HAR not written: why, and on a full disk the way out the list's export gives (free space, then e). */
function harFailedText(shown: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const full = code === 'ENOSPC' ? 'the disk is full' : code === 'EDQUOT' ? 'the disk quota is used up' : undefined;
  if (full === undefined) return `Could not write ${shown}: ${writeErrorReason(error)}`;
  return `Could not write ${shown}: ${full} — free space, then press ${keyNamed('exportHar', 'inspector')}`;
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly inspector: InspectorFlow;
  }
}

/** A request picked in the list that newer ones pushed out: the selection is now on the newest. */
function pickedLeftMessage(): ReturnType<typeof inForms> {
  return inForms([
    `The request you had selected left the inspector, which lists the newest ${INSPECTOR_ROWS}: now on the newest.`,
    `The selected request left the newest ${INSPECTOR_ROWS}: now on the newest.`,
    `Selected request left the ${INSPECTOR_ROWS}: on the newest`,
    'Your request left the list; on the newest',
    'Request left the list; on newest',
    'Request gone; now on the newest',
    'Request gone; on newest',
  ]);
}

function moveDelta(command: Command, body: number): number | undefined {
  const half = Math.max(1, Math.floor(body / 2));
  const deltas: Partial<Record<Command, number>> = {
    moveDown: 1, moveUp: -1, pageDown: body, pageUp: -body, halfPageDown: half, halfPageUp: -half,
    top: -Infinity, bottom: Infinity,
  };
  return deltas[command];
}

/** `./pagetui-20261124-120304.har` (local time). */
function defaultHarPath(now: number): string {
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `./pagetui-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}.har`;
}

/** The end of the request path of a list (without the base path or the query). */
function listPathOf(view: ListView): string {
  return view.kind === 'groups' ? '/v0/page_groups' : `/v0/page_groups/${encodeIdSegment(view.groupId ?? '')}/pages`;
}

/**
 * The newest exchange of the list at `listPath` that fetched `page` (the pager's record of the
 * page holding the row: the cursor it was requested with, as the log records it). Counting items along the log instead
 * goes wrong once another read of the list (a watch read, a refresh) comes between. Without a
 * page, or when its request has left the log, the list's newest successful request; when none
 * succeeded (the list failed to load), its newest request, the one to debug. `ofPage` says which:
 * a row's page whose request is gone gets another request, and the copy's message says so.
 */
function requestOfPage(exchanges: readonly Exchange[], listPath: string, page: Pick<LedgerPage, 'cursor'> | undefined): { exchange: Exchange; ofPage: boolean } | undefined {
  let latest: Exchange | undefined;
  let newestOfAny: Exchange | undefined;
  for (let i = exchanges.length - 1; i >= 0; i--) {
    const e = exchanges[i] as Exchange;
    const path = e.path.split('?')[0] ?? '';
    if (!path.endsWith(listPath)) continue;
    newestOfAny ??= e;
    if (e.status < 200 || e.status >= 300 || e.items === undefined) continue;
    latest ??= e;
    if (page === undefined || e.cursor === page.cursor) return { exchange: e, ofPage: page !== undefined };
  }
  const instead = latest ?? newestOfAny;
  return instead && { exchange: instead, ofPage: false };
}
