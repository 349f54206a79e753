import { readFileSync } from 'node:fs';
import path from 'node:path';

// The boot script as the page runs it: inlined in the head of every page by the shell's build.
const bootSource = readFileSync(path.join(__dirname, '../../boot.js'), 'utf8');

function runBoot(): void {
  new Function(bootSource)();
}

function submit(html: string): { prevented: boolean; form: HTMLFormElement } {
  document.body.innerHTML = html;
  const form = document.querySelector('form')!;
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return { prevented: event.defaultPrevented, form };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('forms before the code behind them runs', () => {
  beforeAll(runBoot);

  it('are held in a server-rendered section (no native submission that would reload the page and drop what was typed)', () => {
    expect(
      submit('<div data-section="courses/CoursesPage"><form role="search"><input /></form></div>').prevented,
    ).toBe(true);
  });

  it('are held in the frame until it has hydrated (the newsletter and contact forms)', () => {
    expect(submit('<div id="root"><footer><form><input /></form></footer></div>').prevented).toBe(true);
  });

  it('are sent again, once, when the section is live, and no one else hears the held one', async () => {
    const { form } = submit(
      '<div data-section="portfolio/PortfolioPage"><form role="search"><input /><button>Search</button></form></div>',
    );
    const sent: Event[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(event);
    });
    // A second press while waiting is one search, not two.
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(sent).toHaveLength(0);
    form.closest('[data-section]')!.setAttribute('data-ready', 'true');
    await settle();
    expect(sent.map((event) => event.type)).toEqual(['submit']);
  });

  it('are sent again when the frame has hydrated', async () => {
    const { form } = submit('<div id="root"><form><input /></form></div>');
    const sent: Event[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(event);
    });
    document.getElementById('root')!.setAttribute('data-hydrated', 'true');
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('submit as usual once their code is live', () => {
    expect(
      submit('<div data-section="courses/CoursesPage" data-ready="true"><form><input /></form></div>')
        .prevented,
    ).toBe(false);
    expect(
      submit('<div id="root" data-hydrated="true"><main><form><input /></form></main></div>').prevented,
    ).toBe(false);
  });
});

describe('controls before the code behind them runs', () => {
  /** The page's HTML, then the boot script (deferred: it runs once the HTML is parsed), then a click. */
  function click(html: string, selector: string): { prevented: boolean; control: HTMLElement } {
    document.body.innerHTML = html;
    runBoot();
    const control = document.querySelector<HTMLElement>(selector)!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    control.dispatchEvent(event);
    return { prevented: event.defaultPrevented, control };
  }

  it('hold a click (the menu button, a theme radio) and give it again, once each, when the frame has hydrated', async () => {
    const { prevented, control } = click(
      '<div id="root"><nav><button type="button">Menu</button></nav><input type="radio" name="t" /></div>',
      'button',
    );
    expect(prevented).toBe(true);
    const radio = document.querySelector<HTMLInputElement>('input[type="radio"]')!;
    radio.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(radio.checked).toBe(false);
    const heard: string[] = [];
    document.getElementById('root')!.addEventListener('click', (event) => {
      heard.push((event.target as HTMLElement).tagName);
    });
    await settle();
    expect(heard).toEqual([]);
    document.getElementById('root')!.setAttribute('data-hydrated', 'true');
    await settle();
    expect(heard).toEqual(['BUTTON', 'INPUT']);
    expect(radio.checked).toBe(true);
    expect(control.isConnected).toBe(true);
  });

  it('in a section are held until its slot is live', async () => {
    const { prevented, control } = click(
      '<div id="root" data-hydrated="true"><div data-section="courses/CoursesPage"><button type="button">Angular</button></div></div>',
      'button',
    );
    expect(prevented).toBe(true);
    const heard: Event[] = [];
    control.addEventListener('click', (event) => heard.push(event));
    control.closest('[data-section]')!.setAttribute('data-ready', 'true');
    await settle();
    expect(heard).toHaveLength(1);
  });

  it('are held while the page is still being parsed (the script runs in the head, before the body it guards)', () => {
    const parsing = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    runBoot();
    document.body.innerHTML =
      '<div id="root"><nav><button type="button">Menu</button></nav><input type="radio" name="t" /></div>';
    const button = document.querySelector('button')!;
    const whileParsing = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(whileParsing);
    expect(whileParsing.defaultPrevented).toBe(true);
    // Parsed: what is there now is the page's HTML, and stays held until its code is live.
    parsing.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const radio = document.querySelector<HTMLInputElement>('input[type="radio"]')!;
    const afterParsing = new MouseEvent('click', { bubbles: true, cancelable: true });
    radio.dispatchEvent(afterParsing);
    expect(afterParsing.defaultPrevented).toBe(true);
    parsing.mockRestore();
  });

  it('are not held when the code rendered them (a section’s fallback after its code failed to load)', () => {
    document.body.innerHTML = '<div id="root"><div data-section="courses/CoursesPage"></div></div>';
    runBoot();
    const retry = document.createElement('button');
    retry.textContent = 'Try again';
    document.querySelector('[data-section]')!.append(retry);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    retry.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('leave links, forms’ submit buttons and live code alone', () => {
    expect(click('<div id="root"><a href="#about">About</a></div>', 'a').prevented).toBe(false);
    expect(click('<div id="root"><form><button>Send</button></form></div>', 'button').prevented).toBe(false);
    expect(
      click('<div id="root" data-hydrated="true"><button type="button">Menu</button></div>', 'button')
        .prevented,
    ).toBe(false);
    expect(
      click(
        '<div id="root"><div data-section="tutorials/TutorialsPage" data-ready="true"><button>Play</button></div></div>',
        'button',
      ).prevented,
    ).toBe(false);
  });
});

describe('the site’s code', () => {
  const started = () =>
    [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  beforeEach(() => {
    document.head.innerHTML = '';
    const tag = document.createElement('script');
    tag.setAttribute('data-app', '/main.0123456789.js');
    jest.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
    jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  });
  afterEach(() => jest.restoreAllMocks());

  it('starts from the script the boot tag names once the page has loaded and the browser reports its first contentful paint', () => {
    let report:
      | ((
          entries: { getEntriesByName: (name: string) => unknown[] },
          observer: { disconnect: () => void },
        ) => void)
      | undefined;
    class FakePaintObserver {
      static supportedEntryTypes = ['paint', 'resource'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'PerformanceObserver', { value: FakePaintObserver, configurable: true });
    // No paint in the timeline yet (jsdom has no performance timeline).
    Object.defineProperty(performance, 'getEntriesByName', { value: () => [], configurable: true });
    const entries = (names: string[]) => ({
      getEntriesByName: (name: string) => names.filter((n) => n === name),
    });
    try {
      runBoot();
      window.dispatchEvent(new Event('load'));
      expect(started()).toEqual([]);
      report!(entries(['first-paint']), { disconnect: () => {} });
      expect(started()).toEqual([]);
      report!(entries(['first-contentful-paint']), { disconnect: () => {} });
      expect(started()).toEqual(['/main.0123456789.js']);
    } finally {
      delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
      delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
    }
  });

  it('starts in the frame after the page has loaded where the browser reports no paint', async () => {
    runBoot();
    expect(started()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    // Not in the load event's task: the first paint can still be to come.
    expect(started()).toEqual([]);
    await nextFrame();
    await settle();
    expect(started()).toEqual(['/main.0123456789.js']);
  });

  it('starts 5 s after the document was parsed when the page never loads (an image whose server hangs)', () => {
    jest.useFakeTimers();
    try {
      runBoot();
      jest.advanceTimersByTime(4_999);
      expect(started()).toEqual([]);
      expect(document.documentElement).not.toHaveAttribute('data-load-given-up');
      jest.advanceTimersByTime(1);
      expect(started()).toEqual(['/main.0123456789.js']);
      // The code's own waits for the load (the kit's pageLoaded) read it here.
      expect(document.documentElement).toHaveAttribute('data-load-given-up');
      // And once only, when the load event comes after all.
      window.dispatchEvent(new Event('load'));
      jest.runAllTimers();
      expect(started()).toEqual(['/main.0123456789.js']);
    } finally {
      jest.useRealTimers();
      document.documentElement.removeAttribute('data-load-given-up');
    }
  });

  it('starts at once on a hidden page, which paints no frame', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runBoot();
    window.dispatchEvent(new Event('load'));
    expect(started()).toEqual(['/main.0123456789.js']);
  });
});
