import React from 'react';
import { Box, Text } from 'ink';
import { displayWidth, sanitizeString, truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { keyNamed } from '../keys/index.js';
import type { ViewPickerState } from '../store/views/view-picker-state.js';
import type { SavedView } from '../../auth/config-views.js';
import { viewSentence, viewSummary } from '../store/views/view-words.js';
import { usePresentation } from '../presentation/presentation.js';
import { CursorLineIf } from '../presentation/CursorHere.js';
import { countText } from '../../text/count.js';

/**
 * One entry as a sentence in `width` columns, for a screen reader: "pub: filter sale, sorted by
 * name, A to Z, published only, 2 of 2". Where it is too long the sentence is cut, not its place in the list.
 */
export function spokenEntry(name: string, view: SavedView, index: number, count: number, width: number): string {
  const words = `${sanitizeString(name).replace(/ {2,}/g, ' ').trim()}: ${sanitizeString(viewSentence(view))}`;
  const place = `, ${countText(index + 1)} of ${countText(count)}`;
  const room = width - displayWidth(place);
  return room >= 8 ? `${truncate(words, room)}${place}` : truncate(`${words}${place}`, width);
}

export interface ViewPickerProps {
  readonly picker: ViewPickerState;
  readonly width: number;
  readonly height: number;
}

/**
 * `v`: the saved views of this screen, one a line (names and queries from the config file,
 * sanitised). For a screen reader each entry is a sentence and the cursor is on the selected one.
 */
export function ViewPicker({ picker, width, height }: ViewPickerProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const body = Math.max(1, height - 1);
  const top = Math.max(0, Math.min(picker.selected - body + 1, picker.names.length - body));
  const nameWidth = Math.min(24, Math.max(...picker.names.map((n) => sanitizeString(n).length)));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate" bold {...colorProps(theme.text.accent)}>
        {truncate(`Saved views (${picker.names.length}): ${keyNamed('submit', 'viewPicker')} applies, ${keyNamed('cancel', 'viewPicker')} closes`, width)}
      </Text>
      {picker.names.slice(top, top + body).map((name, i) => {
        const index = top + i;
        const view = picker.views[index] as SavedView;
        const selected = index === picker.selected;
        if (screenReader) {
          const entry = spokenEntry(name, view, index, picker.names.length, width);
          return (
            <CursorLineIf key={name} on={selected}>
              {selected ? entry : <Text wrap="truncate" {...colorProps(theme.text.primary)}>{entry}</Text>}
            </CursorLineIf>
          );
        }
        const line = `${selected ? '>' : ' '} ${sanitizeString(name).padEnd(nameWidth)}  ${sanitizeString(viewSummary(view))}`;
        return (
          <Text key={name} wrap="truncate" inverse={selected} {...colorProps(theme.text.primary)}>
            {truncate(line, width)}
          </Text>
        );
      })}
    </Box>
  );
}
