// What the journeys need from a browser, and nothing more, so one journey runs unchanged in every engine. Each engine
// has the driver that can drive the build this machine has (see docs/testing.md): Playwright for Chromium,
// puppeteer-core over WebDriver BiDi for Firefox ESR, selenium-webdriver over classic WebDriver for WebKitGTK.

export type Engine = 'chromium' | 'firefox' | 'webkit';

/**
 * An element as a visitor finds it: by role and accessible name (substring, any case, unless exact), optionally
 * inside another element; or by CSS selector. Resolved in the page by the probe (probe.js), the same in every engine.
 */
export interface ElementQuery {
  role?: string;
  name?: string;
  exact?: boolean;
  level?: number;
  text?: string;
  selector?: string;
  within?: ElementQuery;
}

/** A function run in the page with one serialisable argument (it must not use anything from outside itself). */
export type InPage<Arg, Result> = (arg: Arg) => Result;

export interface EngineDriver {
  readonly engine: Engine;
  /** Opens the URL as if typed in the address bar, and waits for its load event. */
  open(url: string): Promise<void>;
  evaluate<Arg, Result>(fn: InPage<Arg, Result>, arg: Arg): Promise<Result>;
  /** A real click (pointer events, hit test) in the middle of the first element the query finds. */
  click(query: ElementQuery): Promise<void>;
  /** Types the text into the empty field, key by key. */
  type(query: ElementQuery, text: string): Promise<void>;
  /** Chooses the option with this value in a <select>, as a visitor does. */
  select(query: ElementQuery, value: string): Promise<void>;
  /** Makes the page's viewport this size (a phone, a desktop). */
  resize(width: number, height: number): Promise<void>;
  /** What the engine itself reported as errors (console errors, uncaught errors), where it reports them. */
  engineProblems(): string[];
  /**
   * Every request the page completed since the last call, when the engine's driver can see them (Chromium, Firefox);
   * WebKit's classic WebDriver cannot.
   */
  takeRequests?(): string[];
  /** Ends the browser session (a fresh one for every journey: no storage shared). */
  close(): Promise<void>;
}
