// The navbar on a phone: the links fold into a menu that opens, leads to a page and closes; scrolling shrinks it.
import { expect, test } from '../fixtures.ts';

test('on a phone the navbar menu opens, leads to a page and closes, and the navbar shrinks on scroll', async ({
  visitor,
}) => {
  await visitor.driver.resize(390, 844);
  await visitor.sawThePopup();
  await visitor.open('/about');
  expect(await visitor.evaluate(() => window.innerWidth, null)).toBe(390);
  const nav = { role: 'navigation', name: 'Main' };
  const menu = { role: 'button', name: 'Menu', exact: true, within: nav };
  const courses = { role: 'link', name: 'Courses', exact: true, within: nav };
  await visitor.waitForAttribute(menu, 'aria-expanded', 'false');
  expect(await visitor.evaluate((q) => window.__engines.find(q) === null, courses)).toBe(true);

  await visitor.click(menu);
  await visitor.waitForAttribute(menu, 'aria-expanded', 'true');
  await visitor.click(courses);
  await visitor.waitForText({ role: 'heading', level: 1 }, 'Courses');
  expect(await visitor.title()).toBe('Alex Morgan | Courses');
  await visitor.waitForAttribute(menu, 'aria-expanded', 'false');
  await visitor.waitForEverySectionReady();

  // Tall at the top of the page, then shrunk by the scroll (a navbar compact from the start would pass the second half).
  const header = { selector: 'header[data-compact]' };
  const headerHeight = () =>
    visitor.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height, null);
  await visitor.waitForAttribute(header, 'data-compact', 'false');
  const tall = await headerHeight();
  await visitor.evaluate(() => window.scrollTo(0, 400), null);
  await visitor.waitForAttribute(header, 'data-compact', 'true');
  await expect.poll(headerHeight).toBeLessThan(tall);
});
