/** WCAG 2 relative luminance and contrast, for telling light backgrounds from dark ones. */
export interface Rgb {
  /** Channels from 0 to 1. */
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

function linear(channel: number): number {
  return channel <= 0.040_45 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance, 0 (black) to 1 (white). */
function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** True when black text reads better on `background` than white text does. */
export function isLight(background: Rgb): boolean {
  const black = { r: 0, g: 0, b: 0 };
  const white = { r: 1, g: 1, b: 1 };
  return contrastRatio(background, black) > contrastRatio(background, white);
}
