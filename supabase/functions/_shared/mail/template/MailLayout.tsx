// The frame of every mail the site sends, written once: the header (the site's name), the content blocks, and the
// footer (why the reader gets it, the unsubscribe block, the "view in the browser" link, the postal address). Made with
// React Email, whose components write what mail programs read (tables, inline styles); the mail's stylesheet only adds
// the dark theme for the programs that follow the reader's system (the light colours stay inline for the rest).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
// React in scope: every tool that reads this file (Deno, tsx, ts-jest) compiles its JSX the same way with it.
import React, { type CSSProperties, type ReactNode } from 'react';
import { MailBarChart, type MailBarChartParts } from './MailBarChart.tsx';
import { darkColors, fontFamily, lightColors, mailWidthPx } from './mailTheme.ts';
import { MailTable, type MailTableParts } from './MailTable.tsx';

/** A block of a mail's content. */
export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { kind: 'text'; text: string }
  | { kind: 'heading'; text: string }
  /** A section's heading, under the mail's one heading. */
  | { kind: 'subheading'; text: string }
  /** Figures in rows and columns. */
  | ({ kind: 'table' } & MailTableParts)
  /** Figures as bars (HTML table cells: no image, no script). */
  | ({ kind: 'barChart' } & MailBarChartParts)
  /** The mail's one action, as a button. */
  | { kind: 'button'; label: string; url: string }
  /** HTML made safe and styled for mail by this module (markdownToMailHtml): never HTML from elsewhere. */
  | { kind: 'html'; html: string };

export interface MailFooterParts {
  /** Small print: why the reader gets this mail, a hint. */
  lines: readonly string[];
  /** In every mail to a subscriber: their own one-click unsubscribe link. */
  unsubscribeUrl?: string;
  /** The mail's copy on the site. */
  viewInBrowserUrl?: string;
  /** The sender's postal address (bulk mail laws ask for one in every newsletter). */
  postalAddress?: string;
}

export interface MailParts {
  /** The mail's subject: the document's title (a valid HTML document has one; a browser's tab shows it). */
  subject: string;
  /** The line mail programs show after the subject, in the list of mails. */
  preview: string;
  blocks: readonly MailBlock[];
  footer: MailFooterParts;
}

/** Who the mail is from, as the header shows it. */
export interface MailBrand {
  name: string;
  /** The site's address; without it the name is not a link. */
  siteUrl?: string;
}

/** The words of the frame. */
export const mailFrameTexts = {
  unsubscribe: 'Unsubscribe',
  viewInBrowser: 'View this email in your browser',
} as const;

const paragraph: CSSProperties = {
  margin: '0 0 16px',
  fontSize: '16px',
  lineHeight: '1.6',
  color: lightColors.text,
};
const smallPrint: CSSProperties = {
  margin: '0 0 8px',
  fontSize: '13px',
  lineHeight: '1.5',
  color: lightColors.textMuted,
};
const link: CSSProperties = { color: lightColors.brandStrong, textDecoration: 'underline' };

