/** The `L` form's Tab (where the key goes), through ink's real input pipeline (ink-testing-library). */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, it } from 'vitest';
import { createKeyStorage } from '../../../src/ui/login/key-storage.js';
import { useKeyDestination } from '../../../src/ui/login/use-key-destination.js';
import { waitFor } from '../../helpers/wait-for.js';

const storage = createKeyStorage({ filePath: '/x/credentials.json', probe: async () => undefined, save: async () => 'saved' });

function Where() {
  const choice = useKeyDestination(storage);
  return <Text>{choice.asked ? `goes to ${choice.where}` : 'asking'}</Text>;
}

describe("the key form's destination", () => {
  it('Tab read together with typed characters (a paste, then Tab at once) still steps to the next place', async () => {
    const r = render(<Where />);
    await waitFor('the keychain answer', () => (r.lastFrame() ?? '').includes('goes to keychain') && r.stdin.listenerCount('readable') > 0);
    r.stdin.write('abc\t');
    await waitFor('the step to this session only', () => (r.lastFrame() ?? '').includes('goes to session'));
    r.stdin.write('\t\t');
    await waitFor('two steps on, back to the keychain', () => (r.lastFrame() ?? '').includes('goes to keychain'));
    r.unmount();
  });
});
