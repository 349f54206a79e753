// The router API the site uses, and nothing more. Shared modules ship whole (Module Federation cannot tree-shake
// them), so sharing react-router itself would send all of it (~53 KB compressed) to every visitor; sharing this
// module instead sends only what is listed here, and every app still uses one router instance through it.
// Import the router from '@site/shared-ui/router', never from 'react-router' directly (ESLint enforces it; tests
// may use react-router's MemoryRouter, which is the same module under jest). Add an export here when a section needs it.
export {
  BrowserRouter,
  Link,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
export type { LinkProps, NavLinkProps } from 'react-router';

/**
 * The state of a navigation that changes only what a page shows (a search, its sort), not the page: the window
 * stays where it is (the shell's scroll restoration reads it). A new page starts at the top.
 */
export const keepScrollState = { keepScroll: true } as const;

export function keepsScroll(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true
  );
}
