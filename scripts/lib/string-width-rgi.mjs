/**
 * string-width 8 (ink's, and the app's, width function) builds `/^\p{RGI_Emoji}$/v` when it is
 * loaded and tests every non-ASCII cluster with it. V8 takes ~40 ms to build that regex and ~35 ms
 * more to compile it on its first test: on a first frame with one non-ASCII title that is most of
 * what the app pays above a bare Ink app. The rewrite gives the same answers without it:
 *
 * - A cluster of one code point is an RGI emoji exactly when it has Emoji_Presentation and is not
 *   a regional indicator (the Basic_Emoji set of UTS #51; checked over every code point by
 *   test/build/string-width-rgi.test.ts).
 * - An RGI sequence of several code points (UTS #51 ED-14a…ED-17: VS16 presentation, keycap,
 *   flag, modifier, tag and ZWJ sequences) always holds VS16, the keycap mark, ZWJ, a regional
 *   indicator, a skin-tone modifier or a tag character; a cluster without any of them is not one.
 * - Any other cluster still meets the original regex, built on first use.
 */

const RGI_DECLARATION = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
const RGI_TEST = 'rgiEmojiRegex.test(segment)';

const LAZY_RGI = `let rgiEmojiRegex;
const singleRgiEmojiRegex = /^(?![\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}$/u;
const rgiSequencePartRegex = /[\\u200D\\u20E3\\uFE0F\\u{1F1E6}-\\u{1F1FF}\\u{1F3FB}-\\u{1F3FF}\\u{E0020}-\\u{E007F}]/u;
function isRgiEmoji(segment) {
	const first = segment.codePointAt(0);
	if (segment.length === (first > 0xFFFF ? 2 : 1)) return singleRgiEmojiRegex.test(segment);
	if (!rgiSequencePartRegex.test(segment)) return false;
	rgiEmojiRegex ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v');
	return rgiEmojiRegex.test(segment);
}`;

/** Every copy of string-width; only version 8's (ink's) has the regex, the rewrite applies there. */
export const STRING_WIDTH_ENTRY = /[\\/]node_modules[\\/]string-width[\\/]index\.js$/;

/**
 * string-width's source with the RGI emoji test rewritten as above, and how many of the two
 * places it found (2 when it applied; the source is returned unchanged otherwise).
 */
export function lazyRgiEmoji(source) {
  const declarations = source.split(RGI_DECLARATION).length - 1;
  const tests = source.split(RGI_TEST).length - 1;
  if (declarations !== 1 || tests !== 1) return { source, applied: 0 };
  return { source: source.replace(RGI_TEST, () => 'isRgiEmoji(segment)').replace(RGI_DECLARATION, () => LAZY_RGI), applied: 2 };
}
