/**
 * The compiled terminfo format (term(5)): the legacy one (magic 0x011A, 16-bit numbers) and the
 * extended-number one (0x021E, 32-bit numbers) that ncurses 6.1+ writes when a number does not
 * fit 16 bits, each with the optional extended (user-defined) section that holds e.g. `Sync`.
 */

/** A parsed entry: only the capabilities it has (absent and cancelled ones are left out). */
export interface TerminfoEntry {
  readonly names: readonly string[];
  readonly booleans: ReadonlySet<string>;
  readonly numbers: ReadonlyMap<string, number>;
  readonly strings: ReadonlyMap<string, string>;
}

const LEGACY_MAGIC = 0o432;
const EXTENDED_NUMBERS_MAGIC = 0o1036;
const HEADER_BYTES = 12;

/**
 * The standard capabilities pagetui reads, by their index in the standard order (term.h). Only
 * these are named; the rest are skipped.
 */
const NUMBER_NAMES = new Map([[13, 'colors']]);
const STRING_NAMES = new Map([
  [3, 'csr'],
  [5, 'clear'],
  [6, 'el'],
  [8, 'hpa'],
  [10, 'cup'],
  [13, 'civis'],
  [16, 'cnorm'],
  [28, 'smcup'],
  [37, 'ech'],
  [39, 'sgr0'],
  [40, 'rmcup'],
  [109, 'indn'],
  [112, 'cuf'],
  [113, 'rin'],
  [129, 'ind'],
  [130, 'ri'],
]);

export class TerminfoFormatError extends Error {}

class Reader {
  constructor(
    private readonly data: Buffer,
    public at = 0,
  ) {}

  short(): number {
    if (this.at + 2 > this.data.length) throw new TerminfoFormatError('entry is cut short');
    const value = this.data.readInt16LE(this.at);
    this.at += 2;
    return value;
  }

  int(): number {
    if (this.at + 4 > this.data.length) throw new TerminfoFormatError('entry is cut short');
    const value = this.data.readInt32LE(this.at);
    this.at += 4;
    return value;
  }

  bytes(length: number): Buffer {
    if (length < 0 || this.at + length > this.data.length) throw new TerminfoFormatError('entry is cut short');
    const slice = this.data.subarray(this.at, this.at + length);
    this.at += length;
    return slice;
  }

  alignEven(): void {
    if (this.at % 2 === 1) this.at++;
  }
}

/** The NUL-terminated string at `offset` in `table` (latin1: the bytes are the terminal's). */
function stringAt(table: Buffer, offset: number): string | undefined {
  if (offset < 0 || offset >= table.length) return undefined;
  const end = table.indexOf(0, offset);
  return table.toString('latin1', offset, end < 0 ? table.length : end);
}

export function parseTerminfo(data: Buffer): TerminfoEntry {
  const reader = new Reader(data);
  if (data.length < HEADER_BYTES) throw new TerminfoFormatError('entry is cut short');
  const magic = reader.short();
  if (magic !== LEGACY_MAGIC && magic !== EXTENDED_NUMBERS_MAGIC) throw new TerminfoFormatError('not a compiled terminfo entry');
  const readNumber = magic === LEGACY_MAGIC ? () => reader.short() : () => reader.int();
  const [namesSize, boolCount, numCount, strCount, tableSize] = [1, 2, 3, 4, 5].map(() => reader.short()) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const names = stringAt(reader.bytes(namesSize), 0)?.split('|') ?? [];
  const booleans = new Set<string>();
  reader.bytes(boolCount);
  reader.alignEven();
  const numbers = new Map<string, number>();
  for (let i = 0; i < numCount; i++) {
    const value = readNumber();
    const name = NUMBER_NAMES.get(i);
    if (name && value >= 0) numbers.set(name, value);
  }
  const offsets = Array.from({ length: strCount }, () => reader.short());
  const table = reader.bytes(tableSize);
  const strings = new Map<string, string>();
  offsets.forEach((offset, i) => {
    const name = STRING_NAMES.get(i);
    const value = name === undefined ? undefined : stringAt(table, offset);
    if (name && value !== undefined) strings.set(name, value);
  });
  reader.alignEven();
  if (reader.at + 10 <= data.length) readExtended(reader, readNumber, { booleans, numbers, strings });
  return { names, booleans, numbers, strings };
}

/** The extended section: counts, values, then one table with the string values and all names. */
function readExtended(
  reader: Reader,
  readNumber: () => number,
  into: { booleans: Set<string>; numbers: Map<string, number>; strings: Map<string, string> },
): void {
  const [boolCount, numCount, strCount, , tableSize] = [1, 2, 3, 4, 5].map(() => reader.short()) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if ([boolCount, numCount, strCount, tableSize].some((n) => n < 0)) throw new TerminfoFormatError('bad extended section');
  const boolValues = [...reader.bytes(boolCount)];
  reader.alignEven();
  const numValues = Array.from({ length: numCount }, readNumber);
  const strOffsets = Array.from({ length: strCount }, () => reader.short());
  const nameOffsets = Array.from({ length: boolCount + numCount + strCount }, () => reader.short());
  const table = reader.bytes(tableSize);
  // The names follow the last string value.
  let namesStart = 0;
  for (const offset of strOffsets) {
    const value = stringAt(table, offset);
    if (value !== undefined) namesStart = Math.max(namesStart, offset + Buffer.byteLength(value, 'latin1') + 1);
  }
  const nameOf = (i: number) => stringAt(table, namesStart + (nameOffsets[i] ?? -1));
  boolValues.forEach((value, i) => {
    const name = nameOf(i);
    if (name && value === 1) into.booleans.add(name);
  });
  numValues.forEach((value, i) => {
    const name = nameOf(boolCount + i);
    if (name && value >= 0) into.numbers.set(name, value);
  });
  strOffsets.forEach((offset, i) => {
    const name = nameOf(boolCount + numCount + i);
    const value = stringAt(table, offset);
    if (name && value !== undefined) into.strings.set(name, value);
  });
}
