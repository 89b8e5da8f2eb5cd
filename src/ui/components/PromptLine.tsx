import { Box, Text } from 'ink';
import { displayWidth } from '../../text/index.js';
import { TextField, type TextFieldProps } from './TextField.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface PromptLineProps extends Pick<TextFieldProps, 'context' | 'onChange' | 'onSubmit' | 'history'> {
  readonly width: number;
  readonly value: string;
  /** What starts the line ('/' for the filter, ':' for a jump). */
  readonly sigil: string;
  readonly placeholder: string;
  /** The keys the prompt takes, shown after the text while there is room. */
  readonly hint: string;
  /** The hint's first words: below this room it is left out and the text scrolls instead. */
  readonly minHint: string;
  /** The hint is a problem with what is typed: drawn in the error colour. */
  readonly hintIsProblem?: boolean;
}

/** The fewest columns the text keeps beside a problem with it. */
const MIN_TEXT_ROOM = 8;

/** One input line above the status bar: sigil, text field, and the hint while it fits. */
export function PromptLine({ width, sigil, placeholder, hint, minHint, hintIsProblem = false, ...field }: PromptLineProps) {
  const theme = useTheme();
  const room = width - displayWidth(sigil) - 1;
  const fits = room - displayWidth(field.value || placeholder) - 1 >= displayWidth(minHint);
  // A problem is never scrolled away by a long text: the text gets what the problem leaves it.
  const problemRoom = hintIsProblem && !fits ? Math.min(displayWidth(hint), Math.max(displayWidth(minHint), Math.floor(room / 2))) : 0;
  const showHint = fits || (problemRoom > 0 && room - problemRoom >= MIN_TEXT_ROOM);
  const fieldWidth = fits ? undefined : showHint ? room - problemRoom : room;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Box flexShrink={0}>
        <Text {...colorProps(theme.text.accent)}>{sigil} </Text>
      </Box>
      <Box flexShrink={0}>
        <TextField {...field} placeholder={placeholder} width={fieldWidth} />
      </Box>
      {showHint ? <Text wrap="truncate" {...colorProps(hintIsProblem ? theme.status.error : theme.text.secondary)}>{hint}</Text> : null}
    </Box>
  );
}
