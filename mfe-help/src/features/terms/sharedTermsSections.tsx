// The sections the Terms and Conditions and the Terms of Service have in common, written once: both pages use these.
import { Link } from '@site/shared-ui/router';
import { owner } from '@site/shared-ui/owner';
import type { LegalSection } from '../../components/legal-document/legalSection.ts';
import { OwnerEmailLink } from '../../components/legal-document/OwnerEmailLink.tsx';
import { siteHost } from '../../components/legal-document/siteHost.ts';

export const licenceSection: LegalSection = {
  id: 'licence',
  title: 'Licence and restrictions',
  body: (
    <>
      <p>
        Unless a page says otherwise, {owner.name} owns the intellectual property rights in everything on{' '}
        {siteHost}: its text, images, videos, code and design. All rights are reserved. You may view the
        pages, and print or save them for your own personal, non-commercial use, within the restrictions
        below.
      </p>
      <p>You must not:</p>
      <ul>
        <li>republish material from this site, on another website or anywhere else;</li>
        <li>sell, rent or sub-license material from this site;</li>
        <li>reproduce, duplicate or copy material from this site for a commercial purpose;</li>
        <li>
          redistribute content from this site, unless that content is expressly made for redistribution;
        </li>
        <li>remove copyright or other notices from any material;</li>
        <li>
          use this site in a way that damages it, harms its availability to others, or is unlawful, fraudulent
          or harmful, including collecting data from it by automated means (scraping) without my written
          permission.
        </li>
      </ul>
      <p>
        Where code, such as a tutorial&apos;s repository, comes with its own licence (for example an
        open-source licence on GitHub), that licence applies to that code instead. Courses you take on Udemy,
        Skillshare or another platform are also covered by that platform&apos;s own terms.
      </p>
    </>
  ),
};

export const commentsSection: LegalSection = {
  id: 'comments',
  title: 'Comments',
  body: (
    <>
      <p>
        Parts of this site may let visitors post opinions and information, or show what people have said
        elsewhere, such as reviews of my courses shown as testimonials. These comments are not checked or
        edited before they appear. They give the view of the person who wrote them, not mine, and to the
        extent the law allows I am not responsible for them, or for any loss or expense that comes from using,
        posting or showing them.
      </p>
      <p>
        I may review comments and remove any that I consider inappropriate, offensive or in breach of these
        terms. By posting a comment, you confirm that:
      </p>
      <ul>
        <li>you are entitled to post it, and have every licence and consent it needs;</li>
        <li>
          it does not infringe anyone&apos;s intellectual property rights, such as copyright or trademarks;
        </li>
        <li>
          it is not defamatory, offensive, indecent or otherwise unlawful, and does not invade anyone&apos;s
          privacy;
        </li>
        <li>it will not be used to advertise a business or a product, or to promote anything unlawful.</li>
      </ul>
      <p>
        You grant me a non-exclusive licence to use, reproduce, edit and publish your comment, in any form and
        any medium, and to authorise others to do so.
      </p>
    </>
  ),
};

