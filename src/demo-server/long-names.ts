/**
 * Words the `long` shape builds its names from: many scripts, wide (CJK, Hangul, emoji) and
 * narrow, combining marks, right-to-left text, emoji joined by ZWJ, flags and skin tones, so
 * width measurement, sanitising and search text meet the hard cases on every row.
 */
import { INTERNATIONAL_NAMES } from './names.js';
import { choose, pick } from './random.js';

/** Words of double-width characters: every name has one, right after its head. */
const WIDE_FRAGMENTS: readonly string[] = ['東京オフィス', '春のキャンペーン', '北京产品发布会', '深圳创新中心', '서울 신제품 출시', '부산 여름 세일'];

const FRAGMENTS: readonly string[] = [
  ...WIDE_FRAGMENTS,
  // Arabic, Hebrew, Cyrillic, Greek, Devanagari, Thai, emoji and a ZWJ sequence with a flag.
  ...INTERNATIONAL_NAMES.slice(3, 11),
  'النسخة النهائية',
  '👨‍👩‍👧‍👦 family plan',
  '👍🏽 approved 🇧🇷🇩🇪',
  'Café crème brûlée',
  'édition spéciale',
  'Ñandú piñata señor Müller',
  'Ærøskøbing fjord',
  'Zürich Straße',
  'e\u0301te\u0301 combining',
  '全角ＡＢＣ１２３',
  '🌍🌏🌎 worldwide',
  '漢字とかなカナ',
  'Tiếng Việt khuyến mãi',
  'İstanbul ılık şubat',
];

/** Shortest and longest name, in code points. The contract sets no maximum (docs/data-shapes.md). */
const LONG_NAME_MIN = 150;
const LONG_NAME_MAX = 250;

/** Code points that fill a name up to its length when no whole word fits any more. */
const FILLER = [...'あa한b字cدdж🙂'];

/**
 * A name of LONG_NAME_MIN to LONG_NAME_MAX code points starting with `head` (which makes it
 * unique), then words of many scripts chosen by hash, then filler up to its length.
 */
export function longName(head: string, seed: number, ...inputs: number[]): string {
  const target = LONG_NAME_MIN + pick(LONG_NAME_MAX - LONG_NAME_MIN + 1, seed, ...inputs, 0);
  let name = `${head} ${choose(WIDE_FRAGMENTS, seed, ...inputs, 65)}`;
  let length = [...name].length;
  for (let i = 1; i <= 64 && length < target; i++) {
    const word = choose(FRAGMENTS, seed, ...inputs, i);
    const added = [...word].length + 1;
    if (length + added > target) continue;
    name += ` ${word}`;
    length += added;
  }
  for (; length < target; length++) name += FILLER[length % FILLER.length];
  return name;
}
