'use strict';
// Every deadline of the site, in one place. A request to a dependency (the backend, Google, a section's files) that
// has not answered by its deadline is treated as failed: the visitor sees the same message and "Try again" as for an
// error, a form keeps what was typed, and reads retry by themselves (below) so an open page recovers when the
// dependency does. docs/security.md lists them with what the visitor sees.
// CommonJS, so the browser code (webpack), jest and the site's server (Node, shell/server/) read the same numbers.

const deadlines = {
  /** A page's own read in the browser: its first load, a visitor's search, "Try again". */
  pageReadMs: 8_000,
  /** A read the visitor did not ask for: catching up when live updates start, a refresh after the owner's edit. */
  backgroundReadMs: 10_000,
  /** A newsletter subscription (the edge function checks and stores the address). */
  newsletterSubmitMs: 10_000,
  /** A contact message (the function asks Google's reCAPTCHA in turn, then stores it). */
  contactSubmitMs: 20_000,
  /** Google's reCAPTCHA script, when a contact message is sent: past it, the form says the check could not load. */
  captchaScriptMs: 10_000,
  /** A batch of analytics events; a lost batch is not retried (analytics never troubles the visitor). */
  analyticsMs: 10_000,
  /** The Realtime socket: opening it, and each answer (join, heartbeat) before it is closed and opened again. */
  realtimeMs: 10_000,
  /** How often the open Realtime socket is checked with a heartbeat (a hung backend is noticed within this + above). */
  realtimeHeartbeatMs: 15_000,
  /** A section's files (entry and chunks): past it the slot says the section is late, and keeps waiting for it. */
  sectionFilesMs: 8_000,
  /** The server: one section's slot (its module and its loader's reads); past it the browser renders the slot. */
  serverSlotMs: 300,
  /**
   * The server, rendering a page again for the next visitors (nobody waits for it): each slot's module and reads. A
   * loaded machine that misses serverSlotMs still renders the page whole here.
   */
  serverBackgroundSlotMs: 5_000,
  /**
   * The server: React's render of a whole page once its slots are loaded (it takes milliseconds). Past it the render
   * is aborted, and the visitor gets the prerendered page.
   */
  serverRenderMs: 10_000,
  /** The server: re-reading a section's manifest in the background. */
  serverManifestMs: 2_000,
  /** The site's server: a client's request headers, then its whole request; an idle kept-alive connection. */
  serverHeadersMs: 10_000,
  serverRequestMs: 30_000,
  serverKeepAliveMs: 5_000,
  /** The server: the rows a page's head needs (the courses' structured data); past it the page goes without them. */
  serverPageHeadMs: 300,
  /** The server: reading the public rows for the sitemap and the structured data (the last rows read stand in). */
  serverContentReadMs: 2_000,
  /** The server: a section's browser manifest (early hints, stylesheets); past it the last one read stands in. */
  serverBrowserManifestMs: 1_000,
  /** The server: a section stylesheet's first fetch; past it the page links the section's own file. */
  serverStylesheetMs: 2_000,
};

module.exports = { deadlines };
