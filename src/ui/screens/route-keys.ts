/**
 * Where a key goes in the app. The one input reader hands every segment (a run of plain bytes, or
 * one escape sequence) to the app's listener here; `focusOf` says which context has the keys, and
 * that context's key table turns each key into a command for the store. A segment holding several
 * keys gives several commands, in order, and the focus is asked again before each one, since a
 * key can change it. With --mouse, mouse reports go to the mouse actions.
 */
import { useMemo } from 'react';
import { InputDecoder, type KeySegment } from '../input/decoder.js';
import { appMouse } from '../input/app-mouse.js';
import { editLine, insertText, lineAtEnd, type LineState } from '../hooks/line-editor.js';
import { fieldInputs } from '../keys/field-keys.js';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';
import { FIELD_COMMANDS, focusOf, matcherFor, TEXT_CONTEXTS, type Command, type KeyContext, type KeyId, type MatchedPress } from '../keys/index.js';
import type { AppSnapshot, AppStore } from '../store/app-store.js';
import { exportUnderWay } from '../store/esc-as-shown.js';
import { isTooSmall } from '../store/layout.js';

/** The store methods keys drive. */
export interface KeyboardTarget {
  getSnapshot(): AppSnapshot;
  command(command: Command): void;
  setInputText(value: string): void;
  submitInput(): void;
  answerOverwrite(yes: boolean): void;
  loadAll(): void;
  /** A key the context binds to nothing (the store may say which key does that here). */
  unboundKey?(id: KeyId, context: KeyContext): void;
  /** Hears of every key, also one a focused field takes. */
  noteKey?(): void;
  /** True while a jump is on its way to its row: the keys typed behind it wait for it. */
  jumpUnderWay?(): boolean;
  /** Hears of every change of the snapshot (when a jump lands). */
  subscribe?(listener: () => void): () => void;
}

/**
 * The app's keys and mouse, for as long as the app is mounted. Always listening, even while the
 * login form or an input bar has the keys: those read the same segments themselves, and
 * `routeKeys` leaves them what they handle.
 */
export function useAppInput(store: AppStore, onSuspend: () => void, mouse: boolean): void {
  const listener = useMemo<InputListener>(() => {
    const actions = appMouse(store);
    const router = new KeyRouter(store, onSuspend);
    return (event) => {
      if (event.kind === 'keys') router.keys(event);
      else if (mouse) actions.handle(event.mouse);
    };
  }, [store, onSuspend, mouse]);
  useInputEvents(listener);
}

/** Keys that open a prompt. */
const PROMPT_KEYS: ReadonlySet<Command> = new Set(['filter', 'jump', 'export', 'saveView']);

/** Keys that leave a jump still on its way: they act at once, and the keys held behind it then follow. */
const WAY_OUT: ReadonlySet<Command> = new Set(['quit', 'interrupt', 'suspend']);

/**
 * Routes segments of keys in the order typed. Keys that came behind a prompt's Enter in the same
 * read act once the prompt has done what Enter asked; behind a jump still on its way (a group's
 * first page asked for, a page sought while the list loads on), they and every key typed after
 * them wait until it lands, so they act on the row it went to. Esc, q, Ctrl-c and Ctrl-z do not
 * wait: they act at once (Esc stops the jump), and the keys held then follow.
 */
class KeyRouter {
  private held: KeySegment[] = [];
  private stopWatching: (() => void) | undefined;

  constructor(
    private readonly target: KeyboardTarget,
    private readonly onSuspend: () => void,
  ) {}

  keys(segment: KeySegment): void {
    if (this.held.length > 0 && !this.isWayOut(segment)) {
      this.target.noteKey?.();
      this.held.push(segment);
      return;
    }
    this.route(segment);
  }

