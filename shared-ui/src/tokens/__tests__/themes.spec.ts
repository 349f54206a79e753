import { readFileSync } from 'node:fs';
import path from 'node:path';

// The dark theme is written twice in tokens.css: for a visitor who chose it (data-theme="dark") and for one whose
// system asks for it (the media query). This keeps the two equal, and every colour defined in both themes.
const css = readFileSync(path.join(__dirname, '..', 'tokens.css'), 'utf8');

/** The declarations of the first block that opens with this selector, as name -> value. */
function declarationsOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no block ${selector}`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, (value ?? '').trim()]),
  );
}

const colourNames = (declarations: Record<string, string>) =>
  Object.keys(declarations)
    .filter((name) => name === 'color-scheme' || name.startsWith('--color-') || name.startsWith('--shadow-'))
    .sort();

describe('the themes', () => {
  const light = declarationsOf(':root');
  const chosenDark = declarationsOf(":root[data-theme='dark']");
  const systemDark = declarationsOf(":root:not([data-theme='light'])");

  it('follow the system unless the visitor chose', () => {
    expect(css).toContain("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme='light']) {");
    expect(light['color-scheme']).toBe('light');
    expect(chosenDark['color-scheme']).toBe('dark');
  });

  it('are the same dark theme whether chosen or from the system', () => {
    expect(systemDark).toEqual(chosenDark);
  });

  it('define every colour in both themes, and nothing else in the dark one', () => {
    expect(colourNames(chosenDark)).toEqual(colourNames(light));
    expect(Object.keys(chosenDark).sort()).toEqual(colourNames(light));
  });
});
