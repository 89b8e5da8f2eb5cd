/**
 * The scanner reads a text unit by unit only around the samples that may belong to a run of the
 * key (src/text/key-sample.ts): it must find every run that reading every unit finds, at every
 * offset and alignment, in the key's every form, in long bodies as a server sends them.
 */
import { describe, expect, it } from 'vitest';
import { foldText, keyForms, nonAsciiFold } from '../../src/text/key-forms.js';
import { keyScanner, type Span } from '../../src/text/key-scan.js';
import { MASK, redactSecret } from '../../src/text/redact.js';

/** Every run of `window` folded units of a form in `text`, merged as the scanner merges them. */
function everyRun(text: string, forms: readonly string[], window: number): Span[] {
  const fold = nonAsciiFold(forms);
  const folded = foldText(text, fold);
  const runs = new Set<string>();
  for (const form of forms.map((f) => foldText(f, fold))) for (let at = 0; at + window <= form.length; at++) runs.add(form.slice(at, at + window));
  const out: Span[] = [];
  for (let at = 0; at + window <= folded.length; at++) {
    if (![...runs].some((run) => folded.startsWith(run, at))) continue;
    const last = out[out.length - 1];
    if (last !== undefined && at < last[1]) last[1] = at + window;
    else out.push([at, at + window]);
  }
  return out;
}

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const KEYS = ['aB3dE6gH9jK2mN5pQ8sT1vW4', 'demo-key', 'aB+c/d1', 'k3y+z', 'clé-été-ÆØÅ-1234', 'İstanbul-Key-ǅ-99'];

describe('the sampled scan', () => {
  it('finds what reading every unit finds, in random text made of the forms, other letters and wide characters', () => {
    for (const key of KEYS) {
      const forms = key.length < 8 ? [key] : keyForms(key);
      const window = Math.min(8, key.length);
      const scanner = keyScanner(forms, window, nonAsciiFold(forms));
      const next = numbers(key.length);
      const pieces = [...forms, ...forms.map((f) => f.toUpperCase()), 'tenant-demo', ' ', '"', '漢字', 'Café', 'x', '🌍', 'ab'];
      for (let round = 0; round < 60; round++) {
        let text = '';
        while (text.length < 400) {
          const piece = pieces[Math.floor(next() * pieces.length)]!;
          const from = Math.floor(next() * piece.length);
          text += piece.slice(from, from + 1 + Math.floor(next() * (window + 3)));
        }
        expect(scanner.spans(text), `${key} in ${text}`).toEqual(everyRun(text, forms, window));
      }
    }
  });

  it('takes the key out of a page of JSON in each of its forms, at every alignment, at the start and at the end', () => {
    const item = (i: number): string =>
      JSON.stringify({ pageId: `grp-1-p${i}`, tenantId: 'tenant-demo', effectiveName: `Hero ${i} 北京产品发布会 🌍 Café crème été ${'深圳创新中心 '.repeat(i % 5)}` });
    const page = (inner: string): string => `{"items":[${Array.from({ length: 100 }, (_, i) => item(i)).join(',')}],"note":"${inner}"}`;
    const key = 'aB3dE6gH9+K2mN5p/8sT1vW4';
    const b64 = Buffer.from(`u:${key}`).toString('base64');
    const forms = [key, key.toLowerCase(), key.toUpperCase(), key.slice(7, 15), b64, b64.replaceAll('+', '-').replaceAll('/', '_'), encodeURIComponent(key)];
    for (const form of forms) {
      const inner = form.slice(4, 12);
      for (let pad = 0; pad < 8; pad++) {
        const out = redactSecret(page(`${'x'.repeat(pad)}${form}`), key);
        expect(out).toContain(MASK);
        expect(out).not.toContain(inner);
      }
      expect(redactSecret(`${form}${page('')}`, key)).not.toContain(inner);
      expect(redactSecret(`${page('')}${form}`, key)).not.toContain(inner);
    }
  });
});
