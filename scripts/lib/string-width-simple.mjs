/**
 * string-width 8 measures any string that is not all printable ASCII by splitting it into grapheme
 * clusters with Intl.Segmenter and testing each with Unicode property regexes. One '…', '·' or 'é'
 * in a row sends its whole line there, and Ink measures every line of every frame: with a list of
 * such rows that was some 2 ms of each frame. The rewrite adds a second fast path, for strings
 * whose every character is "simple":
 *
 * - below U+2C00 (Latin, Greek, Cyrillic, other alphabets, punctuation, arrows, box drawing,
 *   symbols, Braille) and outside Hangul Jamo (whose pieces join into one cluster);
 * - one column wide by string-width's own slow path, measured alone (so never a control,
 *   a zero-width or a wide character);
 * - its own cluster beside 'a' on either side (so never a combining mark, a joiner, a spacing mark
 *   or a prepended character).
 *
 * Such characters cannot join one another into a cluster (every rule of UAX #29 that keeps two
 * characters together needs one of the kinds excluded), so the width of a string of them is its
 * length. Each character is classified once, by the original code, on first sight; only with the
 * default `ambiguousIsNarrow`. test/packaging/string-width-simple.test.ts checks it against the
 * original.
 */

const ASCII_FAST_PATH = `	if (/^[\\u0020-\\u007E]*$/.test(string)) {
		return string.length;
	}
`;

const SIMPLE_FAST_PATH = `${ASCII_FAST_PATH}
	if (ambiguousIsNarrow) {
		const simpleWidth = simpleClusterWidth(string);
		if (simpleWidth >= 0) {
			return simpleWidth;
		}
	}
`;

const SIMPLE_HELPERS = `
const SIMPLE_LIMIT = 0x2C00;
// 0: not seen yet, 1: simple, 2: not simple.
const simpleClass = new Uint8Array(SIMPLE_LIMIT);

function clusterCount(text) {
	let count = 0;
	for (const _ of segmenter.segment(text)) {
		count++;
	}
	return count;
}

function isSimpleCharacter(code) {
	if (code >= SIMPLE_LIMIT || (code >= 0x11_00 && code <= 0x11_FF)) {
		return false;
	}
	let known = simpleClass[code];
	if (known === 0) {
		// Not simple while it is measured, so that the measuring call takes the slow path.
		simpleClass[code] = 2;
		const character = String.fromCharCode(code);
		const simple = stringWidth(character) === 1 && clusterCount('a' + character) === 2 && clusterCount(character + 'a') === 2;
		known = simple ? 1 : 2;
		simpleClass[code] = known;
	}
	return known === 1;
}

// The width of a string of simple characters (its length), or -1.
function simpleClusterWidth(string) {
	for (let index = 0; index < string.length; index++) {
		const code = string.charCodeAt(index);
		if ((code < 0x20 || code > 0x7E) && !isSimpleCharacter(code)) {
			return -1;
		}
	}
	return string.length;
}
`;

/** string-width 8's source with the fast path above, and whether it applied (1) or not (0). */
export function simpleClusters(source) {
  if (source.split(ASCII_FAST_PATH).length !== 2 || !source.includes('const segmenter = new Intl.Segmenter();')) return { source, applied: 0 };
  return { source: source.replace(ASCII_FAST_PATH, () => SIMPLE_FAST_PATH) + SIMPLE_HELPERS, applied: 1 };
}
