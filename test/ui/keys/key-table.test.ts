/**
 * The binding table is the one place keys are matched: no code outside src/ui/keys reads ink's key
 * flags or compares typed input with a key, every context has one command per key, and help lists
 * what the table binds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputDecoder, type KeySegment } from '../../../src/ui/input/decoder.js';
import { LIST_COMMANDS } from '../../../src/ui/store/command-router.js';
import { BINDINGS, createMatcher, footerCommands, footerHint, helpLines, helpSections, keysIn, SCREEN_CONTEXT, TEXT_CONTEXTS, TEXT_FIELDS_TITLE, type Command, type KeyContext, type Screen } from '../../../src/ui/keys/index.js';

const SRC = join(import.meta.dirname, '../../../src');
const KEYS_DIR = join(SRC, 'ui/keys');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === KEYS_DIR ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// What matching a key by hand looks like: reading ink's flags, or comparing the typed input.
const KEY_FLAG = /\bkey\??\.(?:return|escape|tab|ctrl|meta|shift|upArrow|downArrow|leftArrow|rightArrow|pageUp|pageDown|home|end|backspace|delete)\b/;
const INPUT_LITERAL = /(?<!typeof )\binput\s*===?\s*['"`]|['"`]\s*===?\s*input\b/;
const RAW_USE_INPUT = /\buseInput\s*\(/;
// Nothing reads ink's input any more (the one reader is src/ui/input/terminal-input.ts): no exceptions.
const ALLOWED = new Set<string>();
// Reading the input behind the one reader's back: ink's internal event emitter.
const INK_EMITTER = /\binternal_eventEmitter\b/;

describe('the key table is the one place keys are matched', () => {
  it('no source file outside src/ui/keys reads key flags, compares input with a key, calls useInput or listens to ink\'s emitter', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (ALLOWED.has(`${relative(SRC, file)}: ${line.trim()}`)) return;
        if (KEY_FLAG.test(line) || INPUT_LITERAL.test(line) || RAW_USE_INPUT.test(line) || INK_EMITTER.test(line)) {
          offenders.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });

  it('the check catches the patterns it looks for', () => {
    expect(KEY_FLAG.test('if (key.tab) return target.loadAll();')).toBe(true);
    expect(KEY_FLAG.test('if (key.ctrl && x) quit();')).toBe(true);
    expect(INPUT_LITERAL.test("if (input === 'y') onAnswer(true);")).toBe(true);
    expect(RAW_USE_INPUT.test('useInput((input, key) => {')).toBe(true);
    expect(INK_EMITTER.test('const { internal_eventEmitter: emitter } = useStdin();')).toBe(true);
    expect(KEY_FLAG.test('const keyed = monkey.tabular;')).toBe(false);
    expect(INPUT_LITERAL.test("typeof input === 'string'")).toBe(false);
  });

  it('binds a key to at most one command in each context', () => {
    const contexts = new Set(BINDINGS.flatMap((b) => b.contexts));
    for (const context of contexts) {
      const seen = new Map<string, string>();
      for (const binding of BINDINGS.filter((b) => b.contexts.includes(context))) {
        for (const spec of binding.keys) {
          const id = JSON.stringify(spec);
          expect(seen.get(id), `${id} in ${context}`).toBeUndefined();
          seen.set(id, binding.command);
        }
      }
    }
  });

  it('gives every binding a context, and every context at least one binding', () => {
    const all: KeyContext[] = ['list', 'detail', 'help', 'filter', 'export', 'overwrite', 'keyEntry', 'loginKey', 'confirm'];
    for (const b of BINDINGS) expect(b.contexts.length, b.command).toBeGreaterThan(0);
    for (const context of all) expect(BINDINGS.some((b) => b.contexts.includes(context)), context).toBe(true);
  });

  it('lists in help every binding that acts while browsing, Tab included', () => {
    const rows = helpLines().flatMap((g) => g.rows);
    const browsing = BINDINGS.filter((b) => b.contexts.some((c) => c === 'list' || c === 'detail' || c === 'help'));
    expect(rows.map((r) => r.label)).toEqual(expect.arrayContaining(browsing.map((b) => b.label)));
    expect(rows).toContainEqual({ label: 'Tab', description: 'load the rest (filtered)' });
    expect(rows.length).toBe(browsing.length);
  });

  it('gives the prompts their keys from the table', () => {
    const filterHelp = helpLines(BINDINGS, ['filter']).flatMap((g) => g.rows.map((r) => r.label));
    expect(filterHelp).toEqual(expect.arrayContaining(['Enter', 'Esc', 'Tab', 'Ctrl-c']));
  });
});

/** The commands of raw input in one context, each segment as the app's router reads it. */
function commandsIn(context: KeyContext, input: string): Command[] {
  const decoder = new InputDecoder();
  return [...decoder.push(input), ...decoder.flush()].flatMap((event) =>
    event.kind === 'keys' ? createMatcher(context).presses(event).flatMap((p) => (p.command ? [p.command] : [])) : [],
  );
}

