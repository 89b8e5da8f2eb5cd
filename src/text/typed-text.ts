/**
 * Text typed into a prompt as it is kept and echoed: without what a terminal would act on or not
 * show (sanitizeString's controls, bidi overrides and isolates, invisible format characters) and
 * without the direction marks (U+200E, U+200F, U+061C), which a terminal shows as nothing but which
 * turn the rest of the line around in one that reorders text. So what the prompt shows is what it
 * uses. A joiner inside an emoji sequence typed whole stays, as sanitizeString keeps it.
 */
import { sanitizeString } from './sanitize.js';

const DIRECTION_MARKS = /[\u061c\u200e\u200f]/gu;

export const typedText = (text: string): string => sanitizeString(text).replace(DIRECTION_MARKS, '');