/** The dark theme (class names below); !important wins over the light inline styles. */
const darkTheme = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: ${darkColors.surfaceAlt} !important; }
  .mail-card { background-color: ${darkColors.surface} !important; border-color: ${darkColors.border} !important; }
  .mail-card, .mail-card p, .mail-card li, .mail-card h1, .mail-card h2, .mail-card h3, .mail-card td, .mail-card th,
  .mail-card blockquote { color: ${darkColors.text} !important; }
  .mail-muted, .mail-muted p { color: ${darkColors.textMuted} !important; }
  .mail-card a { color: ${darkColors.brandStrong} !important; }
  .mail-card a.mail-button { background-color: ${darkColors.brandStrong} !important; color: ${darkColors.onBrand} !important; }
  .mail-card hr, .mail-card td, .mail-card th { border-color: ${darkColors.border} !important; }
  .mail-card .mail-table th { color: ${darkColors.textMuted} !important; }
  .mail-card .mail-bar { background-color: ${darkColors.brandStrong} !important; }
  .mail-card code, .mail-card pre { background-color: ${darkColors.surfaceAlt} !important; }
}`;

/** Text with its line breaks kept as <br>. */
function withLineBreaks(text: string): ReactNode[] {
  return text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'text':
      return <Text style={paragraph}>{withLineBreaks(block.text)}</Text>;
    case 'heading':
      return (
        <Heading as="h1" style={{ ...paragraph, fontSize: '24px', lineHeight: '1.3', fontWeight: 700 }}>
          {block.text}
        </Heading>
      );
    case 'subheading':
      return (
        <Heading
          as="h2"
          style={{
            ...paragraph,
            margin: '28px 0 12px',
            fontSize: '19px',
            lineHeight: '1.3',
            fontWeight: 700,
          }}
        >
          {block.text}
        </Heading>
      );
    case 'table':
      return <MailTable table={block} />;
    case 'barChart':
      return <MailBarChart chart={block} />;
    case 'button':
      return (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            className="mail-button"
            href={block.url}
            style={{
              backgroundColor: lightColors.brandStrong,
              color: lightColors.onBrand,
              borderRadius: '6px',
              padding: '12px 20px',
              fontSize: '16px',
              fontWeight: 700,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'html':
      return <div dangerouslySetInnerHTML={{ __html: block.html }} />;
  }
}

function Footer({ footer }: { footer: MailFooterParts }) {
  return (
    <Section className="mail-muted">
      {footer.lines.map((line) => (
        <Text key={line} style={smallPrint}>
          {line}
        </Text>
      ))}
      {footer.unsubscribeUrl && (
        <Text style={smallPrint}>
          <Link href={footer.unsubscribeUrl} style={link}>
            {mailFrameTexts.unsubscribe}
          </Link>
        </Text>
      )}
      {footer.postalAddress && <Text style={smallPrint}>{withLineBreaks(footer.postalAddress)}</Text>}
    </Section>
  );
}

export function MailLayout({ parts, brand }: { parts: MailParts; brand: MailBrand }) {
  return (
    <Html lang="en" dir="ltr">
      {/* What react-email's Head writes, and valid HTML: its Apple meta carries no content, which HTML requires. */}
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="x-apple-disable-message-reformatting" content="" />
        <title>{parts.subject}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkTheme}</style>
      </head>
      <Preview>{parts.preview}</Preview>
      <Body
        className="mail-page"
        style={{ backgroundColor: lightColors.surfaceAlt, fontFamily, margin: 0, padding: '24px 0' }}
      >
        <Container
          className="mail-card"
          style={{
            maxWidth: `${mailWidthPx}px`,
            backgroundColor: lightColors.surface,
            border: `1px solid ${lightColors.border}`,
            borderRadius: '12px',
            padding: '32px',
            color: lightColors.text,
          }}
        >
          {parts.footer.viewInBrowserUrl && (
            <Text className="mail-muted" style={{ ...smallPrint, textAlign: 'right' }}>
              <Link href={parts.footer.viewInBrowserUrl} style={link}>
                {mailFrameTexts.viewInBrowser}
              </Link>
            </Text>
          )}
          <Text style={{ ...paragraph, fontSize: '20px', fontWeight: 700 }}>
            {brand.siteUrl ? (
              <Link href={brand.siteUrl} style={{ color: lightColors.brandStrong, textDecoration: 'none' }}>
                {brand.name}
              </Link>
            ) : (
              brand.name
            )}
          </Text>
          <Hr style={{ borderColor: lightColors.brand, borderWidth: '2px 0 0', margin: '0 0 24px' }} />
          {parts.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          <Hr style={{ borderColor: lightColors.border, margin: '24px 0 16px' }} />
          <Footer footer={parts.footer} />
        </Container>
      </Body>
    </Html>
  );
}
