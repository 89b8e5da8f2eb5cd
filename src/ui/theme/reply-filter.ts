/**
 * Keeps a terminal's late answer to the background query out of the app's keys. An answer that
 * arrives after the wait (a slow SSH link) would otherwise reach ink as keys: `:` opening the jump
 * prompt, `r` refreshing. Neither an OSC 11 report nor a DA1 report is anything a key sends, so
 * they are taken out of every read for the whole session.
 */
const OSC11_START = '\u001B]11;';
const DA1_REPORT = /\u001B\[\?[\d;]*c/g;
const OSC_END = /\u0007|\u001B\\/;

export class ReplyFilter {
  /** Inside an OSC 11 report whose end has not arrived yet. */
  private inReport = false;

  /** `chunk` without the reports in it (or parts of them). */
  filter(chunk: string): string {
    let rest = chunk;
    let out = '';
    while (rest !== '') {
      if (this.inReport) {
        const end = OSC_END.exec(rest);
        if (!end) return out.replace(DA1_REPORT, '');
        rest = rest.slice(end.index + end[0].length);
        this.inReport = false;
        continue;
      }
      const start = rest.indexOf(OSC11_START);
      if (start === -1) {
        out += rest;
        break;
      }
      out += rest.slice(0, start);
      rest = rest.slice(start + OSC11_START.length);
      this.inReport = true;
    }
    return out.replace(DA1_REPORT, '');
  }
}

/** Makes every `read()` of `stdin` (ink reads that way) come through a ReplyFilter. */
export function filterLateReplies(stdin: NodeJS.ReadStream): void {
  const filter = new ReplyFilter();
  const read = stdin.read.bind(stdin);
  stdin.read = (size?: number): string | Buffer | null => {
    for (;;) {
      const chunk = read(size) as string | Buffer | null;
      if (chunk === null) return null;
      const kept = filter.filter(typeof chunk === 'string' ? chunk : chunk.toString('latin1'));
      if (kept !== '') return typeof chunk === 'string' ? kept : Buffer.from(kept, 'latin1');
    }
  };
}