export const hyperlinkingSection: LegalSection = {
  id: 'hyperlinking',
  title: 'Hyperlinking to this site',
  body: (
    <>
      <h3>Who may link without asking</h3>
      <p>These organisations may link to this site without asking me first:</p>
      <ul>
        <li>government agencies;</li>
        <li>search engines;</li>
        <li>news organisations;</li>
        <li>
          online directories, when they list this site in the same way as the other businesses they list;
        </li>
        <li>
          accredited businesses, except non-profit organisations that solicit donations, charity shopping
          malls and charity fundraising groups.
        </li>
      </ul>
      <p>
        They may link to the home page, to any other page, or to any other information on this site, as long
        as the link is not misleading in any way, does not suggest that I sponsor, endorse or approve them or
        their products or services when I do not, and fits the context of the page it is on.
      </p>
      <h3>Who may ask to link</h3>
      <p>
        I will consider link requests from other organisations, such as sources of consumer or business
        information, community sites, associations and charities, internet portals, educational institutions,
        trade associations, and accounting, law and consulting firms. I approve a request when the link would
        not reflect badly on me or on this site, when the organisation has no record of trouble with me, and
        when the link is useful to the visitors of both sites.
      </p>
      <p>
        To ask, email <OwnerEmailLink /> with:
      </p>
      <ul>
        <li>your name, your organisation and how to contact you;</li>
        <li>the address of your site;</li>
        <li>the pages of your site you would link from;</li>
        <li>the pages of this site you would like to link to.</li>
      </ul>
      <p>Please allow 2&ndash;3 weeks for a response.</p>
      <h3>How to link</h3>
      <p>Approved organisations may link to this site:</p>
      <ul>
        <li>by using my name, {owner.name};</li>
        <li>by using the site&apos;s address, {owner.siteUrl};</li>
        <li>
          by using any other description of this site that makes sense in the context of the linking page.
        </li>
      </ul>
      <p>
        My logo and other artwork may not be used for a link without a trademark licence agreement with me.
      </p>
    </>
  ),
};

export const iframesSection: LegalSection = {
  id: 'iframes',
  title: 'Iframes',
  body: (
    <p>
      Without my prior written approval, you may not show pages of this site inside frames (iframes) on
      another site, or create frames around them, in any way that changes how they look or are presented. The
      site also asks browsers not to display it inside frames on other sites.
    </p>
  ),
};

export const contentLiabilitySection: LegalSection = {
  id: 'content-liability',
  title: 'Content liability',
  body: (
    <>
      <p>
        I am not responsible for any content on your website. You agree to protect and defend me against every
        claim that arises from your website.
      </p>
      <p>
        No link to this site may appear on a page, or in a context, that could be read as defamatory, obscene
        or criminal, or that infringes, otherwise violates, or encourages the violation of anyone else&apos;s
        rights.
      </p>
    </>
  ),
};

export const yourPrivacySection: LegalSection = {
  id: 'your-privacy',
  title: 'Your privacy',
  body: (
    <p>
      What this site collects about you, and what you can ask me to do with it, is explained in the{' '}
      <Link to="/help/privacy-policy">Privacy Policy</Link>.
    </p>
  ),
};

export const disclaimerSection: LegalSection = {
  id: 'disclaimer',
  title: 'Disclaimer',
  body: (
    <>
      <p>
        To the fullest extent the applicable law allows, I exclude all representations, warranties and
        conditions about this site and its use. The materials here, including tutorials and code samples, are
        for learning and are provided &ldquo;as is&rdquo;: try code in a safe environment before you rely on
        it.
      </p>
      <p>Nothing in this disclaimer will:</p>
      <ul>
        <li>limit or exclude my liability or yours for death or personal injury;</li>
        <li>limit or exclude my liability or yours for fraud or fraudulent misrepresentation;</li>
        <li>limit any of my liabilities or yours in any way the applicable law does not allow;</li>
        <li>exclude any of my liabilities or yours that may not be excluded under the applicable law.</li>
      </ul>
      <p>
        The limitations and exclusions in this section and elsewhere in these terms are subject to the
        paragraph above, and they govern every liability arising under these terms, whether in contract, in
        tort or for breach of a statutory duty.
      </p>
      <p>
        As long as this site, and the information and services on it, are provided free of charge, I will not
        be liable for any loss or damage of any kind.
      </p>
    </>
  ),
};

export const governingLawSection: LegalSection = {
  id: 'governing-law',
  title: 'Governing law',
  body: (
    <>
      <p>
        These terms, and any dispute about them or about your use of this site, are governed by the laws of
        Portugal, and the courts of Portugal have jurisdiction over such disputes.
      </p>
      <p>
        If you are a consumer living elsewhere in the European Union, this does not take away the protection
        that the mandatory law of your country gives you, and you may also bring a claim in the courts where
        you live.
      </p>
    </>
  ),
};
