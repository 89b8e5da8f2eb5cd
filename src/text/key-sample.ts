/**
 * Where in a text a run of the key may stand as plain characters, found by looking at half of
 * them. A run of `window` units of a form holds, whatever its start, a whole gram of `gram` units
 * starting at a multiple of `gram` (2 × gram ≤ window) and the unit after it: so where the gram at
 * each multiple is none of a form's, no run stands. The gram is judged by its first two units (a
 * pair of a form: one lookup in a table, which nearly every pair of ordinary text misses), then by
 * the unit after it (a unit of a form), then by its hash. The
 * scanner (key-scan.ts) reads unit by unit only the `window` units around a gram that passes; a
 * page of JSON that holds no key is read at two units in `gram` and nowhere else.
 */
import { foldUnit, type NonAsciiFold } from './key-forms.js';

const GRAM_BITS = 16;
const GRAM_MIX = 0x9e3779b1 | 0;
const HASH_BASE = 0x01000193;

export interface KeySample {
  /** Parts `[from, to)` of `text`, ascending and apart, outside which no run of a form stands plainly; as flat pairs. */
  regions(text: string): number[];
}

/** A sampler for runs of `window` (≥ 2) units of `foldedForms` (forms already folded with `fold`). */
export function keySample(foldedForms: readonly string[], window: number, fold: NonAsciiFold): KeySample {
  if (window < 2) return { regions: (text) => [0, text.length] };
  const gram = Math.max(1, Math.min(4, window >> 1));
  // Read through `call`, not as `text.charCodeAt(at)`: a method's load is judged by the string's
  // hidden class, and the redactor is handed strings of many (one or two bytes a character; flat,
  // concatenated, sliced, internalized: header values, paths, cursors, bodies). Past four, V8
  // looked the method up on every character, and a page was searched five times slower during `G`
  // than alone. A constant of this function, not of the module: the bundle makes module constants
  // variables set when the module loads, which V8 cannot take for the method either.
  const charCodeAt = String.prototype.charCodeAt;
  const asciiFold = new Uint8Array(128).map((_, code) => foldUnit(code, fold));
  const foldsNonAscii = fold.size > 0;
  const unitAt = (text: string, at: number): number => {
    const code = charCodeAt.call(text, at);
    return code < 128 ? asciiFold[code]! : foldsNonAscii ? (fold.get(code) ?? code) : code;
  };
  const gramBit = (text: string, at: number): number => {
    let hash = 0;
    for (let k = at; k < at + gram; k++) hash = (Math.imul(hash, HASH_BASE) + unitAt(text, k)) | 0;
    return Math.imul(hash, GRAM_MIX) >>> (32 - GRAM_BITS);
  };

  const asciiUnits = new Uint8Array(128);
  const otherUnits = new Set<number>();
  const pairs = new Uint8Array(128 * 128);
  const grams = new Int32Array(1 << (GRAM_BITS - 5));
  for (const form of foldedForms) {
    for (let at = 0; at < form.length; at++) {
      const unit = unitAt(form, at);
      if (unit < 128) asciiUnits[unit] = 1;
      else otherUnits.add(unit);
      const next = at + 1 < form.length ? unitAt(form, at + 1) : 128;
      if (unit < 128 && next < 128) pairs[unit * 128 + next] = 1;
      if (at + gram > form.length) continue;
      const bit = gramBit(form, at);
      grams[bit >>> 5]! |= 1 << (bit & 31);
    }
  }
  // By the text's own units, before folding.
  const asciiSampled = asciiFold.map((unit) => asciiUnits[unit]!);
  const asciiPairs = new Uint8Array(128 * 128);
  for (let a = 0; a < 128; a++) for (let b = 0; b < 128; b++) asciiPairs[a * 128 + b] = pairs[asciiFold[a]! * 128 + asciiFold[b]!]!;
  const formsHaveOtherUnits = otherUnits.size > 0;
  const sampled = (text: string, at: number): boolean => {
    const code = charCodeAt.call(text, at);
    return code < 128 ? asciiSampled[code] === 1 : formsHaveOtherUnits && otherUnits.has(fold.get(code) ?? code);
  };
  const gramOfForm = (text: string, at: number): boolean => {
    const bit = gramBit(text, at);
    return (grams[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  };

  /** Records the region around the gram at `at` in `out` when the unit after it and its hash are a form's. */
  const judgeGram = (text: string, at: number, out: number[]): void => {
    // The unit a gram further on is inside the run too (2 × gram ≤ window).
    if (at + gram >= text.length || !sampled(text, at + gram) || !gramOfForm(text, at)) return;
    const from = Math.max(0, at + gram - window);
    const to = Math.min(text.length, at + window);
    if (out.length > 0 && from <= out[out.length - 1]!) out[out.length - 1] = to;
    else out.push(from, to);
  };

  return {
    regions(text) {
      const out: number[] = [];
      const end = text.length - gram;
      if (gram === 1) {
        for (let at = 0; at <= end; at++) if (sampled(text, at)) judgeGram(text, at, out);
        return out;
      }
      // This loop runs once every `gram` units of every body: it does the pair lookup of ASCII text
      // and nothing else; the rest of a gram's judgement is judgeGram's. Shaped so, the search of a
      // page took a third less in the app's `G` (bench/results/g-cpu-shapes.md), the same alone.
      for (let at = 0; at <= end; at += gram) {
        const first = charCodeAt.call(text, at);
        const second = charCodeAt.call(text, at + 1);
        const pair = first < 128 && second < 128 ? asciiPairs[first * 128 + second] === 1 : formsHaveOtherUnits && sampled(text, at) && sampled(text, at + 1);
        if (pair) judgeGram(text, at, out);
      }
      return out;
    },
  };
}
