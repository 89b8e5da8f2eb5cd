/**
 * The `fault-hostile-text` group (with --faults): text that tries to take over the terminal, an
 * unknown status, missing and unknown fields. The client must show all of it harmlessly.
 */
const ESC = '\u001b';
const BEL = '\u0007';

export const HOSTILE_GROUP_TITLE = `Fault: hostile text${ESC}]0;window title hijacked${BEL}${ESC}[2J`;

/** Page names that would move the cursor, recolour, retitle the window or write the clipboard. */
const HOSTILE_NAMES: readonly string[] = [
  `Red alert ${ESC}[31;1;5mBLINK${ESC}[0m`,
  `Title hijack ${ESC}]0;pwned${BEL}`,
  `Clipboard ${ESC}]52;c;cm0gLXJmIH4v${BEL}write`,
  `Cursor home ${ESC}[H${ESC}[2Jcleared`,
  `C1 controls \u009b31m\u0090dcs\u009c end`,
  `Bidi \u202etxet desrever\u202c override`,
  `Newlines\r\nand\ttabs`,
  `Bell${BEL}${BEL} and backspace\b\b\bover`,
  `Hyperlink ${ESC}]8;;https://example.invalid${ESC}\\click${ESC}]8;;${ESC}\\`,
  `Wide 全角文字と絵文字👩‍👩‍👧‍👦 mixed with ${ESC}[7minverse${ESC}[27m`,
];

/** Page n (1-based) of the hostile group; some fields missing, some unknown, one id a number. */
export function hostilePage(groupId: string, n: number, createdAt: string): Record<string, unknown> {
  const name = HOSTILE_NAMES[(n - 1) % HOSTILE_NAMES.length] ?? '';
  const page: Record<string, unknown> = {
    pageId: `${groupId}-p${n}`,
    pageGroupId: groupId,
    tenantId: `tenant-demo${ESC}[8m`,
    createdAt,
    updatedAt: n % 3 === 0 ? 'not a timestamp' : createdAt,
    effectiveName: name,
    customName: '',
    computedName: `hostile ${n}`,
    experiment: { variant: `B${ESC}[32m`, weights: [0.5, 0.5] },
  };
  if (n % 4 === 0) delete page.updatedAt;
  if (n % 7 === 0) page.effectiveName = '';
  return page;
}
