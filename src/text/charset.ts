/**
 * Whether the terminal takes UTF-8. Under a locale whose character set is not UTF-8 (C, POSIX,
 * ISO-8859-1, …) a terminal or multiplexer (GNU screen without -U) draws each UTF-8 byte as a
 * character of its own, so the app then writes ASCII only. Decided once, at start-up.
 */
type Env = Readonly<Record<string, string | undefined>>;

let ascii = false;

/** The locale's character set, as the C library picks it: LC_ALL, else LC_CTYPE, else LANG. */
export function localeIsUtf8(env: Env): boolean {
  const locale = [env['LC_ALL'], env['LC_CTYPE'], env['LANG']].find((value) => value !== undefined && value !== '') ?? '';
  return /\.utf-?8(@|$)/i.test(locale);
}

/** True when the app must write ASCII only: no UTF-8 locale, and neither --utf8 nor PAGETUI_UTF8=1. */
export function asciiWanted(env: Env, utf8Flag = false): boolean {
  return !utf8Flag && env['PAGETUI_UTF8'] !== '1' && !localeIsUtf8(env);
}

export function setAsciiOnly(on: boolean): void {
  ascii = on;
}

/** True when text for the terminal must be ASCII (set at start-up; false by default). */
export function asciiOnly(): boolean {
  return ascii;
}
