import { holdEarlySubmits } from '../holdEarlySubmits.ts';

describe('forms of a server-rendered section before its code runs', () => {
  beforeAll(() => holdEarlySubmits(document));

  function submit(html: string): boolean {
    document.body.innerHTML = html;
    const form = document.querySelector('form')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it('are held (no native submission that would reload the page and drop what was typed)', () => {
    expect(submit('<div data-section="courses/CoursesPage"><form role="search"><input /></form></div>')).toBe(
      true,
    );
  });

  it('submit as usual once the section is live, and outside sections', () => {
    expect(
      submit('<div data-section="courses/CoursesPage" data-ready="true"><form><input /></form></div>'),
    ).toBe(false);
    expect(submit('<main><form><input /></form></main>')).toBe(false);
  });
});