describe('the footers and help come from the table, per screen', () => {
  const screens = Object.keys(SCREEN_CONTEXT) as Screen[];

  it("offers in each screen's footer only commands that act in that screen's context", () => {
    for (const screen of screens) {
      const context = SCREEN_CONTEXT[screen];
      for (const command of footerCommands(screen)) {
        const binding = BINDINGS.find((b) => b.command === command);
        expect(binding?.contexts, `${command} in the ${screen} footer`).toContain(context);
      }
    }
  });

  it('says in the detail footer what the keys do there, and no list-only key', () => {
    const detail = footerHint('groupDetail', 200);
    expect(detail).toBe('Enter open the group  Esc back  y copy value  ] next item  [ previous item  ? help  q quit');
    expect(footerHint('pageDetail', 200)).toBe('Esc back  y copy value  ] next item  [ previous item  ? help  q quit');
    // At 80 columns the detail footer keeps Esc, help and quit; a less needed key goes.
    expect(footerHint('groupDetail', 80)).toBe('Enter open the group  Esc back  y copy value  ] next item  ? help  q quit');
    expect(footerHint('help', 200)).toBe('j scroll down  PgDn page down  Esc close help  Ctrl-c quit');
    expect(footerHint('groups', 200)).toBe('Enter open  d details  / filter  s sort  r refresh / retry  ? help  q quit');
    expect(footerHint('filter', 200)).toBe('Enter keep the filter  Esc clear the filter  Tab load the rest (filtered)  ↓ move down  ↑ move up  Ctrl-c quit');
    expect(footerHint('overwrite', 200)).toBe('y yes  n / Esc no  Ctrl-c quit');
    // A narrow footer keeps the ways to quit and to get help; the other hints go first.
    expect(footerHint('groups', 40)).toBe('Enter open  d details  ? help  q quit');
    expect(footerHint('help', 40)).toBe('Esc close help  Ctrl-c quit');
    // In a prompt the way out of it (Esc) is the last to go: Ctrl-c quit goes before it.
    expect(footerHint('export', 40)).toBe('Enter write the file  Esc cancel');
    for (const prompt of ['filter', 'export', 'keyEntry', 'jump', 'viewName', 'viewPicker'] as const) {
      expect(footerHint(prompt, 24), prompt).toMatch(/(^|  )Esc /);
      expect(footerHint(prompt, 24), prompt).not.toContain('Ctrl-c');
    }
    expect(footerHint('groups', 200, [], ['refresh'])).toBe('Enter open  d details  / filter  s sort  ? help  q quit');
  });

  it('has a help section for every place the app reads keys (pagetui login\'s prompts aside)', () => {
    const inApp = new Set(BINDINGS.flatMap((b) => b.contexts).filter((c) => c !== 'loginKey' && c !== 'confirm'));
    const sections = new Set(helpSections().map((s) => s.context));
    expect([...inApp].filter((c) => !sections.has(c))).toEqual([]);
  });

  it('lists in help, by screen and prompt, every key that acts there', () => {
    const sections = helpSections();
    const everywhere = sections.find((s) => s.title.startsWith('Everywhere'))?.rows.map((r) => r.label) ?? [];
    const fields = sections.find((s) => s.title === TEXT_FIELDS_TITLE)?.rows.map((r) => r.label) ?? [];
    sections.forEach(({ context, rows }) => {
      if (context === undefined) return;
      const section = rows.map((r) => r.label);
      for (const b of BINDINGS.filter((x) => x.contexts.includes(context))) {
        const inBrowsing = context === 'list' || context === 'detail' || context === 'help';
        // In a text field only the keys that are not text act (keysIn names them).
        const takesText = TEXT_CONTEXTS.has(context);
        const label = takesText ? keysIn(b.command, context).replaceAll('/', ' / ') : b.label;
        if (label === '') continue;
        const shared = [...(inBrowsing ? everywhere : []), ...(takesText ? fields : [])];
        expect([...section, ...shared], `${b.command} in ${context}`).toContain(label);
      }
    });
  });
});

