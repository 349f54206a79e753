import { readFileSync } from 'node:fs';
import path from 'node:path';
import { breakpoints, mediaQueries } from '@site/shared-ui/tokens';

// CSS Modules cannot read TypeScript, so the media queries are written twice; this keeps them equal.
const css = readFileSync(path.join(__dirname, '..', 'breakpoints.module.css'), 'utf8');
const cssValues = Object.fromEntries(
  [...css.matchAll(/@value (\w+): (\([^)]+\));/g)].map(([, name, query]) => [name, query]),
);

describe('breakpoints', () => {
  it('are the spec numbers', () => {
    expect(breakpoints).toEqual({ small: 544, medium: 768, large: 992, extraLarge: 1200 });
  });

  it('are the same in CSS and in code', () => {
    expect(cssValues).toEqual({
      upToSmall: mediaQueries.upToSmall,
      upToMedium: mediaQueries.upToMedium,
      upToLarge: `(max-width: ${breakpoints.large}px)`,
      aboveLarge: mediaQueries.aboveLarge,
      upToExtraLarge: mediaQueries.upToExtraLarge,
    });
  });
});
