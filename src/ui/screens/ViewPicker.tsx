import React from 'react';
import { Box, Text } from 'ink';
import { sanitizeString, truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { keyNamed } from '../keys/index.js';
import type { ViewPickerState } from '../store/views/view-picker-state.js';
import type { SavedView } from '../../auth/config-views.js';

export interface ViewPickerProps {
  readonly picker: ViewPickerState;
  readonly width: number;
  readonly height: number;
}

/** What a view sets, in a few words: its query, then its order and status when it has them. */
function viewSummary(view: SavedView): string {
  const parts = [view.query === '' ? '(no query)' : view.query];
  if (view.sort && view.sort !== 'server') parts.push(`sort ${view.sort}`);
  if (view.status && view.status !== 'all') parts.push(`status ${view.status}`);
  return parts.join(' · ');
}

/** `v`: the saved views of this screen, one a line (names and queries from the config file, sanitised). */
export function ViewPicker({ picker, width, height }: ViewPickerProps): React.JSX.Element {
  const theme = useTheme();
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
