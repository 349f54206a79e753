// A visitor's actions and checks, written once for every engine on top of its driver (engineDriver.ts): elements are
// found by role and name in the page (probe.js), waited for by polling, scrolled to the middle of the window before a
// real click (where the ad toast in the bottom corner does not cover them), and every error the page or the engine
// reported is collected as the journey goes.
import type { ElementQuery, EngineDriver, InPage } from './engineDriver.ts';
import { blankPath } from './probeProxy.ts';

declare global {
  interface Window {
    __engines: {
      takeProblems(): string[];
      find(query: ElementQuery): HTMLElement | null;
      findAll(query: ElementQuery): HTMLElement[];
      accessibleName(element: Element): string;
      isLive(): boolean;
    };
  }
}

/** How long a step may take on a busy machine: a section arrives through Module Federation, then its rows. */
export const stepTimeoutMs = 20_000;

export class Visitor {
  constructor(
    readonly driver: EngineDriver,
    readonly origin: string,
  ) {}

  get engine() {
    return this.driver.engine;
  }

  /** A full page load of a path of the site, as from the address bar. */
  async open(path: string): Promise<void> {
    await this.driver.open(new URL(path, this.origin).href);
  }

  /** Leaves the page for a blank one of the same origin (the probe and nothing else): the page left is gone after. */
  async openBlank(): Promise<void> {
    await this.open(blankPath);
  }

  evaluate<Arg, Result>(fn: InPage<Arg, Result>, arg: Arg): Promise<Result> {
    return this.driver.evaluate(fn, arg);
  }

  /** Polls the page until `fn` returns a truthy value (errors while a page changes count as not yet). */
  async waitUntil<Arg, Result>(
    what: string,
    fn: InPage<Arg, Result>,
    arg: Arg,
    timeout = stepTimeoutMs,
  ): Promise<Result> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const result = await this.driver.evaluate(fn, arg);
        if (result) return result;
        last = result;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline)
        throw new Error(`${this.engine}: ${what} within ${timeout} ms (last: ${String(last)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async waitFor(query: ElementQuery, timeout = stepTimeoutMs): Promise<void> {
    await this.waitUntil(
      `no ${JSON.stringify(query)}`,
      (q) => window.__engines.find(q) !== null,
      query,
      timeout,
    );
  }

  async waitForGone(query: ElementQuery): Promise<void> {
    await this.waitUntil(`still ${JSON.stringify(query)}`, (q) => window.__engines.find(q) === null, query);
  }

  /** Waits until the element's text (whitespace collapsed) contains, or matches, the expected text. */
  async waitForText(query: ElementQuery, expected: string | RegExp): Promise<string> {
    const pattern =
      typeof expected === 'string' ? { source: '', text: expected } : { source: expected.source, text: '' };
    return this.waitUntil(
      `no ${JSON.stringify(query)} with text ${String(expected)}`,
      ([q, want]) => {
        const element = window.__engines.find(q);
        const text = (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
        const matches = want.source ? new RegExp(want.source).test(text) : text.includes(want.text);
        return matches ? text : '';
      },
      [query, pattern] as const,
    );
  }

  async attribute(query: ElementQuery, name: string): Promise<string | null> {
    await this.waitFor(query);
    return this.evaluate(([q, attribute]) => window.__engines.find(q)?.getAttribute(attribute) ?? null, [
      query,
      name,
    ] as const);
  }

  async waitForAttribute(query: ElementQuery, name: string, value: string): Promise<void> {
    await this.waitUntil(
      `${JSON.stringify(query)} without ${name}="${value}"`,
      ([q, attribute, expected]) => window.__engines.find(q)?.getAttribute(attribute) === expected,
      [query, name, value] as const,
    );
  }

  title(): Promise<string> {
    return this.evaluate(() => document.title, null);
  }

  /** Scrolls the element to the middle of the window and waits until it stops moving (a toast slides in). */
  private async bringIntoView(query: ElementQuery): Promise<void> {
    await this.waitFor(query);
    await this.evaluate((q) => window.__engines.find(q)?.scrollIntoView({ block: 'center' }), query);
    let last = '';
    for (let polls = 0; polls < 50; polls += 1) {
      const now = await this.evaluate(
        (q) => JSON.stringify(window.__engines.find(q)?.getBoundingClientRect()),
        query,
      );
      if (now === last) return;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.engine}: ${JSON.stringify(query)} kept moving`);
  }

  async click(query: ElementQuery): Promise<void> {
    await this.bringIntoView(query);
    await this.driver.click(query);
  }

  async type(query: ElementQuery, text: string): Promise<void> {
    await this.bringIntoView(query);
    await this.driver.type(query, text);
  }

  /** Chooses the option the visitor reads as `label` in a <select>. */
  async select(query: ElementQuery, label: string): Promise<void> {
    await this.bringIntoView(query);
    const value = await this.evaluate(
      ([q, text]) =>
        Array.from((window.__engines.find(q) as HTMLSelectElement).options).find(
          (option) => option.label === text,
        )?.value,
      [query, label] as const,
    );
    if (value === undefined)
      throw new Error(`${this.engine}: no option ${label} in ${JSON.stringify(query)}`);
    await this.driver.select(query, value);
  }

  /** Scrolls down the whole page a screen at a time, as a reader does, so every section on it is wanted. */
  async readToTheEnd(): Promise<void> {
    for (let screens = 0; screens < 30; screens += 1) {
      const atEnd = await this.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      }, null);
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (atEnd) return;
    }
  }

  /** Waits until every section on the page runs in its slot (data-ready), so hydration has happened. */
  async waitForEverySectionReady(): Promise<void> {
    await this.waitUntil(
      'a section not ready',
      () => {
        const slots = Array.from(document.querySelectorAll('[data-section]'));
        return slots.length > 0 && slots.every((slot) => slot.getAttribute('data-ready') === 'true');
      },
      null,
    );
  }

  /** Waits until the page's live updates have started (a Realtime channel joined), which they do once it is idle. */
  async waitUntilLive(): Promise<void> {
    await this.waitUntil('live updates not started', () => window.__engines.isLive(), null);
  }

  /** A visitor who saw the newsletter pop-up (spec §4): it stays closed on every page of this session. */
  async sawThePopup(): Promise<void> {
    await this.openBlank();
    await this.evaluate(
      () => window.localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))),
      null,
    );
  }

  /**
   * Every error reported since the last call: what the probe recorded on every page (those being left included) and
   * what the engine reported itself. The last page is left first, so what it logs as it goes counts too.
   */
  async problemsAfterLeaving(): Promise<string[]> {
    await this.openBlank();
    const recorded = await this.evaluate(() => window.__engines.takeProblems(), null);
    return [...recorded, ...this.driver.engineProblems().splice(0)];
  }
}
