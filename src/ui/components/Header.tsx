import React from 'react';
import { Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { layoutHeader, type HeaderContent } from './header-format.js';

export interface HeaderProps extends HeaderContent {
  readonly width: number;
}

/**
 * The top line: app name, breadcrumb ('origin › group title') and right-aligned extras
 * (profile, filter, sort). All text is sanitised and the line fits `width` exactly.
 */
export function Header({ width, ...content }: HeaderProps): React.JSX.Element {
  const theme = useTheme();
  const parts = layoutHeader(content, width);
  return (
    <Text wrap="truncate">
      <Text bold {...colorProps(theme.text.accent)}>
        {parts.appName}
      </Text>
      {parts.breadcrumb !== '' && <Text {...colorProps(theme.text.primary)}>{`  ${parts.breadcrumb}`}</Text>}
      {parts.gap}
      <Text {...colorProps(theme.text.secondary)}>{parts.right}</Text>
    </Text>
  );
}
