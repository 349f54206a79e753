import { holdEarlySubmits } from '../holdEarlySubmits.ts';

describe('forms of a server-rendered section before its code runs', () => {
  beforeAll(() => holdEarlySubmits(document));

  function submit(html: string): { prevented: boolean; form: HTMLFormElement } {
    document.body.innerHTML = html;
    const form = document.querySelector('form')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    return { prevented: event.defaultPrevented, form };
  }

  it('are held (no native submission that would reload the page and drop what was typed)', () => {
    expect(
      submit('<div data-section="courses/CoursesPage"><form role="search"><input /></form></div>').prevented,
    ).toBe(true);
  });

  it('are sent again, once, when the section is live', async () => {
    const { form } = submit(
      '<div data-section="portfolio/PortfolioPage"><form role="search"><input /><button>Search</button></form></div>',
    );
    // A second press while waiting is one search, not two.
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    const sent: Event[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(event);
    });
    await Promise.resolve();
    expect(sent).toHaveLength(0);
    form.closest('[data-section]')!.setAttribute('data-ready', 'true');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.map((event) => event.type)).toEqual(['submit']);
  });

  it('submit as usual once the section is live, and outside sections', () => {
    expect(
      submit('<div data-section="courses/CoursesPage" data-ready="true"><form><input /></form></div>')
        .prevented,
    ).toBe(false);
    expect(submit('<main><form><input /></form></main>').prevented).toBe(false);
  });
});
