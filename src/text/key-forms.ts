/**
 * The forms of the API key the redactor looks for, and the folding that makes them match whatever
 * case a server gives back. The encodings a server applies to the characters (percent, JSON, HTML,
 * quoted-printable) are undone while scanning (key-scan.ts); what is here are the forms that change
 * which characters there are: the key itself and its base64.
 */

const UPPER_A = 65;
const UPPER_Z = 90;
const SPACE = 32;
const PLUS = 43;

/** Folding of the non-ASCII characters of the forms: each of their cases to the lower one. */
export type NonAsciiFold = ReadonlyMap<number, number>;

/**
 * One UTF-16 unit folded for matching: ASCII letters to lower case, a space to `+` (form encoding
 * reads `+` as a space, and a server that decoded the key that way echoes a space), other
 * characters of the key's alphabet by `fold`, everything else as it is.
 */
export function foldUnit(code: number, fold: NonAsciiFold): number {
  if (code < 128) {
    if (code >= UPPER_A && code <= UPPER_Z) return code + 32;
    return code === SPACE ? PLUS : code;
  }
  return fold.get(code) ?? code;
}

/** The non-ASCII fold for the characters of `forms`. */
export function nonAsciiFold(forms: readonly string[]): NonAsciiFold {
  const fold = new Map<number, number>();
  for (const form of forms) {
    for (const ch of form) {
      if (ch.charCodeAt(0) < 128) continue;
      const lower = ch.toLowerCase();
      if (lower.length !== 1) continue;
      const to = lower.charCodeAt(0);
      for (const variant of [ch, lower, ch.toUpperCase()]) if (variant.length === 1) fold.set(variant.charCodeAt(0), to);
    }
  }
  return fold;
}

/** `text` with every unit folded. */
export function foldText(text: string, fold: NonAsciiFold): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldUnit(text.charCodeAt(i), fold));
  return out;
}

/**
 * The key and its base64, in the standard and the URL-safe alphabet, at each of the three byte
 * offsets it can start at inside a longer value (`Basic base64(user:key)`). Of each base64 only the
 * characters made from the key's bytes alone are kept; the ones that also hold a neighbouring byte
 * differ with it.
 */
export function keyForms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const forms = [key];
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const b64 = padded.toString('base64').replace(/=+$/, '');
    const from = Math.ceil((8 * offset) / 6);
    const to = Math.floor((8 * (offset + bytes.length)) / 6);
    const own = b64.slice(from, to);
    forms.push(own, own.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...new Set(forms)];
}
