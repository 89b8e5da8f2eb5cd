/**
 * Which key table applies, and what a key means there. `focusOf` is the one place that decides
 * what has the keys (the login form, a prompt, help, the details, the inspector or the list);
 * the key router, the footer, the store's command routing, the inspector and the mouse all ask it.
 * A context's matcher (`matcherFor(context)`) turns the keys of one decoded segment (see
 * input/decoder.ts) into commands through the key table.
 *
 * A segment is what ink 6.8 handed its `useInput` handlers as one call, and the rules below are
 * the ones the app has always applied: a run of plain bytes that came in one read (a held key, a
 * paste, a slow SSH link) is one key per byte on the list; in a text context it belongs to the
 * field, and only a key that came alone or as an escape sequence can be a command.
 */
import { InputDecoder, type KeyId, type KeySegment } from '../input/decoder.js';
import { activeBindings, activeBindingsVersion, TEXT_CONTEXTS, type Binding, type Command, type KeyContext, type KeySpec } from './bindings.js';

export type { KeyId } from '../input/decoder.js';

/** The decoder's name of the key a spec describes ('c:j', '^d', 's:return', 'M-b'). */
export const idOf = (spec: KeySpec): KeyId =>
  'char' in spec ? `c:${spec.char}` : 'ctrl' in spec ? `^${spec.ctrl.toLowerCase()}` : 'alt' in spec ? `M-${spec.alt}` : `s:${spec.special}`;

/** What the app knows of the screen when it decides the focus (an AppSnapshot has all of it). */
export interface FocusState {
  readonly overlay: 'help' | 'detail' | 'login' | 'inspector' | 'error' | null;
  readonly input: { readonly kind: 'filter' | 'jump' | 'viewName' } | { readonly kind: 'export'; readonly stage: string } | null;
  /** The `v` picker of saved views, while open. */
  readonly viewPicker?: unknown;
  readonly inspector?: { readonly view: 'list' | 'exchange' } | undefined;
}

/** What can have the keys in the app (`loginKey` and `confirm` are `pagetui login`'s prompts). */
export type AppFocus = Exclude<KeyContext, 'loginKey' | 'confirm'>;

/** The context that has the keys: the login form (`keyEntry`), an open prompt, an overlay, or the list. */
export function focusOf(state: FocusState): AppFocus {
  const { overlay, input } = state;
  if (overlay === 'login') return 'keyEntry';
  if (input?.kind === 'filter') return 'filter';
  if (input?.kind === 'jump') return 'jump';
  if (input?.kind === 'viewName') return 'viewName';
  if (state.viewPicker) return 'viewPicker';
  if (input?.kind === 'export') return input.stage === 'confirm' ? 'overwrite' : 'export';
  if (overlay === 'help') return 'help';
  if (overlay === 'detail') return 'detail';
  if (overlay === 'error') return 'errorView';
  if (overlay === 'inspector') return state.inspector?.view === 'exchange' ? 'exchange' : 'inspector';
  return 'list';
}

/** One key of a segment, and the offset in the segment's bytes just after it. */
export interface KeyPress {
  readonly id: KeyId;
  readonly end: number;
}

/**
 * The keys of one segment as the key router reads them. ESC + a character is Esc then that
 * character (nothing outside text fields is bound to Alt), ESC + a special key is that key. In
 * a text context the field has the characters: only a key that came alone or as an escape
 * sequence counts, and Alt+letter counts when the field binds it.
 */
function pressesOf(segment: KeySegment, takesText: boolean, bound: (id: KeyId) => boolean): KeyPress[] {
  if (takesText && !segment.sequence && segment.keys.length !== 1) return [];
  return segment.keys.flatMap((key): KeyPress[] => {
    const isChar = key.id.startsWith('c:');
    if (key.alt && isChar) {
      const alt = `M-${key.id.slice(2)}`;
      if (takesText && bound(alt)) return [{ id: alt, end: key.end }];
      return [{ id: 's:escape', end: 0 }, ...(takesText ? [] : [{ id: key.id, end: key.end }])];
    }
    if (takesText && isChar) return [];
    return [{ id: key.id, end: key.end }];
  });
}

/** A key with its command in some context (undefined: bound to nothing there). */
export interface MatchedPress extends KeyPress {
  readonly command: Command | undefined;
}

/** What a key table answers for one context. */
export interface ContextMatcher {
  /** The keys of one segment, each with its command here (undefined: bound to nothing). */
  presses(segment: KeySegment): MatchedPress[];
  /** The command of one key here; printable characters never are commands in a text context. */
  commandOf(id: KeyId): Command | undefined;

}

/** Builds the matcher of one context from a binding table (the table in effect unless given). */
export function createMatcher(context: KeyContext, bindings: readonly Binding[] = activeBindings()): ContextMatcher {
  const takesText = TEXT_CONTEXTS.has(context);
  const byKey = new Map<KeyId, Command>();
  for (const binding of bindings) {
    if (!binding.contexts.includes(context)) continue;
    for (const spec of binding.keys) {
      const id = idOf(spec);
      if (takesText && id.startsWith('c:')) continue;
      if (!byKey.has(id)) byKey.set(id, binding.command);
    }
  }
  const commandOf = (id: KeyId): Command | undefined => byKey.get(id);
  const bound = (id: KeyId): boolean => byKey.has(id);
  return {
    presses: (segment) => pressesOf(segment, takesText, bound).map((press) => ({ ...press, command: commandOf(press.id) })),
    commandOf,
  };
}

const matchers = new Map<KeyContext, ContextMatcher>();
let matchersVersion = activeBindingsVersion();

/** The matcher of a context for the table in effect (built once per context and table). */
export function matcherFor(context: KeyContext): ContextMatcher {
  if (matchersVersion !== activeBindingsVersion()) {
    matchers.clear();
    matchersVersion = activeBindingsVersion();
  }
  let matcher = matchers.get(context);
  if (!matcher) {
    matcher = createMatcher(context);
    matchers.set(context, matcher);
  }
  return matcher;
}

/**
 * The commands of raw input on the list, one per key and in order: `'jjjk'` gives
 * `['moveDown', 'moveDown', 'moveDown', 'moveUp']`. Keys bound to nothing are skipped.
 */
export function commandsFor(input: string): Command[] {
  const decoder = new InputDecoder();
  const segments = [...decoder.push(input), ...decoder.flush()];
  return segments.flatMap((event) => (event.kind === 'keys' ? matcherFor('list').presses(event) : [])).flatMap((p) => (p.command ? [p.command] : []));
}
