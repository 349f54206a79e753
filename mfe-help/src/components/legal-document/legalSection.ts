import type { ReactNode } from 'react';

/** One numbered part of a policy or of the terms: an h2 with an anchor, and its text. */
export interface LegalSection {
  /** The section's anchor, so a link can point at it (/help/privacy-policy#gdpr-rights). Stable: links depend on it. */
  id: string;
  title: string;
  body: ReactNode;
}
