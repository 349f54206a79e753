import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { TermsAndConditionsPage } from '../TermsAndConditionsPage.tsx';
import { TermsOfServicePage } from '../TermsOfServicePage.tsx';
import * as shared from '../sharedTermsSections.tsx';
import { termsAndConditionsSections } from '../termsAndConditionsSections.tsx';
import { termsOfServiceSections } from '../termsOfServiceSections.tsx';

const pages: [name: string, path: string, Page: ComponentType][] = [
  ['Terms and Conditions', '/help/terms-and-conditions', TermsAndConditionsPage],
  ['Terms of Service', '/help/terms-of-service', TermsOfServicePage],
];

// Spec §2 "Help pages content", terms pages: each topic, the heading that covers it, and what it must say.
const requiredTopics: [topic: string, heading: string, mustSay: RegExp[]][] = [
  ['licence and restrictions', 'Licence and restrictions', [/intellectual property/i, /You must not/]],
  ['comments', 'Comments', [/comment/i]],
  ['hyperlinking', 'Hyperlinking to this site', [/link/i, /allow 2–3 weeks for a response/]],
  ['iframes', 'Iframes', [/frames/i]],
  ['content liability', 'Content liability', [/not responsible for any content on your website/i]],
  ['disclaimer', 'Disclaimer', [/exclude all representations, warranties and conditions/i]],
  ['governing law', 'Governing law', [/laws of Portugal/]],
];

function renderPage(path: string, Page: ComponentType) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

describe.each(pages)('%s', (_name, path, Page) => {
  it.each(requiredTopics)('covers %s under "%s"', (_topic, heading, mustSay) => {
    renderPage(path, Page);
    const region = screen.getByRole('region', { name: heading });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(heading);
    for (const text of mustSay) expect(region).toHaveTextContent(text);
  });

  it('links the privacy policy inside the site', () => {
    renderPage(path, Page);
    const privacy = screen.getByRole('region', { name: 'Your privacy' });
    expect(within(privacy).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/help/privacy-policy',
    );
  });

  it('has unique anchors and no h1', () => {
    const { container } = renderPage(path, Page);
    const ids = [...container.querySelectorAll('h2[id]')].map((heading) => heading.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('the terms pages', () => {
  it('open the terms of service with the heading "Website Terms and Conditions of Use"', () => {
    renderPage('/help/terms-of-service', TermsOfServicePage);
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent(
      'Website Terms and Conditions of Use',
    );
  });

  it('share the sections whose text is the same: written once, used by both', () => {
    const sharedSections = Object.values(shared);
    expect(sharedSections.length).toBeGreaterThanOrEqual(requiredTopics.length);
    for (const section of sharedSections) {
      expect(termsAndConditionsSections).toContain(section);
      expect(termsOfServiceSections).toContain(section);
    }
  });

  it('keep a distinct text of their own beside the shared sections', () => {
    const own = (sections: readonly { id: string }[]) =>
      sections
        .filter((section) => !Object.values(shared).includes(section as never))
        .map((section) => section.id);
    expect(own(termsAndConditionsSections).length).toBeGreaterThan(0);
    expect(own(termsOfServiceSections).length).toBeGreaterThan(0);
    expect(own(termsAndConditionsSections)).not.toEqual(own(termsOfServiceSections));
  });
});
