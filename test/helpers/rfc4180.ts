/**
 * A strict RFC 4180 parser for the tests (no CSV library is installed): records end with CRLF,
 * a field is either bare (no comma, quote, CR or LF in it) or quoted with its quotes doubled.
 * Anything else throws, naming the offset: a bare quote, text after a closing quote, a lone CR or
 * LF, a record whose field count differs from the header's.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`not RFC 4180 at offset ${at}: ${why}`);
  };
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      at++;
      for (;;) {
        if (at >= text.length) fail('a quoted field is not closed');
        if (text[at] === '"') {
          if (text[at + 1] === '"') {
            field += '"';
            at += 2;
            continue;
          }
          at++;
          break;
        }
        field += text[at];
        at++;
      }
    } else {
      while (at < text.length && text[at] !== ',' && text[at] !== '\r' && text[at] !== '\n') {
        if (text[at] === '"') fail('a quote in a bare field');
        field += text[at];
        at++;
      }
    }
    record.push(field);
    if (text[at] === ',') {
      at++;
      continue;
    }
    if (text.startsWith('\r\n', at)) {
      at += 2;
      records.push(record);
      record = [];
      continue;
    }
    if (at < text.length) fail(`${JSON.stringify(text[at])} after a field`);
  }
  if (record.length > 0) records.push(record);
  const width = records[0]?.length ?? 0;
  records.forEach((r, i) => {
    if (r.length !== width) throw new Error(`record ${i} has ${r.length} fields, the header ${width}`);
  });
  return records;
}
