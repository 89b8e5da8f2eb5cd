/**
 * The build's rewrites of string-width: its RGI emoji test (scripts/lib/string-width-rgi.mjs),
 * built only for a cluster that may be an emoji sequence, and its fast path for strings of simple
 * characters (scripts/lib/string-width-simple.mjs). The rewritten copy measures every string as
 * the original does.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyRgiEmoji } from '../../scripts/lib/string-width-rgi.mjs';
import { simpleClusters } from '../../scripts/lib/string-width-simple.mjs';
import { startUpTrim } from '../../scripts/lib/start-up-trim.mjs';
import originalWidth from 'string-width';

type Width = (text: string) => number;

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pagetui-string-width-'));
const RGI_PATTERN = /RGI_Emoji/;
/** Regexes built while `run` runs, by their source. */
async function regexesBuiltDuring<T>(run: () => Promise<T>): Promise<{ result: T; built: string[] }> {
  const built: string[] = [];
  const Original = globalThis.RegExp;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?]) {
      built.push(String(args[0]));
      return new target(...args);
    },
  });
  try {
    return { result: await run(), built };
  } finally {
    globalThis.RegExp = Original;
  }
}

/** string-width bundled as the app's build bundles it (same trims, same target), into its own file. */
async function bundleStringWidth(name: string): Promise<string> {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    absWorkingDir: root,
    stdin: { contents: "export { default } from 'string-width';", resolveDir: root, loader: 'js' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    plugins: [startUpTrim(root).plugin],
    logLevel: 'silent',
  });
  return pathToFileURL(outfile).href;
}

let rewritten: Width;
let builtOnLoad: string[];