  /** Handles one segment of keys. */
  private route(segment: KeySegment): void {
    const { target, onSuspend } = this;
    target.noteKey?.();
    const snapshot = target.getSnapshot();
    // The "too small" notice hides the screens: nothing may change behind it, only leaving acts.
    if (isTooSmall(snapshot.columns, snapshot.rows)) return leaveOnly(target, matcherFor(focusOf(snapshot)).presses(segment), onSuspend);
    const context = focusOf(snapshot);
    // The login form reads its keys itself; what was typed behind its Enter waits for the key's check.
    if (context === 'keyEntry') return this.afterSubmit(segment, context);
    const presses = matcherFor(context).presses(segment);
    if (context === 'overwrite') return answerOverwrite(target, presses, onSuspend);
    // A field takes a run of keys (typed fast, over a slow link) as its text: a Ctrl-c in it still
    // quits, after what the field does with the keys before it (an Enter there submits first).
    if (presses.length === 0 && segment.keys.some((key) => matcherFor(context).commandOf(key.id) === 'interrupt')) return target.command('quit');
    // An Enter in such a run submits the field; what was typed after it is for what has the keys
    // then (the field submits after every reader of this read has run). A paste's rest is dropped.
    if (presses.length === 0 && TEXT_CONTEXTS.has(context)) return this.afterSubmit(segment, context);
    let here: KeyContext = context;
    for (const [i, press] of presses.entries()) {
      // A key can open a prompt: the overwrite question then waits for a key of its own.
      if (here === 'keyEntry' || here === 'overwrite') return;
      // Each key of a run (`s j j` in one read) is a key the user pressed after what the one before it said.
      if (i > 0) target.noteKey?.();
      const command = matcherFor(here).commandOf(press.id);
      const jumpBefore = this.mustWait();
      if (command !== undefined) run(target, command, onSuspend);
      else target.unboundKey?.(press.id, here);
      const rest = segment.seq.slice(press.end);
      // A prompt's key and what follows it in the same run (typed quickly, pasted, a slow link): the
      // rest is the prompt's, after what it opened with (the export's path), as if typed a moment later.
      const opened = target.getSnapshot().input;
      if (command !== undefined && PROMPT_KEYS.has(command) && rest !== '' && opened) {
        const start = opened.kind === 'export' && opened.stage === 'path' ? opened.text : '';
        const after = typeAhead(target, lineAtEnd(start), rest, focusOf(target.getSnapshot()));
        if (after !== undefined && after !== '') this.after(after);
        return;
      }
      // Keys behind one that started a jump wait for it (not those typed during one started earlier:
      // `G` then wins over the search, as it always has).
      if (rest !== '' && !jumpBefore && this.mustWait()) return this.hold(decodeKeys(rest));
      here = focusOf(target.getSnapshot());
    }
  }

  /** A run of keys a field of `context` takes: what came after its Enter is routed once the field has submitted. */
  private afterSubmit(segment: KeySegment, context: KeyContext): void {
    const end = submitEnd(segment, context);
    if (end === undefined || end >= segment.seq.length || segment.pasted) return;
    // The field submits in a microtask it queues while it reads this segment, before or after this
    // reader (a form drawn before the app listened hears keys after it): one more turn runs after it.
    queueMicrotask(() => queueMicrotask(() => this.after(segment.seq.slice(end))));
  }

  /** Keys typed behind a prompt's Enter: routed now, or held while the jump it started is on its way. */
  private after(rest: string): void {
    const segments = decodeKeys(rest);
    if (this.mustWait() || this.held.length > 0) return this.hold(segments);
    this.routeAll(segments);
  }

  private routeAll(segments: readonly KeySegment[]): void {
    for (const segment of segments) {
      if (this.held.length > 0) this.held.push(segment);
      else this.route(segment);
    }
  }

  /** A jump on its way, a key typed into the login form being checked, or an export being checked or written. */
  private mustWait(): boolean {
    const snapshot = this.target.getSnapshot();
    return (this.target.jumpUnderWay?.() ?? false) || snapshot.keyForm?.checking === true || exportUnderWay(snapshot);
  }

  private hold(segments: readonly KeySegment[]): void {
    this.held.push(...segments);
    if (this.stopWatching || !this.target.subscribe) return;
    let releasing = false;
    this.stopWatching = this.target.subscribe(() => {
      if (releasing || this.mustWait()) return;
      releasing = true;
      // After the change that landed the jump has reached every reader of the store.
      queueMicrotask(() => this.release());
    });
  }

