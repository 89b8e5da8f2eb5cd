/**
 * What is typed into the app's key form, kept above the form: a terminal too small to draw the
 * app replaces the form (which forgets its field), and the draft is there again when it grows.
 * Forgotten when the form closes, and when a rejected key clears the field.
 */
import { useState } from 'react';

export interface KeyDraft {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

export function useKeyDraft(open: boolean, cleared: number): KeyDraft {
  const [draft, setDraft] = useState({ cleared, value: '' });
  const current = open && draft.cleared === cleared ? draft.value : '';
  // Closed or cleared: the key typed is dropped, not kept until the form opens again.
  if (current !== draft.value) setDraft({ cleared, value: current });
  return { value: current, onChange: (value) => setDraft({ cleared, value }) };
}
