import { owner } from '@site/shared-ui/owner';

/** The site's name as the policies use it: its host name, e.g. "alexmorgan.dev". */
export const siteHost = new URL(owner.siteUrl).host;
