import { Link } from '@site/shared-ui/router';
import { owner } from '@site/shared-ui/owner';
import type { LegalSection } from '../../components/legal-document/legalSection.ts';
import { OwnerEmailLink } from '../../components/legal-document/OwnerEmailLink.tsx';
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

export const termsAndConditionsIntro = (
  <>
    <p>
      Welcome to {siteHost}. These terms and conditions set out the rules for using this website,{' '}
      {owner.siteUrl}, which belongs to {owner.name}. In them, &ldquo;I&rdquo; and &ldquo;me&rdquo; mean{' '}
      {owner.name}, and &ldquo;you&rdquo; means anyone who visits the site.
    </p>
    <p>
      By using this site you accept these terms in full. If you do not agree with any part of them, please do
      not use the site.
    </p>
  </>
);

export const termsAndConditionsSections: readonly LegalSection[] = [
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <p>
        This site sets no cookies of its own. It keeps a few preferences in your browser&apos;s storage, and
        some services from other companies that it uses may set their own cookies. The{' '}
        <Link to="/help/privacy-policy#cookies-and-web-beacons">Privacy Policy</Link> lists them and explains
        how to remove them.
      </p>
    ),
  },
  licenceSection,
  commentsSection,
  hyperlinkingSection,
  iframesSection,
  contentLiabilitySection,
  yourPrivacySection,
  {
    id: 'reservation-of-rights',
    title: 'Reservation of rights',
    body: (
      <p>
        I may ask you to remove any link, or every link, from your site to this one, and you agree to do so
        promptly when I ask. I may also change these terms and this linking policy at any time. By continuing
        to link to this site, you agree to follow the terms as they stand.
      </p>
    ),
  },
  {
    id: 'removal-of-links',
    title: 'Removal of links from this site',
    body: (
      <>
        <p>
          If you find a link on this site offensive for any reason, tell me at <OwnerEmailLink />. I will
          consider every request to remove a link, though I am not obliged to remove it or to answer you
          directly.
        </p>
        <p>
          I try to keep the information on this site correct, but I do not promise that it is complete or
          accurate, that the site will stay available, or that its material will be kept up to date.
        </p>
      </>
    ),
  },
  disclaimerSection,
  governingLawSection,
];
