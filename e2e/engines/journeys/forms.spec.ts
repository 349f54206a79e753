// The newsletter and contact forms, sent to the real backend, up to their thanks and the rows they stored.
import { forgetBrowserWrites } from '../../support/anonymousWrites.ts';
import { rowsEventually, uniqueEmail } from '../../tests/engagement/engagementSite.ts';
import { test } from '../fixtures.ts';

const thanks = { role: 'heading', name: 'Thank You!' };

test('the newsletter form subscribes and thanks the visitor', async ({ visitor }) => {
  // Every local browser is one client to the backend (127.0.0.1): this journey needs the client's allowance.
  await forgetBrowserWrites('newsletterSubscribe');
  const address = uniqueEmail(`engines-news-${visitor.engine}`);
  const section = { role: 'region', name: 'Subscribe to newsletter' };
  await visitor.sawThePopup();
  await visitor.open('/about');
  await visitor.type({ role: 'textbox', name: 'Email address', within: section }, address);
  await visitor.click({ role: 'button', name: 'Subscribe Now', within: section });
  await visitor.waitForText({ ...thanks, within: section }, 'Thank You!');
  await rowsEventually('emails', { email: address });
});

test('the contact form sends the message and thanks the visitor', async ({ visitor }) => {
  await forgetBrowserWrites('contact');
  const address = uniqueEmail(`engines-contact-${visitor.engine}`);
  const section = { role: 'region', name: 'Contact', exact: true };
  const field = (name: string) => ({ role: 'textbox', name, exact: true, within: section });
  await visitor.sawThePopup();
  await visitor.open('/courses');
  await visitor.type(field('Full Name'), `Visitor in ${visitor.engine}`);
  await visitor.type(field('Email'), address);
  await visitor.type(field('Subject'), 'A project');
  await visitor.type(field('Message'), `Hello from ${visitor.engine}.`);
  await visitor.click({ role: 'button', name: 'Submit', within: section });
  await visitor.waitForText({ ...thanks, within: section }, 'Thank You!');
  await rowsEventually('contacts', { email: address });
});
