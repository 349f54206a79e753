// Who the visitor is, as far as the newsletter pop-up cares (spec §4): on a first visit it opens by itself once the
// page is idle, and its modal dialog makes the rest of the page inert. Tests of anything else start as a visitor
// who saw it a moment ago, so it stays closed; the pop-up's own tests choose their visitor explicitly.
//
// For the whole suite, in playwright.config.ts:   use: { storageState: visitorWhoSawThePopup, ... }
// In one spec file:                                test.use({ storageState: visitorWhoSawThePopup });
// For one page:                                    await asVisitorWhoSawThePopup(page);
import type { BrowserContextOptions, Page } from '@playwright/test';
import { siteUrl } from './site.ts';

/** The browser storage keys of the newsletter (spec §3). */
export const newsletterStorageKeys = {
  emailSubmitted: 'emailSubmitted',
  newsletterTimestamp: 'newsletterTimestamp',
} as const;

/** Long after any test run (1 January 2100): the pop-up stays closed until then. */
export const popupClosedUntil = Date.UTC(2100, 0, 1);

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A visitor who saw the pop-up: newsletterTimestamp in the far future, not subscribed. */
export const visitorWhoSawThePopup: StorageState = {
  cookies: [],
  origins: [
    {
      origin: siteUrl,
      localStorage: [{ name: newsletterStorageKeys.newsletterTimestamp, value: String(popupClosedUntil) }],
    },
  ],
};

/** A first visit: nothing stored, so the pop-up opens. */
export const firstTimeVisitor: StorageState = { cookies: [], origins: [] };

/** The same for one page (every load of it), where the context's storage state cannot be used. */
export async function asVisitorWhoSawThePopup(page: Page): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    newsletterStorageKeys.newsletterTimestamp,
    String(popupClosedUntil),
  ] as const);
}

/** The site's themes a visitor can choose (the toggle remembers one in the cookie `theme`; none: the system's). */
export type ChosenTheme = 'light' | 'dark';

/** The same visitor who once chose a theme with the navbar's toggle. */
export function visitorWhoChoseTheme(
  theme: ChosenTheme,
  visitor: StorageState = visitorWhoSawThePopup,
): StorageState {
  const { hostname } = new URL(siteUrl);
  return {
    ...visitor,
    cookies: [
      ...visitor.cookies,
      {
        name: 'theme',
        value: theme,
        domain: hostname,
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
  };
}