describe('the handlers sit next to the commands the table binds', () => {
  it("the list's handler map names exactly the list commands the table binds, moves and the app-wide ones aside", () => {
    const moves = ['moveDown', 'moveUp', 'pageDown', 'pageUp', 'halfPageDown', 'halfPageUp', 'top', 'bottom'];
    // Handled before the list's map: by the key router (suspend, loadAll), the store (quit), the inspector.
    const elsewhere = ['suspend', 'loadAll', 'quit', 'inspector', 'copyListCurl'];
    const bound = BINDINGS.filter((b) => b.contexts.includes('list')).map((b) => b.command);
    const expected = bound.filter((c) => !moves.includes(c) && !elsewhere.includes(c));
    expect(Object.keys(LIST_COMMANDS).sort()).toEqual([...expected].sort());
  });
});

describe('matching by context', () => {
  it('in a text field, typed text (even with a pasted Enter) is no command; Esc, Enter, Tab and Ctrl keys are', () => {
    expect(commandsIn('filter', 'jq/\r')).toEqual([]);
    expect(commandsIn('filter', '\u001b')).toEqual(['cancel']);
    expect(commandsIn('filter', '\u001bx')).toEqual(['cancel']);
    expect(commandsIn('filter', '\r')).toEqual(['submit']);
    expect(commandsIn('filter', '\t')).toEqual(['loadAll']);
    expect(commandsIn('filter', '\b')).toEqual([]);
    expect(commandsIn('filter', '\u0003')).toEqual(['interrupt']);
  });

  it('gives the same key different commands in different contexts', () => {
    expect(commandsIn('list', 'y')).toEqual(['copyId']);
    expect(commandsIn('overwrite', 'y')).toEqual(['confirmYes']);
    expect(commandsIn('confirm', 'N')).toEqual(['confirmNo']);
    expect(commandsIn('confirm', '\u0003')).toEqual(['confirmNo']);
    expect(commandsIn('loginKey', '\u0003')).toEqual(['cancelLogin']);
    expect(commandsIn('keyEntry', '\u0003')).toEqual(['interrupt']);
    expect(commandsIn('help', '/')).toEqual([]);
    expect(commandsIn('detail', 's')).toEqual([]);
    expect(commandsIn('help', 'jq')).toEqual(['moveDown', 'closeHelp']);
    expect(commandsIn('detail', 'yG][np')).toEqual(['copyField', 'bottom', 'nextItem', 'prevItem', 'nextItem', 'prevItem']);
    expect(commandsIn('list', 'y')).toEqual(['copyId']);
  });

  it('tells where each key of a read ends, so the rest of the read can go to a field', () => {
    expect(createMatcher('list').presses(new InputDecoder().push('j/ab')[0] as KeySegment).map((p) => [p.command, p.end])).toEqual([
      ['moveDown', 1], ['filter', 2], [undefined, 3], [undefined, 4],
    ]);
  });
});

describe('keysIn', () => {
  it('names the keys that run a command in a context, as the prompts show them', () => {
    expect((['submit', 'cancel', 'loadAll', 'moveUp', 'moveDown'] as const).map((c) => keysIn(c, 'filter'))).toEqual(['Enter', 'Esc', 'Tab', '↑', '↓']);
    expect(keysIn('moveDown', 'list')).toBe('j/↓');
    expect(keysIn('cancelLogin', 'loginKey')).toBe('Esc/Ctrl-c');
    expect(keysIn('moveUp', 'export')).toBe('');
  });
});
