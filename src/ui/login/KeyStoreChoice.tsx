import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useKeyCommands } from '../keys/index.js';
import { glyph } from '../../text/glyphs.js';
import { colorProps, useTheme } from '../theme/index.js';
import type { KeyStorage } from './key-storage.js';

/**
 * Above the `L` form's key field: where the keychain is out of reach, says so before the key is
 * typed and lets Tab pick where the key goes — this session only, or the plaintext file.
 */
export function KeyStoreChoice({ storage }: { readonly storage: KeyStorage }) {
  const theme = useTheme();
  const [problem, setProblem] = useState<string | undefined>();
  const [store, setStore] = useState(storage.store);
  useEffect(() => {
    let live = true;
    void storage.keychainProblem().then((p) => {
      if (live) setProblem(p);
    });
    return () => {
      live = false;
    };
  }, [storage]);
  useKeyCommands('keyEntry', (presses) => {
    if (problem === undefined || presses[0]?.command !== 'switchKeyStore') return;
    storage.store = storage.store === 'session' ? 'file' : 'session';
    setStore(storage.store);
  });
  if (problem === undefined) return null;
  const mark = (which: typeof store) => (store === which ? `(${glyph('mask')})` : '( )');
  return (
    <Box flexDirection="column">
      <Text {...colorProps(theme.status.warning)}>{problem}</Text>
      <Text>
        Once it works: {mark('session')} keep it for this session only  {mark('file')} store it in {storage.filePath} (plaintext, readable only by you)
      </Text>
      <Text {...colorProps(theme.text.secondary)}>Tab switches. Esc cancels: you can set PAGETUI_API_KEY instead.</Text>
    </Box>
  );
}
