import { Box } from 'ink';
import { destinationText, MaskedApiKeyField, useKeyDestination, type KeyDestination, type KeyStorage } from '../login/index.js';
import { keyNamed } from '../keys/index.js';
import { usePresentation } from '../presentation/presentation.js';
import { glyph } from '../../text/glyphs.js';
import { displayWidth } from '../../text/width.js';
import type { KeyFormState } from '../store/store-types.js';
import type { FormText } from '../login/key-form-layout.js';
import type { KeyDraft } from '../login/use-key-draft.js';

export interface LoginScreenProps {
  readonly origin: string;
  readonly width: number;
  readonly height: number;
  /** The key, and where the form said it goes once it works. */
  readonly onSubmit: (key: string, where: KeyDestination) => void;
  readonly onCancel: () => void;
  readonly onQuit: () => void;
  /** Where a key that worked is saved; absent (the demo), it is kept for the session. */
  readonly keyStorage?: KeyStorage;
  /** The store's word on the last key typed (checking, rejected). */
  readonly keyForm?: KeyFormState;
  /** What is typed, kept outside the form (see useKeyDraft). */
  readonly draft?: KeyDraft;
}

/**
 * The `L` form (also at start without a key): the shared masked key field, one sentence saying
 * where the key goes once it works (Tab changes it), and what the check said. The key is never
 * drawn, only the same 8 • whatever its length.
 */
export function LoginScreen({ origin, width, height, onSubmit, onCancel, onQuit, keyStorage, keyForm, draft }: LoginScreenProps) {
  const choice = useKeyDestination(keyStorage);
  const { screenReader } = usePresentation();
  const where = destinationText(choice.where, keyStorage?.filePath ?? '');
  const asking = choice.asked ? '' : ' (asking the keychain…)';
  const tab = keyStorage && choice.asked ? ` ${keyNamed('switchKeyStore', 'keyEntry')} changes where.` : '';
  const [submit, cancel] = [keyNamed('submit', 'keyEntry'), keyNamed('cancel', 'keyEntry')];
  const note = `Checked with one request; once it works, the key is ${where}${asking}.${tab} ${submit} to use it, ${cancel} to cancel.`;
  const shortNote = `Key ${where}.${tab} ${submit}: use, ${cancel}: cancel.`;
  const warnings = [
    ...(choice.problem === undefined ? [] : [{ text: choice.problem }]),
    ...(keyStorage?.fileNote === undefined ? [] : [fileWarning(keyStorage.fileNote)]),
  ];
  const feedback = keyForm?.checking
    ? { tone: 'info' as const, text: 'Checking the key…' }
    : keyForm?.message === undefined
      ? undefined
      : { tone: 'error' as const, text: keyForm.message };
  return (
    <Box flexDirection="column" height={height} paddingX={1}>
      <MaskedApiKeyField
        box={{ width: width - 2, height }}
        warnings={warnings}
        shortNote={shortNote}
        where={whereLine(choice.where, screenReader, choice.asked, tab !== '', width - 2)}
        origin={origin}
        note={note}
        context="keyEntry"
        onSubmit={(key) => onSubmit(key, choice.where)}
        onCancel={onCancel}
        onQuit={onQuit}
        fieldKey={keyForm?.cleared ?? 0}
        {...(draft ? { draft } : {})}
        {...(feedback ? { feedback } : {})}
      />
    </Box>
  );
}

const PLACE: Record<KeyDestination, string> = { session: 'this session only', keychain: 'OS keychain', file: 'file (plaintext)' };
const PLACE_SAID: Record<KeyDestination, string> = {
  session: 'Key kept for this session only',
  keychain: 'Key goes to the OS keychain',
  file: 'Key goes to the file (plaintext)',
};

/**
 * Where the key goes in one line, for a form too short for the sentence: "Key → file (plaintext)",
 * in words for a screen reader; what Tab does and that the keychain is being asked, when they fit.
 */
function whereLine(where: KeyDestination, screenReader: boolean, asked: boolean, tab: boolean, width: number): string {
  const place = screenReader ? PLACE_SAID[where] : `Key ${glyph('arrowRight')} ${PLACE[where]}`;
  const tabKey = keyNamed('switchKeyStore', 'keyEntry');
  const extra = !asked ? ` (asking the keychain${glyph('ellipsis')})` : !tab ? '' : screenReader ? `; ${tabKey} changes where` : ` ${glyph('separator')} ${tabKey} changes`;
  return displayWidth(place + extra) <= width ? place + extra : place;
}

/** The credentials-file warning; on a small terminal only its fix, the whole `chmod` command, stays. */
function fileWarning(fileNote: string): FormText {
  const fix = /`(chmod [^`]+)`/.exec(fileNote)?.[1];
  return { text: fileNote, keep: true, ...(fix === undefined ? {} : { short: `Key file not used (others can read it); run: ${fix}` }) };
}
