// The kit's colour tokens (shared-ui/src/tokens/tokens.css) for each theme, as a browser computes them ("rgb(r, g, b)"):
// a test reads what a page paints and compares it with the theme's own colours, so a page that lost the kit's
// stylesheet (the browser's black on white) fails in either theme.
import { readFileSync } from 'node:fs';
import type { ChosenTheme } from './visitor.ts';

const css = readFileSync(new URL('../../shared-ui/src/tokens/tokens.css', import.meta.url), 'utf8');

/** The declarations of the first block that opens with this selector, as name -> value. */
function declarationsOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no block ${selector}`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
  );
}

const themes = { light: declarationsOf(':root'), dark: declarationsOf(":root[data-theme='dark']") };

/** A colour token of the theme (`--color-text`), as computed style gives it. */
export function themeColour(theme: ChosenTheme, token: `--color-${string}`): string {
  const value = themes[theme][token] ?? themes.light[token];
  const hex = value?.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!hex) throw new Error(`${token} is not a plain colour in the ${theme} theme: ${value}`);
  return `rgb(${hex
    .slice(1)
    .map((channel) => parseInt(channel, 16))
    .join(', ')})`;
}
