/**
 * The one decoder of terminal input: the bytes of each read become, in order, bracketed pastes,
 * terminal replies, mouse reports and keys. No React, no stream here (see terminal-input.ts).
 *
 * Priorities, highest first, so that nothing a terminal sends is ever taken for typed keys:
 *  1. Inside a bracketed paste (ESC [200~ … ESC [201~) everything is pasted text.
 *  2. Terminal replies: OSC (ESC ] digits ; … BEL or ST, e.g. the background colour) and CSI
 *     reports with a private marker (ESC [ ? … , ESC [ > … , ESC [ = …, e.g. DA1) are replies.
 *  3. Mouse reports (SGR ESC [ < … M/m, and the legacy ESC [ M plus three bytes).
 *  4. Keys: escape sequences (arrows, PgDn, …), ESC + key (Alt, or Esc typed just before it),
 *     control bytes and printable characters.
 * A sequence cut off at the end of a read waits for the next read, however late; see `flush` for
 * the lone ESC (the Esc key) and the few short starts that are keys when nothing more comes.
 *
 * Keys come in segments, split as ink 6.8 split its input events: a run of plain bytes (typed
 * faster than the terminal sends reads, or pasted) is one segment, each escape sequence another.
 * A text field reads a run as text; elsewhere each byte of it is a key.
 */
import { parseMouseReport, type MouseEvent } from './mouse.js';

/** One physical key: 'c:j', '^d' (Ctrl-D), 's:return', 'M-b' (Alt-b). */
export type KeyId = string;

/** One key of a segment. */
export interface DecodedKey {
  readonly id: KeyId;
  /** What a text field calls the key, where that differs (BS is Ctrl-h there, ESC [3~ the Delete key). */
  readonly inField?: KeyId;
  /** ESC came just before it: Alt held, or Esc typed just before it in the same read. */
  readonly alt: boolean;
  /** The offset in the segment's `seq` just after this key. */
  readonly end: number;
}

/** What one read holds, piece by piece. */
export type InputEvent =
  | {
      readonly kind: 'keys';
      /** The bytes of the segment, as they came. */
      readonly seq: string;
      readonly keys: readonly DecodedKey[];
      /** One escape sequence (as opposed to a run of plain bytes or a paste). */
      readonly sequence: boolean;
      /** A bracketed paste's text (its keys are the text's characters). */
      readonly pasted: boolean;
    }
  | { readonly kind: 'mouse'; readonly mouse: MouseEvent }
  | { readonly kind: 'reply'; readonly seq: string };

export type KeySegment = Extract<InputEvent, { kind: 'keys' }>;

const ESC = '\u001b';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

// CSI / SS3 final parts (after ESC [ or ESC O, modifiers removed) that name a special key.
const SEQUENCE_KEYS: Readonly<Record<string, KeyId>> = {
  A: 's:upArrow', B: 's:downArrow', C: 's:rightArrow', D: 's:leftArrow', H: 's:home', F: 's:end',
  '1~': 's:home', '7~': 's:home', '4~': 's:end', '8~': 's:end', '5~': 's:pageUp', '6~': 's:pageDown',
  Z: 's:tab',
  // Function keys F1–F12 as CSI n~ (F1–F4 are also SS3 P–S: FUNCTION_KEYS_1_TO_4).
  '11~': 's:f1', '12~': 's:f2', '13~': 's:f3', '14~': 's:f4',
  '15~': 's:f5', '17~': 's:f6', '18~': 's:f7', '19~': 's:f8', '20~': 's:f9', '21~': 's:f10', '23~': 's:f11', '24~': 's:f12',
};

/**
 * F1–F4: ESC O P–S, or ESC [ 1 ; mod P–S with a modifier. A bare CSI R is a cursor position report
 * (row;col), never F3, so the CSI form counts only with its `1;` first parameter.
 */
const FUNCTION_KEYS_1_TO_4: Readonly<Record<string, KeyId>> = { P: 's:f1', Q: 's:f2', R: 's:f3', S: 's:f4' };

/** The key of a control byte (none for NUL and 0x1c–0x1f). */
function controlKey(code: number): Pick<DecodedKey, 'id' | 'inField'> | undefined {
  if (code === 0x0d || code === 0x0a) return { id: 's:return' };
  if (code === 0x09) return { id: 's:tab' };
  // BS: the Backspace key of older terminals; a text field reads it as Ctrl-h.
  if (code === 0x08) return { id: 's:backspace', inField: '^h' };
  // DEL: what most terminals send for Backspace.
  if (code === 0x7f) return { id: 's:delete' };
  if (code >= 0x01 && code <= 0x1a) return { id: `^${String.fromCharCode(code + 0x60)}` };
  return undefined;
}

