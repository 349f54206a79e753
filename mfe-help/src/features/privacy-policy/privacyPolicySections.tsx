import { ExternalLink } from '@site/shared-ui/Button';
import { owner } from '@site/shared-ui/owner';
import type { LegalSection } from '../../components/legal-document/legalSection.ts';
import { OwnerEmailLink } from '../../components/legal-document/OwnerEmailLink.tsx';
import { siteHost } from '../../components/legal-document/siteHost.ts';
import { googlePolicies } from './googlePolicies.ts';

// What this site really stores is listed in "information-collected"; keep it true when the site changes
// (tables in supabase/migrations, browser storage keys in the shell's newsletter pop-up and scroll restoration).

export const privacyPolicyIntro = (
  <>
    <p>
      This policy explains what information {siteHost} collects when you visit it, why, what happens to it,
      and what you can ask me to do about it. The site belongs to {owner.name}, a freelance web developer
      based in {owner.city}, {owner.country}. I run it myself and I am responsible for your data: where this
      policy says &ldquo;I&rdquo; or &ldquo;me&rdquo;, that is who it means.
    </p>
    <p>
      If you have a question that this page does not answer, write to <OwnerEmailLink />.
    </p>
  </>
);

export const privacyPolicySections: readonly LegalSection[] = [
  {
    id: 'consent',
    title: 'Consent',
    body: (
      <>
        <p>By using this site, you consent to this privacy policy and agree to its terms.</p>
        <p>
          Where I rely on your consent for something specific, such as sending you the newsletter, you can
          withdraw it at any time by emailing me. Withdrawing it does not affect anything done with your
          consent before you withdrew it.
        </p>
      </>
    ),
  },
  {
    id: 'information-collected',
    title: 'Information I collect',
    body: (
      <>
        <p>
          When I ask you for personal information, the form or message in front of you says what it is for. I
          collect only what that purpose needs.
        </p>
        <h3>When you contact me or register</h3>
        <p>
          If you write to me, ask me for a quote, or register for something I offer, such as the newsletter, I
          may receive some of the following:
        </p>
        <ul>
          <li>your name;</li>
          <li>your company name;</li>
          <li>your postal address;</li>
          <li>your email address;</li>
          <li>your telephone number;</li>
          <li>what you write to me, and any files you attach.</li>
        </ul>
        <h3>What this site stores</h3>
        <ul>
          <li>
            <strong>Newsletter:</strong> your email address, when you subscribe in the newsletter section or
            in the newsletter pop-up. Nothing else is stored with it except the time you subscribed.
          </li>
          <li>
            <strong>Contact messages:</strong> the full name, email address, subject and message you send
            through the contact form. To keep out spam, the message is stored with the score reCAPTCHA gave it
            and with a salted, one-way code that only lets me limit how many messages one sender can send in a
            short time. Your IP address is not stored.
          </li>
          <li>
            <strong>Anonymous usage events:</strong> short records of what visitors do on the site, such as
            opening a page, searching for a project, tutorial or course, playing a tutorial, opening a course
            or a project, viewing my résumé, closing the newsletter pop-up or clicking the promotion card.
            Each records the action, its detail (for example the search term or the course title), the page
            and the time. They contain no IP address, no cookie and no identifier, so they cannot be linked to
            you or to each other.
          </li>
          <li>
            <strong>Pages read:</strong> each page of this site you read is counted, with the name of the
            website whose link brought you here (for example <code>google.com</code>: never the address of the
            page you came from), the campaign named in that link if it has one (<code>utm_source</code>,{' '}
            <code>utm_medium</code>, <code>utm_campaign</code>) and whether your device is a computer, a phone
            or a tablet. To tell how many different people visit without a cookie, your IP address and your
            browser&apos;s name and version (its user agent) are combined with a secret random value that is
            made anew every day, and turned into a one-way code; only that code is stored, never your IP
            address or your user agent. The secret value is destroyed at the end of each day: after that,
            nobody, not even I, can work out whose code it was, or connect it with your visits on other days.
            Programs that say they are bots are not counted.
          </li>
          <li>
            <strong>In your browser only:</strong> two entries in your browser&apos;s local storage make the
            newsletter pop-up polite. <code>emailSubmitted</code> holds <code>SUBMITTED</code> once you have
            subscribed, so the pop-up stops asking, and <code>newsletterTimestamp</code> holds the earliest
            time it may appear again (30 minutes after it last did). While a tab is open, its session storage
            also remembers how far down each page you had scrolled, so the back button returns you there; the
            browser deletes that when you close the tab. None of these entries is ever sent to me. If you
            choose a light or dark theme with the switch at the top of the page, the cookie <code>theme</code>{' '}
            remembers your choice (<code>light</code> or <code>dark</code>, nothing else) for a year, so that
            pages arrive in it; choosing the system&apos;s theme again deletes it. You can delete all of them
            at any time by clearing this site&apos;s data in your browser.
          </li>
          <li>
            <strong>reCAPTCHA:</strong> the contact form is protected by Google reCAPTCHA, which checks that a
            person, not a program, is sending the message. To do that, reCAPTCHA collects information about
            your device and how you use the page and sends it to Google. Google&apos;s{' '}
            <ExternalLink href={googlePolicies.privacyPolicy}>Privacy Policy</ExternalLink> and{' '}
            <ExternalLink href={googlePolicies.termsOfService}>Terms of Service</ExternalLink> apply to it.
          </li>
          <li>
            <strong>If you follow the site from Mastodon</strong> or another fediverse server: your
            account&apos;s address and the inboxes your server gave for it, so that new posts reach you; and
            the replies, likes and boosts you send to its posts (a reply&apos;s text, its address and your
            server&apos;s name), which only I read, never shown on the site. Unfollowing deletes your follow;
            taking back a like, a boost or a reply deletes it here too.
          </li>
        </ul>
        <p>
          These records are kept in a database hosted by Supabase. The site can only add newsletter addresses,
          contact messages and usage events; it cannot read them back. Only I have access to read them.
        </p>
      </>
    ),
  },
  {
    id: 'how-information-is-used',
    title: 'How I use your information',
    body: (
      <>
        <p>I use the information I collect to:</p>
        <ul>
          <li>provide, run and maintain this site;</li>
          <li>understand which pages, tutorials and courses visitors find useful, and improve them;</li>
          <li>plan new tutorials, courses and services;</li>
          <li>answer your messages and talk with you about the work you ask me to do;</li>
          <li>send you the newsletter, with news about my videos and courses, if you subscribed to it;</li>
          <li>detect and prevent spam, fraud and abuse.</li>
        </ul>
        <p>
          I do not sell your personal information, and I do not use it to build an advertising profile of you.
          I keep your newsletter address until you unsubscribe or ask me to delete it, and a contact message
          for as long as I need it to deal with your enquiry and any work that follows from it.
        </p>
      </>
    ),
  },
  {
    id: 'log-files',
    title: 'Log files',
    body: (
      <>
        <p>
          Like almost every website, this one is delivered by servers that keep standard log files of the
          requests they receive. This is a normal part of hosting. A log entry can include your IP address,
          your browser type, your internet service provider, the date and time, the page that referred you and
          the page you left from.
        </p>
        <p>
          These logs are not linked to anything that identifies you personally. They are used to keep the site
          running and secure, to spot abuse, and to see overall trends. The usage events and the count of
          pages read that the site records itself (described above) never store your IP address.
        </p>
      </>
    ),
  },
  {
    id: 'cookies-and-web-beacons',
    title: 'Cookies and web beacons',
    body: (
      <>
        <p>
          A cookie is a small text file a website asks your browser to keep and send back on later visits. A
          web beacon (also called a pixel) is a tiny image or script that tells a server a page or an email
          has been opened. Both are commonly used to remember preferences and to measure or target
          advertising.
        </p>
        <p>
          This site sets one cookie of its own, and only if you choose a theme: <code>theme</code>, which
          holds your choice of light or dark (see &quot;In your browser only&quot; above) and nothing that
          identifies you. It has one web beacon of its own: each page you read sends one small message to the
          site&apos;s database (or, when JavaScript is off, loads an invisible image from it) to be counted,
          carrying only what is listed above under &quot;Pages read&quot;. The few preferences it keeps in
          your browser&apos;s storage, listed above, stay on your device.
        </p>
        <p>Services from other companies that the site uses can set their own cookies:</p>
        <ul>
          <li>Google reCAPTCHA, on the contact form;</li>
          <li>
            YouTube, when you play a tutorial: the player is embedded in YouTube&apos;s privacy-enhanced mode
            (youtube-nocookie.com), in which YouTube says it stores no information about you until you play a
            video;
          </li>
          <li>advertising partners, whenever their ads are shown (see the next section).</li>
        </ul>
        <p>
          You can refuse or delete cookies in your browser&apos;s settings. Each browser explains how in its
          help pages. Blocking third-party cookies does not stop this site from working, though an embedded
          service may ask you to allow them.
        </p>
      </>
    ),
  },
  {
    id: 'advertising-partners',
    title: 'Advertising partners',
    body: (
      <>
        <p>
          The promotion card that appears at the bottom of the page is chosen by me, from my own list of my
          courses and offers I recommend. Showing it sends nothing about you to anyone. A click on it is
          counted only as an anonymous usage event.
        </p>
        <p>
          The one ad network I work with is <strong>Google AdSense</strong>. At the time of writing the
          promotion card is the only advertising on this site. Whenever AdSense ads are shown here, the
          following applies.
        </p>
        <ul>
          <li>
            Google&apos;s ad servers send their ads and links directly to your browser, so they automatically
            receive your IP address. They may use cookies (such as the DoubleClick cookie), JavaScript or web
            beacons to measure how well their ads work and to tailor the ads you see based on your visits to
            this and other websites.
          </li>
          <li>
            I have no access to these cookies and no control over them. Google&apos;s own privacy policy
            applies to them, not this one.
          </li>
          <li>
            Google explains how it uses information in advertising, and how you can turn off personalised ads,
            on its page{' '}
            <ExternalLink href={googlePolicies.advertising}>
              How Google uses cookies in advertising
            </ExternalLink>
            .
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ccpa-rights',
    title: 'Your privacy rights under the CCPA',
    body: (
      <>
        <p>
          If you live in California, the California Consumer Privacy Act (CCPA) gives you, among others, these
          rights:
        </p>
        <ul>
          <li>
            <strong>To know:</strong> ask what categories and what specific pieces of personal information I
            have collected about you, where they came from and why I collected them.
          </li>
          <li>
            <strong>To delete:</strong> ask me to delete the personal information I have collected about you.
          </li>
          <li>
            <strong>To correct:</strong> ask me to correct personal information about you that is wrong.
          </li>
          <li>
            <strong>To opt out of sale:</strong> ask a business that sells personal information not to sell
            yours. I do not sell personal information.
          </li>
          <li>
            <strong>Not to be discriminated against</strong> for using any of these rights.
          </li>
        </ul>
        <p>
          To make a request, email <OwnerEmailLink />. I will respond within one month. I may first ask you to
          confirm that the information is yours, so that I never hand it to someone else.
        </p>
      </>
    ),
  },
  {
    id: 'gdpr-rights',
    title: 'Your data protection rights under the GDPR',
    body: (
      <>
        <p>
          If you are in the European Union or the European Economic Area, the General Data Protection
          Regulation (GDPR) gives you these rights:
        </p>
        <ul>
          <li>
            <strong>Access:</strong> ask for a copy of the personal data I hold about you. The first copy is
            free. I may charge a small fee that covers the cost of providing it when you ask for further
            copies, or when a request is clearly unfounded or excessive.
          </li>
          <li>
            <strong>Rectification:</strong> ask me to correct data that is wrong or complete data that is
            incomplete.
          </li>
          <li>
            <strong>Erasure:</strong> ask me to delete your data, under certain conditions.
          </li>
          <li>
            <strong>Restriction:</strong> ask me to limit how I process your data, under certain conditions.
          </li>
          <li>
            <strong>Objection:</strong> object to my processing of your data, under certain conditions.
          </li>
          <li>
            <strong>Portability:</strong> ask me to send the data you gave me to another organisation, or to
            you, in a common machine-readable format, under certain conditions.
          </li>
        </ul>
        <h3>Why I may process your data</h3>
        <ul>
          <li>the newsletter: your consent, which you can withdraw at any time;</li>
          <li>
            a project enquiry: the steps you ask me to take before we sign a contract, and then the contract
            itself;
          </li>
          <li>
            answering other messages, keeping out spam and counting anonymous usage events: my legitimate
            interest in running a useful, secure site.
          </li>
        </ul>
        <h3>How to make a request</h3>
        <p>
          Email <OwnerEmailLink />. I will respond within one month. I may ask you to confirm your identity
          first. If you are not satisfied with my answer, you can complain to a data protection authority; in
          Portugal, where I am based, that is the Comissão Nacional de Proteção de Dados (CNPD).
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's information",
    body: (
      <>
        <p>
          Keeping children safe online matters to me. I encourage parents and guardians to take part in, watch
          and guide what their children do online.
        </p>
        <p>
          I do not knowingly collect any personal information from children under the age of 13. If you think
          your child has given me such information through this site, email <OwnerEmailLink /> and I will
          delete it from my records promptly.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When the way this site handles your information changes, I update this page and the &ldquo;Last
        updated&rdquo; date at its top. If a change affects how I use subscribers&apos; email addresses, I
        will tell them by email.
      </p>
    ),
  },
];
