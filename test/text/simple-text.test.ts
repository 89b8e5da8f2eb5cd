/**
 * The segmenter-free path for text of simple characters (src/text/simple-text.ts): where it is
 * taken, cutting and splitting into cells give what the grapheme segmenter gives.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { truncate } from '../../src/text/index.js';
import { isSimpleText } from '../../src/text/simple-text.js';
import { forEachGrapheme } from '../../src/text/graphemes.js';

const segmenter = new Intl.Segmenter();
const candidates = Array.from({ length: 0x2c00 }, (_, code) => String.fromCharCode(code));
const others = ['\u0301', '\u200d', '\ufe0f', '\u20e3', '\u0e33', '\u094d', '\u1100', '\u1161', '\u11a8', '국', '国', '🌍', '\u00ad', '\u0600', '\u001b'];

/** string-width of a cluster, each cluster measured once (the same few recur across the candidates). */
const clusterWidths = new Map<string, number>();
function clusterWidth(cluster: string): number {
  let width = clusterWidths.get(cluster);
  if (width === undefined) clusterWidths.set(cluster, (width = stringWidth(cluster)));
  return width;
}

/** Cells as the segmenter gives them: each cluster and its width (at most 2). */
function segmentedCells(text: string): [string, number][] {
  return [...segmenter.segment(text)].map(({ segment }) => [segment, Math.min(2, clusterWidth(segment))]);
}

function cellsOf(text: string): [string, number][] {
  const cells: [string, number][] = [];
  forEachGrapheme(text, (grapheme, width) => cells.push([grapheme, width]));
  return cells;
}

/** The longest run of whole clusters within `budget` columns, as the segmenter cuts it. */
function segmentedCut(text: string, budget: number): string {
  let used = 0;
  let out = '';
  for (const { segment: cluster } of segmenter.segment(text)) {
    const width = clusterWidth(cluster);
    if (used + width > budget) break;
    used += width;
    out += cluster;
  }
  return out;
}

describe('simple text', () => {
  it('takes letters, punctuation and symbols that stand alone, and nothing that joins or is wide', () => {
    expect(isSimpleText('café … naïve · › ─ ⠋ © Ωж')).toBe(true);
    for (const text of ['e\u0301', 'a\u200db', '国', '\u1161', '❤\ufe0f', 'a\u00adb', '\u0600a', 'tab\t', '\u009b']) expect([text, isSimpleText(text)]).toEqual([text, false]);
  });

  it('splits into the cells the segmenter gives, for every candidate beside letters, marks and joiners', () => {
    const differences: string[] = [];
    for (const c of candidates) {
      for (const text of [`a${c}`, `${c}a`, `${c}${c}é`, ...others.flatMap((o) => [`${c}${o}`, `${o}${c}`])]) {
        if (JSON.stringify(cellsOf(text)) !== JSON.stringify(segmentedCells(text))) differences.push(JSON.stringify(text));
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 120_000);

  it('cuts random strings where the segmenter would', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = (): string => {
      const r = random();
      if (r < 0.4) return String.fromCharCode(0x20 + Math.floor(random() * 95));
      if (r < 0.9) return candidates[0xa0 + Math.floor(random() * (candidates.length - 0xa0))]!;
      return others[Math.floor(random() * (others.length - 1))]!;
    };
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 12) }, pick).join('');
      const width = 1 + Math.floor(random() * 10);
      const cut = truncate(text, width, '');
      expect([text, width, cut]).toEqual([text, width, segmentedCut(text, width)]);
      expect([text, cellsOf(text)]).toEqual([text, segmentedCells(text)]);
    }
  }, 60_000);
});
