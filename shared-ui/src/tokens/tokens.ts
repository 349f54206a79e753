// Design tokens for code. Colours and spacing for styles live as CSS custom properties in tokens.css;
// the breakpoints are also @values in breakpoints.css for media queries (a test keeps the two equal).

/** Screen widths from the spec, in CSS pixels. A rule "at N px or less" uses max-width: N px. */
export const breakpoints = {
  /** The ad toast goes full-width at this width or less. */
  small: 544,
  /** The video player is 300 px high at this width or less. */
  medium: 768,
  /** The tutorials sort menu sits beside the search box only above this width. */
  large: 992,
  /** The video player is 500 px high at this width or less. */
  extraLarge: 1200,
} as const;

export const colors = {
  loadingBar: '#28a7e9',
} as const;

export const layout = {
  /** Main content starts below the fixed navbar. */
  mainTopMarginPx: 95,
  /** The navbar logo shrinks once the page is scrolled more than this. */
  navbarShrinkScrollPx: 100,
  loadingBarHeightPx: 2,
} as const;

export const mediaQueries = {
  upToSmall: `(max-width: ${breakpoints.small}px)`,
  upToMedium: `(max-width: ${breakpoints.medium}px)`,
  aboveLarge: `(min-width: ${breakpoints.large + 1}px)`,
  upToExtraLarge: `(max-width: ${breakpoints.extraLarge}px)`,
} as const;
