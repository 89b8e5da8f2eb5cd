/**
 * string-width 8 measures any string that is not all printable ASCII by splitting it into grapheme
 * clusters with Intl.Segmenter and testing each with Unicode property regexes. One '…', '·' or 'é'
 * in a row sends its whole line there, and Ink measures every line of every frame: with a list of
 * such rows that was some 2 ms of each frame, and with rows of CJK names and emoji several times
 * that. The rewrite adds a second fast path, for characters that "stand alone":
 *
 * - in the BMP, outside Hangul Jamo (whose pieces join into one cluster) and surrogates;
 * - one or two columns wide by string-width's own slow path, measured alone (so never a control
 *   or a zero-width character);
 * - its own cluster beside 'a' on either side (so never a combining mark, a joiner, a spacing mark
 *   or a prepended character).
 *
 * Two such characters side by side cannot join into a cluster (every rule of UAX #29 that keeps
 * two characters together needs one of the kinds excluded), and no rule looks back past such a
 * pair. So a string is measured piece by piece: a standalone character by its width, a stretch
 * between such characters (an emoji, a letter with its marks) by the slow path. Each character is
 * classified once, by the original code, on first sight; only with the default
 * `ambiguousIsNarrow`. test/packaging/string-width-rgi.e2e.test.ts checks it against the original.
 */

const ASCII_FAST_PATH = `	if (/^[\\u0020-\\u007E]*$/.test(string)) {
		return string.length;
	}
`;

const SIMPLE_FAST_PATH = `${ASCII_FAST_PATH}
	if (ambiguousIsNarrow) {
		const simpleWidth = simpleClusterWidth(string, options);
		if (simpleWidth >= 0) {
			return simpleWidth;
		}
	}
`;

const SIMPLE_HELPERS = `
// 0: not seen yet, 1 or 2: a character that stands alone, that wide, 3: one that does not.
const simpleClass = new Uint8Array(0x1_00_00);

function clusterCount(text) {
	let count = 0;
	for (const _ of segmenter.segment(text)) {
		count++;
	}
	return count;
}

function isJamoOrSurrogate(code) {
	return (code >= 0x11_00 && code <= 0x11_FF) || (code >= 0xA9_60 && code <= 0xA9_7F) || (code >= 0xD7_B0 && code <= 0xDF_FF);
}

// The width of a character that stands alone, else 0.
function standaloneWidth(code) {
	if (code >= 0x20 && code <= 0x7E) {
		return 1;
	}
	let known = simpleClass[code];
	if (known === 0) {
		// Not alone while it is measured, so that the measuring call takes the slow path.
		simpleClass[code] = 3;
		known = 3;
		if (!isJamoOrSurrogate(code)) {
			const character = String.fromCharCode(code);
			const width = stringWidth(character);
			if ((width === 1 || width === 2) && clusterCount('a' + character) === 2 && clusterCount(character + 'a') === 2) {
				known = width;
			}
		}
		simpleClass[code] = known;
	}
	return known === 3 ? 0 : known;
}

// The width of a string from its pieces (a standalone character, or a stretch between two such
// that the slow path measures), or -1 when the whole string is one stretch.
function simpleClusterWidth(string, options) {
	const length = string.length;
	let width = 0;
	let start = 0;
	let previous = standaloneWidth(string.charCodeAt(0));
	for (let index = 1; index <= length; index++) {
		const next = index < length ? standaloneWidth(string.charCodeAt(index)) : 0;
		if (index < length && (previous === 0 || next === 0)) {
			previous = next;
			continue;
		}
		if (index - start === 1 && previous !== 0) {
			width += previous;
		} else if (start === 0 && index === length) {
			return -1;
		} else {
			width += stringWidth(string.slice(start, index), options);
		}
		start = index;
		previous = next;
	}
	return width;
}
`;

/** string-width 8's source with the fast path above, and whether it applied (1) or not (0). */
export function simpleClusters(source) {
  if (source.split(ASCII_FAST_PATH).length !== 2 || !source.includes('const segmenter = new Intl.Segmenter();')) return { source, applied: 0 };
  return { source: source.replace(ASCII_FAST_PATH, () => SIMPLE_FAST_PATH) + SIMPLE_HELPERS, applied: 1 };
}
