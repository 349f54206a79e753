// The mail secrets the local stand-in gives its functions when the environment sets none: public, like the demo keys
// (localKeys.ts), and good for this machine only. A hosted project sets its own (docs/owner.md). Tests sign newsletter
// links and the mail provider's webhook events with these, as the real site and Resend do with theirs.

/** Signs the links in newsletter mails (MAIL_LINK_SECRET). */
export const LOCAL_MAIL_LINK_SECRET = 'local-mail-link-secret-for-this-machine-only-0123456789';

/** Signs the mail provider's webhook events (RESEND_WEBHOOK_SECRET): a Standard Webhooks secret, whsec_ + base64. */
export const LOCAL_RESEND_WEBHOOK_SECRET = 'whsec_bG9jYWwtd2ViaG9vay1zZWNyZXQtZm9yLXRoaXMtbWFjaGluZQ==';