/** The key of one character outside escape sequences: a control key, a printable one, or none (C1). */
function charKey(ch: string): Pick<DecodedKey, 'id' | 'inField'> | undefined {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return controlKey(code);
  if (code >= 0x80 && code <= 0x9f) return undefined;
  return { id: `c:${ch}` };
}

/** The keys of a run of plain bytes, each with its offset in the run. */
function runKeys(run: string, alt = false): DecodedKey[] {
  const keys: DecodedKey[] = [];
  let i = 0;
  for (const ch of run) {
    i += ch.length;
    if (ch === ESC) continue;
    const key = charKey(ch);
    if (key) keys.push({ ...key, alt, end: i });
  }
  return keys;
}

/** The special key a CSI or SS3 sequence names (ignoring modifiers), if any. */
function sequenceKey(params: string, final: string, ss3 = false): Pick<DecodedKey, 'id' | 'inField'> | undefined {
  // The Delete key: a text field deletes forward with it; elsewhere it counts as DEL (as ink read it).
  if (final === '~' && params.split(';')[0] === '3') return { id: 's:delete', inField: 's:deleteForward' };
  const first = params.split(';')[0] ?? '';
  if (params === '' || params.startsWith('1;')) {
    const fn = FUNCTION_KEYS_1_TO_4[final];
    if (fn !== undefined && (params !== '' || ss3)) return { id: fn };
  }
  const id = SEQUENCE_KEYS[final === '~' || final === '$' || final === '^' ? `${first}~` : final];
  return id ? { id } : undefined;
}

/** What starts at an ESC: its length and what it is, or 'pending' when the read ends inside it. */
type Parsed =
  | 'pending'
  | { readonly length: number; readonly event?: InputEvent; readonly paste?: true };

const CSI_PARAMS = /^[\x30-\x3f]*[\x20-\x2f]*/;
const OSC_HEAD = /^\u001b\](\d*)(;?)/;
const OSC_END = /\u0007|\u001b\\/;

const keySegment = (seq: string, keys: readonly DecodedKey[], sequence: boolean, pasted = false): InputEvent =>
  ({ kind: 'keys', seq, keys, sequence, pasted });

/** A CSI sequence; undefined when a byte that cannot be in one comes first (then it was Alt+[). */
function parseCsi(data: string, at: number, prefix: number, alt: boolean): Parsed | undefined {
  // Linux console function keys: ESC [ [ A.
  const start = at + prefix + 1 + (data[at + prefix + 1] === '[' ? 1 : 0);
  const params = CSI_PARAMS.exec(data.slice(start))?.[0] ?? '';
  const finalAt = start + params.length;
  if (finalAt >= data.length) return 'pending';
  const final = data[finalAt] ?? '';
  const seq = data.slice(at, finalAt + 1);
  const length = seq.length;
  if (!/[\x40-\x7e]/.test(final)) return undefined;
  if (seq === PASTE_START) return { length, paste: true };
  if (params.startsWith('<') && prefix === 1) {
    const mouse = parseMouseReport(seq);
    return { length, ...(mouse ? { event: { kind: 'mouse', mouse } } : {}) };
  }
  if (/^[?>=]/.test(params)) return { length, event: { kind: 'reply', seq } };
  if (final === 'M' && params === '' && prefix === 1) {
    // A legacy mouse report: ESC [ M and three bytes (button, column, row).
    return data.length - finalAt - 1 < 3 ? 'pending' : { length: length + 3 };
  }
  const key = sequenceKey(params, final);
  return { length, event: keySegment(seq, key ? [{ ...key, alt, end: length }] : [], true) };
}

function parseSs3(data: string, at: number, prefix: number, alt: boolean): Parsed {
  const finalAt = at + prefix + 1;
  if (finalAt >= data.length) return 'pending';
  const seq = data.slice(at, finalAt + 1);
  const key = sequenceKey('', data[finalAt] ?? '', true);
  return { length: seq.length, event: keySegment(seq, key ? [{ ...key, alt, end: seq.length }] : [], true) };
}

function parseOsc(data: string, at: number): Parsed | undefined {
  const head = OSC_HEAD.exec(data.slice(at));
  if (!head) return undefined;
  const headEnd = at + head[0].length;
  // Only `ESC ] digits ;` opens a reply; `ESC ]` then something else is Esc and `]` typed together.
  if (head[2] === '') return headEnd >= data.length ? 'pending' : undefined;
  if (head[1] === '') return undefined;
  const end = OSC_END.exec(data.slice(headEnd));
  if (!end) return 'pending';
  const length = headEnd - at + end.index + end[0].length;
  return { length, event: { kind: 'reply', seq: data.slice(at, at + length) } };
}

