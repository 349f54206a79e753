import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { owner } from '@site/shared-ui/owner';
import { PrivacyPolicyPage } from '../PrivacyPolicyPage.tsx';

function renderPolicy() {
  return render(
    <MemoryRouter initialEntries={['/help/privacy-policy']}>
      <PrivacyPolicyPage />
    </MemoryRouter>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

// Spec §2 "Help pages content", privacy policy: each topic, the heading that covers it, and what it must say.
const requiredTopics: [topic: string, heading: string, mustSay: RegExp[]][] = [
  ['consent', 'Consent', [/you consent to this privacy policy/i]],
  [
    'information collected, when registering or contacting',
    'Information I collect',
    [/register/i, /your name/i, /company name/i, /postal address/i, /email address/i, /telephone number/i],
  ],
  ['use of data', 'How I use your information', [/I use the information I collect to/i]],
  ['log files', 'Log files', [/log files/i, /IP address/i]],
  ['cookies and web beacons', 'Cookies and web beacons', [/cookie/i, /web beacon/i]],
  ['advertising partners', 'Advertising partners', [/Google AdSense/]],
  [
    'CCPA rights',
    'Your privacy rights under the CCPA',
    [/California Consumer Privacy Act/, /within one month/],
  ],
  [
    'GDPR rights',
    'Your data protection rights under the GDPR',
    [/General Data Protection Regulation/, /within one month/, /small fee/i],
  ],
  ["children's information", "Children's information", [/do not knowingly collect/i, /under the age of 13/]],
];

describe('PrivacyPolicyPage', () => {
  it.each(requiredTopics)('covers %s under "%s"', (_topic, heading, mustSay) => {
    renderPolicy();
    const region = section(heading);
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(heading);
    for (const text of mustSay) expect(region).toHaveTextContent(text);
  });

  it('says truthfully what this site stores', () => {
    renderPolicy();
    const stored = section('Information I collect');
    expect(stored).toHaveTextContent(/newsletter.*your email address/i);
    expect(stored).toHaveTextContent(/full name, email address, subject and message/i);
    expect(stored).toHaveTextContent(/anonymous usage events.*no IP address/i);
    expect(stored).toHaveTextContent(/emailSubmitted.*SUBMITTED/);
    expect(stored).toHaveTextContent(/newsletterTimestamp/);
    expect(stored).toHaveTextContent(/reCAPTCHA/);
    expect(stored).toHaveTextContent(
      /follow the site from Mastodon.*your account's address.*replies, likes and boosts.*never shown on the site/,
    );
  });

  it('says plainly how pages are counted without cookies, and what is never stored', () => {
    renderPolicy();
    const stored = section('Information I collect');
    expect(stored).toHaveTextContent(/pages read:.*never the address of the page you came from/i);
    expect(stored).toHaveTextContent(/secret random value that is made anew every day/i);
    expect(stored).toHaveTextContent(/only that code is stored, never your IP address or your user agent/i);
    expect(stored).toHaveTextContent(/destroyed at the end of each day/i);
    expect(section('Cookies and web beacons')).toHaveTextContent(
      /sets one cookie of its own, and only if you choose a theme: theme,.*It has one web beacon/,
    );
    expect(stored).toHaveTextContent(
      /the cookie theme remembers your choice \(light or dark, nothing else\)/,
    );
  });

  it('links the ad network policy, opening in a new tab', () => {
    renderPolicy();
    const link = within(section('Advertising partners')).getByRole('link', {
      name: /How Google uses cookies in advertising/,
    });
    expect(link).toHaveAttribute('href', 'https://policies.google.com/technologies/ads');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName(/opens in a new tab/);
  });

  it("gives the owner's name and email from the owner config", () => {
    renderPolicy();
    expect(screen.getAllByText(new RegExp(owner.name)).length).toBeGreaterThan(0);
    for (const link of screen.getAllByRole('link', { name: owner.email })) {
      expect(link).toHaveAttribute('href', `mailto:${owner.email}`);
    }
  });

  it('keeps its headings in order: h2 sections, h3 within them, no h1', () => {
    renderPolicy();
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(2);
    expect(Math.min(...levels)).toBe(2);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });

  it('has one unique anchor per section, each listed on the page', () => {
    const { container } = renderPolicy();
    const ids = [...container.querySelectorAll('h2[id]')].map((heading) => heading.id);
    expect(new Set(ids).size).toBe(ids.length);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(ids.map((id) => `/help/privacy-policy#${id}`));
  });
});
