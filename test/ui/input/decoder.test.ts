/** The one decoder: replies, mouse reports and pastes are never keys, whatever the reads. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputDecoder, type InputEvent } from '../../../src/ui/input/decoder.js';
import { TerminalInput } from '../../../src/ui/input/terminal-input.js';

const WHITE = '\u001B]11;rgb:ffff/ffff/ffff\u0007';
const DA1 = '\u001B[?62;22c';

/** What each event is, in short: keys by id, 'reply', 'mouse:<kind>'. */
function shown(events: readonly InputEvent[]): string[] {
  return events.flatMap((e) => (e.kind === 'keys' ? e.keys.map((k) => (k.alt ? `alt ${k.id}` : k.id)) : e.kind === 'reply' ? ['reply'] : [`mouse:${e.mouse.kind}`]));
}

/** The keys of reads given one after the other, then nothing more. */
function keysOf(...reads: string[]): string {
  const decoder = new InputDecoder();
  const events = [...reads.flatMap((r) => decoder.push(r)), ...decoder.flush()];
  return events.flatMap((e) => (e.kind === 'keys' ? e.keys.map((k) => k.id.replace(/^c:/, '')) : [])).join(' ');
}

describe('terminal replies', () => {
  it('are taken out of a read, keys around them kept', () => {
    expect(shown(new InputDecoder().push(`j${WHITE}k${DA1}q`))).toEqual(['c:j', 'reply', 'c:k', 'reply', 'c:q']);
    expect(shown(new InputDecoder().push('\u001B]11;rgb:0/0/0\u001B\\'))).toEqual(['reply']);
  });

  it('are taken out when split over reads, wherever the cut', () => {
    for (const reply of [WHITE, DA1]) {
      for (let cut = 1; cut < reply.length; cut++) {
        expect(keysOf(`x${reply.slice(0, cut)}`, `${reply.slice(cut)}y`), `${JSON.stringify(reply)} cut at ${cut}`).toBe('x y');
      }
    }
    expect(keysOf('x\u001B]11;rgb:ff', 'ff/ffff', '/ffff\u0007y')).toBe('x y');
  });

  it('are not typed when their end never comes, nor when it comes after a wait', () => {
    expect(keysOf('j\u001B]11;rgb:ff')).toBe('j');
    expect(keysOf(`${WHITE}\u001B[?64;`)).toBe('');
    const decoder = new InputDecoder();
    expect(shown([...decoder.push('j\u001B]11;rgb:ff'), ...decoder.flush(), ...decoder.flush(true)])).toEqual(['c:j']);
    expect(shown([...decoder.push('ff/ffff/ffff\u0007k\u001B[?6'), ...decoder.flush()])).toEqual(['reply', 'c:k']);
    expect(shown(decoder.push('4;1c'))).toEqual(['reply']);
  });

  it('leave keys and other escape sequences alone', () => {
    expect(keysOf('jjk')).toBe('j j k');
    expect(keysOf(':grp-1\r')).toBe(': g r p - 1 s:return');
    expect(keysOf('\u001B[A', '\u001B[1;5C')).toBe('s:upArrow s:rightArrow');
    expect(keysOf('\u001B')).toBe('s:escape');
    expect(keysOf('\u001B]')).toBe(']');
    expect(keysOf('\u001B]x')).toBe('] x');
    expect(keysOf('rgb:ffff')).toBe('r g b : f f f f');
  });
});

describe('mouse reports', () => {
  it('are mouse events, also when cut between reads', () => {
    const decoder = new InputDecoder();
    expect(shown(decoder.push('j\u001B[<65;3'))).toEqual(['c:j']);
    expect(shown(decoder.push(';4Mk'))).toEqual(['mouse:wheel', 'c:k']);
    expect(shown(new InputDecoder().push('\u001B[<0;1;2M\u001B[<0;1;2m'))).toEqual(['mouse:press', 'mouse:release']);
  });

  it('are never keys, not even the ones not asked for', () => {
    expect(keysOf('\u001B[<35;1;2M', '\u001B[M !!x')).toBe('x');
  });
});

describe('bracketed paste', () => {
  it('is text whatever it holds, also cut between reads', () => {
    const decoder = new InputDecoder();
    const events = [...decoder.push('\u001B[200~a\u001B[<0;1;2M'), ...decoder.push('b\r\u001B[20'), ...decoder.push('1~j')];
    expect(events.map((e) => (e.kind === 'keys' ? [e.pasted, e.seq] : e.kind))).toEqual([[true, 'a\u001B[<0;1;2Mb\r'], [false, 'j']]);
  });
});

