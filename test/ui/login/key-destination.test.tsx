/** The `L` form's Tab (where the key goes), through ink's real input pipeline (ink-testing-library). */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, it } from 'vitest';
import { createKeyStorage } from '../../../src/ui/login/key-storage.js';
import { useKeyDestination } from '../../../src/ui/login/use-key-destination.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`timed out waiting for ${what}`);
}

const storage = createKeyStorage({ filePath: '/x/credentials.json', probe: async () => undefined, save: async () => 'saved' });

function Where() {
  const choice = useKeyDestination(storage);
  return <Text>{choice.asked ? `goes to ${choice.where}` : 'asking'}</Text>;
}

describe("the key form's destination", () => {
  it('Tab read together with typed characters (a paste, then Tab at once) still steps to the next place', async () => {
    const r = render(<Where />);
    await until(() => (r.lastFrame() ?? '').includes('goes to keychain') && r.stdin.listenerCount('readable') > 0, 'the keychain answer');
    r.stdin.write('abc\t');
    await until(() => (r.lastFrame() ?? '').includes('goes to session'), 'the step to this session only');
    r.stdin.write('\t\t');
    await until(() => (r.lastFrame() ?? '').includes('goes to keychain'), 'two steps on, back to the keychain');
    r.unmount();
  });
});