  private release(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
    const held = this.held;
    this.held = [];
    this.routeAll(held);
  }

  private isWayOut(segment: KeySegment): boolean {
    const presses = matcherFor(focusOf(this.target.getSnapshot())).presses(segment);
    return presses.some((press) => press.id === 's:escape' || (press.command !== undefined && WAY_OUT.has(press.command)));
  }
}

/** Where the field of `context` submits in `segment`: the offset just after its Enter; undefined when it does not. */
function submitEnd(segment: KeySegment, context: KeyContext): number | undefined {
  for (const input of fieldInputs(segment, context)) {
    if (!('command' in input)) continue;
    if (input.command === 'interrupt') return undefined;
    if (input.command === 'submit') return input.end;
  }
  return undefined;
}

function decodeKeys(input: string): KeySegment[] {
  const decoder = new InputDecoder();
  return [...decoder.push(input), ...decoder.flush()].flatMap((event) => (event.kind === 'keys' ? [event] : []));
}

/**
 * The keys that came right behind a prompt's key, in the same read, applied to its line as the
 * field would apply them once drawn: text inserted, editing keys (Ctrl-u, Ctrl-w…) edit, Enter
 * submits, Esc closes, Ctrl-c quits. The field is not drawn yet, so it cannot read them itself.
 * Returns what came after the Enter or Esc that closed the prompt (undefined after Ctrl-c).
 */
function typeAhead(target: KeyboardTarget, line: LineState, rest: string, context: KeyContext): string | undefined {
  const segments = decodeKeys(rest);
  for (const [index, segment] of segments.entries()) {
    for (const input of fieldInputs(segment, context)) {
      if ('text' in input) {
        line = insertText(line, input.text);
        continue;
      }
      const { command } = input;
      if (command === 'submit' || command === 'cancel' || command === 'interrupt') {
        target.setInputText(line.value);
        if (command === 'interrupt') return void target.command('quit');
        if (command === 'submit') target.submitInput();
        else target.command('back');
        return segment.pasted ? '' : segment.seq.slice(input.end) + segments.slice(index + 1).map((s) => s.seq).join('');
      }
      line = (command === undefined ? undefined : editLine(line, command)) ?? line;
    }
  }
  target.setInputText(line.value);
  return '';
}

/** Routes raw input as if it came in one read with nothing more to come (for callers without a terminal). */
export function routeInput(target: KeyboardTarget, input: string, onSuspend: () => void): void {
  const router = new KeyRouter(target, onSuspend);
  for (const segment of decodeKeys(input)) router.keys(segment);
}

/** The overwrite question takes one key: y/Y is yes, Ctrl-C and Ctrl-Z keep their meaning, any other key is no. */
function answerOverwrite(target: KeyboardTarget, presses: readonly MatchedPress[], onSuspend: () => void): void {
  const first = presses[0]?.command;
  if (first === 'interrupt') return target.command('quit');
  if (first === 'suspend') return onSuspend();
  target.answerOverwrite(presses.length === 1 && first === 'confirmYes');
}

/** While the terminal is too small: q, Ctrl-c and Ctrl-z act; every other key is dropped. */
function leaveOnly(target: KeyboardTarget, presses: readonly MatchedPress[], onSuspend: () => void): void {
  for (const { command } of presses) {
    if (command === 'suspend') return onSuspend();
    if (command === 'quit' || command === 'interrupt') return target.command('quit');
  }
}

function run(target: KeyboardTarget, command: Command, onSuspend: () => void): void {
  // Line editing and history belong to the focused field, which reads its keys itself.
  if (FIELD_COMMANDS.has(command)) return;
  switch (command) {
    case 'suspend': return onSuspend();
    case 'loadAll': return target.loadAll();
    case 'submit': return target.submitInput();
    case 'cancel': return target.command('back');
    case 'interrupt': return target.command('quit');
    default: return target.command(command);
  }
}
