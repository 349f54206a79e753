// The site's look in a mail: the kit's design tokens (shared-ui/src/tokens/tokens.css), written out as values because a
// mail program knows no custom properties, and the functions are deployed without the kit. A unit test keeps every
// value equal to its token, so a change of the site's colours reaches the mails or fails the tests.

/** Light colours: inline styles, what every mail program shows. */
export const lightColors = {
  brand: '#28a7e9', // --color-brand
  brandStrong: '#0a6391', // --color-brand-strong
  onBrand: '#ffffff', // --color-on-brand
  text: '#17212b', // --color-text
  textMuted: '#47525e', // --color-text-muted
  surface: '#ffffff', // --color-surface
  surfaceAlt: '#f2f6f9', // --color-surface-alt
  border: '#d3dce4', // --color-border
} as const;

/** Dark colours: the dark theme's tokens, applied by the mail's stylesheet where the reader's system asks for dark. */
export const darkColors = {
  brand: '#28a7e9',
  brandStrong: '#6cc5f5',
  onBrand: '#0b1520',
  text: '#e4ebf1',
  textMuted: '#a8b5c2',
  surface: '#111a23',
  surfaceAlt: '#17232f',
  border: '#2d3b49',
} as const satisfies Record<keyof typeof lightColors, string>;

/** The token each colour comes from. */
export const colorTokens: Record<keyof typeof lightColors, string> = {
  brand: '--color-brand',
  brandStrong: '--color-brand-strong',
  onBrand: '--color-on-brand',
  text: '--color-text',
  textMuted: '--color-text-muted',
  surface: '--color-surface',
  surfaceAlt: '--color-surface-alt',
  border: '--color-border',
};

/** --font-body */
export const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The widest a mail's column is: what every mail program shows without scrolling sideways. */
export const mailWidthPx = 600;
