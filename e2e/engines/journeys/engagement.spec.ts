// What comes to the visitor by itself: the ad toast (2 s after the page starts) and, on a first visit, the newsletter
// pop-up once the page is idle. Each closes when the visitor says so.
import { expect, test } from '../fixtures.ts';

test('the ad toast slides in with its ad and closes when dismissed', async ({ visitor }) => {
  await visitor.sawThePopup();
  await visitor.open('/');
  const toast = { role: 'complementary', name: 'Advertisement' };
  await visitor.waitFor({ role: 'link', within: toast });
  await visitor.click({ role: 'button', name: 'Dismiss the ad', within: toast });
  await visitor.waitForGone(toast);
});

test('on a first visit the newsletter pop-up opens by itself and closes when asked', async ({ visitor }) => {
  await visitor.open('/portfolio');
  const popup = { role: 'dialog', name: 'Newsletter' };
  await visitor.waitFor({ role: 'textbox', name: 'Email address', within: popup });
  await visitor.click({ role: 'button', name: 'Close the newsletter pop-up', within: popup });
  await visitor.waitForGone(popup);
  expect(
    await visitor.evaluate(() => window.localStorage.getItem('newsletterTimestamp'), null),
  ).not.toBeNull();
});
