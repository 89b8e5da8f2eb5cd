/** The input reader over a fake TTY, with what its listeners heard: for the tests of owed answers. */
import { TerminalInput, type InputStream } from '../../../src/ui/input/terminal-input.js';
import { fakeTtyStreams } from '../../helpers/fake-tty.js';

export function reader(): { input: TerminalInput; type: (text: string) => Promise<void>; keys: string[]; replies: string[] } {
  const { stdin } = fakeTtyStreams();
  const input = new TerminalInput(stdin as unknown as InputStream);
  const keys: string[] = [];
  const replies: string[] = [];
  input.listen((event) => {
    if (event.kind === 'keys') keys.push(event.seq);
  });
  input.awaitReplies((seq) => replies.push(seq));
  // The stream says 'readable' on the next tick.
  const type = (text: string): Promise<void> => {
    stdin.write(text);
    return new Promise((resolve) => process.nextTick(resolve));
  };
  return { input, type, keys, replies };
}
