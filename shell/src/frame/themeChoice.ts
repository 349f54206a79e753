// The visitor's theme: light, dark, or the system's (the default). A choice is remembered in a cookie, so that the
// site's server can put it on the first HTML (shell/server/pageTheme.mjs reads the same cookie: a unit test keeps the
// two equal) and the first paint is already in that theme; "system" is no cookie. The page shows a theme through
// data-theme on <html>, which the kit's tokens.css reads.

export type ThemeChoice = 'light' | 'dark' | 'system';

export const themeChoices: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** The cookie the server reads; its values are the chosen themes ('light', 'dark'). */
export const themeCookie = 'theme';

/** A year, as the choice of a visitor who comes back now and then. */
const rememberedForSeconds = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

/** The choice remembered in this browser ('system' when none). */
export function readThemeChoice(): ThemeChoice {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === themeCookie && (value === 'light' || value === 'dark')) return value;
  }
  return 'system';
}

/** Shows the choice on the page: data-theme on <html> for a chosen theme, none for the system's. */
function showThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Remembers the visitor's choice (a year; "system" forgets it) and shows it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    choice === 'system'
      ? `${themeCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${themeCookie}=${choice}; Path=/; Max-Age=${rememberedForSeconds}; SameSite=Lax${secure}`;
  showThemeChoice(choice);
  for (const listener of listeners) listener();
}

export function subscribeToThemeChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * At start: a page the server did not put in the visitor's theme (the prerendered fallback, a development build, a CDN
 * that keyed it wrongly) takes it now.
 */
export function showRememberedTheme(): void {
  const choice = readThemeChoice();
  const shown = document.documentElement.getAttribute('data-theme') ?? 'system';
  if (shown !== choice) showThemeChoice(choice);
}
