import { owner } from '@site/shared-ui/owner';
import type { LegalSection } from '../../components/legal-document/legalSection.ts';
import { siteHost } from '../../components/legal-document/siteHost.ts';
import {
  commentsSection,
  contentLiabilitySection,
  disclaimerSection,
  governingLawSection,
  hyperlinkingSection,
  iframesSection,
  licenceSection,
  yourPrivacySection,
} from './sharedTermsSections.tsx';

/** The heading the spec gives this page's text (its banner and page title say "Terms of Service"). */
export const termsOfUseHeading = 'Website Terms and Conditions of Use';

export const termsOfServiceIntro = (
  <p>
    These terms apply to everyone who uses {siteHost}, the website of {owner.name}. Please read them carefully
    before you use the site.
  </p>
);

export const termsOfServiceSections: readonly LegalSection[] = [
  {
    id: 'terms-of-use',
    title: termsOfUseHeading,
    body: (
      <>
        <p>
          By accessing {owner.siteUrl}, you agree to be bound by these terms of use and to comply with all the
          laws and regulations that apply to you; you are responsible for that compliance. If you do not agree
          with any of these terms, you may not use this site.
        </p>
        <p>The material on this site is protected by copyright and trademark law.</p>
      </>
    ),
  },
  licenceSection,
  commentsSection,
  hyperlinkingSection,
  iframesSection,
  contentLiabilitySection,
  {
    id: 'accuracy-of-materials',
    title: 'Accuracy of materials',
    body: (
      <p>
        The material on this site may contain technical, typographical or other errors, and a tutorial shows
        the tools and versions that were current when it was recorded. I do not promise that any material is
        accurate, complete or current. I may change the material at any time without notice, but I do not
        commit to updating it.
      </p>
    ),
  },
  {
    id: 'links-to-other-sites',
    title: 'Links to other websites',
    body: (
      <p>
        This site links to other websites, such as video and course platforms, that I have not reviewed in
        full and do not control. I am not responsible for their content, and a link does not mean that I
        endorse the site it leads to. You use any linked website at your own risk, under its own terms.
      </p>
    ),
  },
  yourPrivacySection,
  {
    id: 'changes-to-these-terms',
    title: 'Changes to these terms',
    body: (
      <p>
        I may revise these terms at any time, and show the date of the last change at the top of this page. By
        using this site you agree to be bound by the terms as they stand at the time.
      </p>
    ),
  },
  disclaimerSection,
  governingLawSection,
];