describe('keys', () => {
  it('come in segments: a run of plain bytes, or one escape sequence', () => {
    const events = new InputDecoder().push('jj\r\u001B[B\u001Bx');
    expect(events.map((e) => (e.kind === 'keys' ? [e.seq, e.sequence] : e.kind))).toEqual([['jj\r', false], ['\u001B[B', true], ['\u001Bx', true]]);
    expect(shown(events)).toEqual(['c:j', 'c:j', 's:return', 's:downArrow', 'alt c:x']);
  });

  it('name BS and the Delete key as a text field reads them, too', () => {
    const [bs] = new InputDecoder().push('\b');
    const [del] = new InputDecoder().push('\u001B[3~');
    expect(bs?.kind === 'keys' && bs.keys[0]).toMatchObject({ id: 's:backspace', inField: '^h' });
    expect(del?.kind === 'keys' && del.keys[0]).toMatchObject({ id: 's:delete', inField: 's:deleteForward' });
  });

  it('wait for the rest of a sequence cut between reads', () => {
    expect(keysOf('j\u001B[', '6~')).toBe('j s:pageDown');
    expect(keysOf('\u001B', '[B')).toBe('s:downArrow');
    expect(keysOf('\u001B[')).toBe('[');
  });
});

/** A fake TTY whose reads arrive when `send` is called. */
function fakeTty() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stream });
  return { stream: stream as unknown as NodeJS.ReadStream, send: (bytes: string) => stream.write(bytes) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the input reader', () => {
  it('takes a lone ESC for the Esc key once nothing follows at once', async () => {
    const { stream, send } = fakeTty();
    const seen: string[] = [];
    const stop = new TerminalInput(stream).listen((e) => seen.push(e.kind === 'keys' ? e.seq : e.kind));
    send('\u001B');
    await sleep(20);
    expect(seen).toEqual(['\u001B']);
    stop();
  });

  it('while a reply is owed, waits for one cut after its ESC instead of typing Esc and the rest', async () => {
    const { stream, send } = fakeTty();
    const input = new TerminalInput(stream);
    const replies: string[] = [];
    const seen: string[] = [];
    const stopReplies = input.awaitReplies((r) => replies.push(r));
    const stop = input.listen((e) => seen.push(e.kind === 'keys' ? e.seq : e.kind));
    send('j\u001B');
    await sleep(30);
    send(`${WHITE.slice(1)}${DA1}k`);
    await sleep(20);
    expect(replies).toEqual([WHITE, DA1]);
    expect(seen).toEqual(['j', 'k']);
    stopReplies();
    stop();
  });
});

describe('the input reader with frames that each ask for DA1', () => {
  it("waits on an ESC after every frame's query, not only the first: an answer cut after its ESC is no key", async () => {
    const { stream, send } = fakeTty();
    const input = new TerminalInput(stream);
    const replies: string[] = [];
    const seen: string[] = [];
    input.expectReply();
    const stopReplies = input.awaitReplies((r) => replies.push(r));
    const stop = input.listen((e) => seen.push(e.kind === 'keys' ? e.seq : e.kind));
    send(DA1);
    await sleep(20);
    input.expectReply();
    send('\u001B');
    await sleep(150);
    expect(seen).toEqual([]);
    send(DA1.slice(1));
    await sleep(20);
    expect(replies).toEqual([DA1, DA1]);
    expect(seen).toEqual([]);
    // The Esc key typed while an answer is owed: the answer after it tells it apart.
    input.expectReply();
    send('\u001B');
    await sleep(20);
    send(DA1);
    await sleep(20);
    expect(seen).toEqual(['\u001B']);
    // The Esc key typed while an answer is owed, then another key in a read of its own: two keys, not Alt-e.
    input.expectReply();
    send('\u001B');
    await sleep(20);
    send('e');
    await sleep(20);
    expect(seen).toEqual(['\u001B', '\u001B', 'e']);
    stopReplies();
    stop();
  });
});

describe('function keys', () => {
  it('are read in their SS3 and CSI forms, and a cursor position report is never F3', () => {
    expect(keysOf('\u001BOP', '\u001BOS', '\u001B[15~', '\u001B[24~', '\u001B[1;2R')).toBe('s:f1 s:f4 s:f5 s:f12 s:f3');
    expect(keysOf('\u001B[12;40R')).toBe('');
  });
});
