// The newsletter-unsubscribe edge function: see _shared/mail/newsletterLinkHandler.ts.
import { newsletterLinkHandler } from '../_shared/mail/newsletterLinkHandler.ts';

export default newsletterLinkHandler('unsubscribe');