/** Parses what starts at the ESC at `at`. */
function parseEscape(data: string, at: number): Parsed {
  const next = data[at + 1];
  if (next === undefined) return 'pending';
  if (next === '[') {
    const csi = parseCsi(data, at, 1, false);
    if (csi !== undefined) return csi;
  }
  if (next === 'O') return parseSs3(data, at, 1, false);
  if (next === ']') {
    const osc = parseOsc(data, at);
    if (osc !== undefined) return osc;
  }
  if (next === ESC) {
    // ESC ESC: Alt with an escape sequence, or Esc pressed twice (one Esc with Alt, as ink read it).
    const third = data[at + 2];
    if (third === undefined) return 'pending';
    const csi = third === '[' ? parseCsi(data, at, 2, true) : undefined;
    // Esc pressed just before a terminal reply arrived (a frame's DA1 answer): the Esc, then the reply.
    if (csi !== undefined && csi !== 'pending' && csi.event?.kind === 'reply') {
      return { length: 1, event: keySegment(ESC, [{ id: 's:escape', alt: false, end: 1 }], true) };
    }
    if (csi !== undefined) return csi;
    if (third === 'O') return parseSs3(data, at, 2, true);
    return { length: 2, event: keySegment(data.slice(at, at + 2), [{ id: 's:escape', alt: true, end: 2 }], true) };
  }
  // ESC and one character: Alt+character, or Esc typed just before it.
  const ch = String.fromCodePoint(data.codePointAt(at + 1) ?? 0);
  const seq = ESC + ch;
  return { length: seq.length, event: keySegment(seq, runKeys(ch, true).map((k) => ({ ...k, end: seq.length })), true) };
}

/** Decodes reads one after the other, keeping what a read left unfinished for the next one. */
export class InputDecoder {
  private pending = '';
  /** Inside a bracketed paste: its text so far. */
  private pasteText: string | undefined;

  /** The events of one read, in order. */
  push(chunk: string): InputEvent[] {
    const data = this.pending + chunk;
    this.pending = '';
    const events: InputEvent[] = [];
    let i = 0;
    while (i < data.length) {
      if (this.pasteText !== undefined) {
        i = this.pasteUntilEnd(data, i, events);
        continue;
      }
      const esc = data.indexOf(ESC, i);
      const runEnd = esc === -1 ? data.length : esc;
      if (runEnd > i) {
        const run = data.slice(i, runEnd);
        events.push(keySegment(run, runKeys(run), false));
        i = runEnd;
        continue;
      }
      const parsed = parseEscape(data, i);
      if (parsed === 'pending') {
        this.pending = data.slice(i);
        break;
      }
      if (parsed.paste) this.pasteText = '';
      if (parsed.event) events.push(parsed.event);
      i += parsed.length;
    }
    return events;
  }

  /** True when the last read ended inside something (an Esc, a sequence, a reply or a paste). */
  waiting(): boolean {
    return this.pending !== '' || this.pasteText !== undefined;
  }

  /** True when what waits is only ESC (or ESC ESC): the Esc key, unless more comes at once. */
  waitsOnEsc(): boolean {
    return this.pasteText === undefined && (this.pending === ESC || this.pending === ESC + ESC);
  }

  /**
   * No more came in time. A lone ESC is the Esc key; ESC with `[`, `O` or `]` is Esc then that
   * character, unless the terminal owes a reply (then it may be the start of one). Anything
   * longer that is unfinished (a reply, a mouse report, a key's sequence, a paste) keeps waiting
   * for its end, however late: its rest is never taken for keys.
   */
  flush(replyOwed = false): InputEvent[] {
    const { pending } = this;
    if (this.pasteText !== undefined) return [];
    if (pending === ESC) return this.take([keySegment(ESC, [{ id: 's:escape', alt: false, end: 1 }], true)]);
    if (pending === ESC + ESC) return this.take([keySegment(pending, [{ id: 's:escape', alt: true, end: 2 }], true)]);
    if (!replyOwed && /^\u001b[[O\]]$/.test(pending)) {
      return this.take([keySegment(pending, runKeys(pending.slice(1), true).map((k) => ({ ...k, end: 2 })), true)]);
    }
    return [];
  }

  /** What a flush gives, the wait over. */
  private take(events: InputEvent[]): InputEvent[] {
    this.pending = '';
    return events;
  }

  private pasteUntilEnd(data: string, from: number, events: InputEvent[]): number {
    const end = data.indexOf(PASTE_END, from);
    if (end === -1) {
      // Keep a possible start of the end marker for the next read.
      let keep = Math.min(PASTE_END.length - 1, data.length - from);
      while (keep > 0 && !PASTE_END.startsWith(data.slice(data.length - keep))) keep--;
      this.pasteText += data.slice(from, data.length - keep);
      this.pending = data.slice(data.length - keep);
      return data.length;
    }
    const text = (this.pasteText ?? '') + data.slice(from, end);
    this.pasteText = undefined;
    if (text !== '') events.push(keySegment(text, runKeys(text), false, true));
    return end + PASTE_END.length;
  }
}