beforeAll(async () => {
  const url = await bundleStringWidth('rewritten');
  const loaded = await regexesBuiltDuring(() => import(url) as Promise<{ default: Width }>);
  rewritten = loaded.result.default;
  builtOnLoad = loaded.built;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("string-width's RGI emoji test, rewritten", () => {
  it('applies to string-width 8 once, and to nothing else', () => {
    expect(lazyRgiEmoji('const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v; rgiEmojiRegex.test(segment)').applied).toBe(2);
    expect(lazyRgiEmoji('emojiRegex().test(character)').applied).toBe(0);
  });

  it('does not build the RGI regex when loaded, nor for single-code-point or plain clusters', async () => {
    expect(builtOnLoad.length).toBeGreaterThan(0); // the other regexes go through RegExp: the probe works
    expect(builtOnLoad.filter((source) => RGI_PATTERN.test(source))).toEqual([]);
    const { built } = await regexesBuiltDuring(async () => rewritten('International — 国際 — دولي — 🌍 café ﻿é'));
    expect(built.filter((source) => RGI_PATTERN.test(source))).toEqual([]);
  });

  // Planes 4 to 13 have nothing assigned and 15 and 16 are private use: no emoji there.
  it('measures every code point of planes 0 to 3 and 14 as the original', () => {
    const differences: string[] = [];
    for (let codePoint = 0; codePoint <= 0xeffff; codePoint++) {
      if (codePoint === 0x40000) codePoint = 0xe0000;
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const text = String.fromCodePoint(codePoint);
      if (rewritten(text) !== originalWidth(text)) differences.push(codePoint.toString(16));
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('measures emoji sequences of every kind, and other clusters, as the original', () => {
    const samples = [
      '🇯🇵', '🇺🇳🇦', '🇦', '#️⃣', '1⃣', '*️⃣', '❤️', '❤', '☺️', '👍🏽', '🏽', '👩‍👩‍👧‍👦', '🧑🏾‍🚀', '🏳️‍🌈', '🏴‍☠️',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢', '👁‍🗨', '🫱🏻‍🫲🏿', '©️', '©', '™️', '↔️', '🈚', '🀄', 'é', 'é', 'ก่', 'क्षि', '각', '각',
      '国際', 'ｶﾞ', 'دولي', '\u200d', 'a\u200db', '\ufe0f', 'x\ufe0f', '\u20e3', 'a\u{e0041}', '👨\u200d', '\u{1f3fb}\u{1f3fb}',
    ];
    for (const sample of samples) expect([sample, rewritten(sample)]).toEqual([sample, originalWidth(sample)]);
  });

  it('measures random mixes of emoji parts, marks, joiners and letters as the original', () => {
    const pool = [
      0x1f1e6, 0x1f1ef, 0x1f1f5, 0x1f3fb, 0x1f3ff, 0x200d, 0xfe0f, 0xfe0e, 0x20e3, 0xe0067, 0xe007f, 0x1f3f4, 0x1f468, 0x1f469,
      0x2764, 0x263a, 0x0023, 0x0031, 0x0301, 0x0e48, 0x1100, 0x1161, 0x11a8, 0x56fd, 0x0627, 0x0041, 0x00a9, 0x1f44d, 0x1f9d1,
    ];
    let seed = 14;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(random() * 6);
      const text = String.fromCodePoint(...Array.from({ length }, () => pool[Math.floor(random() * pool.length)]!));
      expect([text, rewritten(text)]).toEqual([text, originalWidth(text)]);
    }
  });
});

describe("string-width's fast path for simple characters", () => {
  /** Every code point the fast path may take (below U+2C00), and some it must not. */
  const candidates = Array.from({ length: 0x2c00 }, (_, code) => String.fromCharCode(code));
  const others = ['\u0301', '\u200d', '\ufe0f', '\u20e3', '\u0e33', '\u094d', '\u1100', '\u1161', '\u11a8', '국', '国', '🌍', '\u00ad', '\u0600'];

  it('applies to string-width 8 only', async () => {
    const { readFileSync } = await import('node:fs');
    expect(simpleClusters(readFileSync(join(root, 'node_modules/string-width/index.js'), 'utf8')).applied).toBe(1);
    expect(simpleClusters('export default function stringWidth() {}').applied).toBe(0);
  });

  it('takes strings of simple characters without segmenting them', () => {
    const segment = Intl.Segmenter.prototype.segment;
    let segmented = 0;
    Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, text: string) {
      segmented++;
      return segment.call(this, text);
    };
    try {
      rewritten('café … naïve · › ─ ⠋ © ü'); // classifies each character once
      segmented = 0;
      expect(rewritten('ü © ⠋ ─ › · naïve … café')).toBe(24);
      expect(rewritten('\u001b[31mcafé\u001b[39m …')).toBe(6);
      expect(segmented).toBe(0);
    } finally {
      Intl.Segmenter.prototype.segment = segment;
    }
  });

  it('measures every candidate beside letters, itself, marks and joiners as the original', () => {
    const differences: string[] = [];
    for (const c of candidates) {
      for (const text of [`a${c}`, `${c}a`, `${c}${c}`, `é${c}…`, ...others.flatMap((o) => [`${c}${o}`, `${o}${c}`])]) {
        if (rewritten(text) !== originalWidth(text)) differences.push(JSON.stringify(text));
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 120_000);

  it('measures random strings of candidates, ASCII and other characters as the original', () => {
    let seed = 2026;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = (): string => {
      const r = random();
      if (r < 0.4) return String.fromCharCode(0x20 + Math.floor(random() * 95));
      if (r < 0.9) return candidates[Math.floor(random() * candidates.length)]!;
      return others[Math.floor(random() * others.length)]!;
    };
    for (let i = 0; i < 30_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 10) }, pick).join('');
      expect([text, rewritten(text)]).toEqual([text, originalWidth(text)]);
    }
  }, 60_000);

  it('measures mixes of wide characters from the whole BMP, emoji, marks and jamo as the original', () => {
    let seed = 33;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const astral = ['🚀', '👍🏽', '👨‍👩‍👧', '🇯🇵', '🇯', '𠀋', '\u{1f3fb}'];
    const pick = (): string => {
      const r = random();
      if (r < 0.2) return String.fromCharCode(0x20 + Math.floor(random() * 95));
      if (r < 0.6) return String.fromCharCode(0xa0 + Math.floor(random() * (0xfffe - 0xa0)));
      if (r < 0.8) return String.fromCharCode([0x4e00, 0x3040, 0xac00, 0xff01][Math.floor(random() * 4)]! + Math.floor(random() * 80));
      if (r < 0.92) return others[Math.floor(random() * others.length)]!;
      return astral[Math.floor(random() * astral.length)]!;
    };
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 16) }, pick).join('');
      expect([text, rewritten(text)]).toEqual([text, originalWidth(text)]);
    }
  }, 120_000);
});
