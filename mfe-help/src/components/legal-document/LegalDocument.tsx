import type { ReactNode } from 'react';
import { ServerHtml } from '@site/shared-ui/ServerHtml';
import { formatLastUpdated, lastUpdatedIso } from './lastUpdated.ts';
import type { LegalSection } from './legalSection.ts';
import { TableOfContents } from './TableOfContents.tsx';
import styles from './LegalDocument.module.css';

interface LegalDocumentProps {
  /** The opening paragraphs, before the list of sections. */
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * A policy or a set of terms: the date it last changed, its introduction, a table of contents and its sections.
 * The page's h1 is the shell's banner, so the sections start at h2.
 */
export function LegalDocument({ intro, sections }: LegalDocumentProps) {
  return (
    <article className={styles.document}>
      <p className={styles.updated}>
        Last updated: <time dateTime={lastUpdatedIso}>{formatLastUpdated()}</time>
      </p>
      {intro}
      <TableOfContents sections={sections} />
      {/* The sections are text and plain links: they stay the server's HTML (see ServerHtml). */}
      {sections.map((section) => (
        <ServerHtml as="section" key={section.id} className={styles.section} aria-labelledby={section.id}>
          {/* tabIndex -1: the table of contents moves focus here. */}
          <h2 id={section.id} className={styles.heading} tabIndex={-1}>
            {section.title}
          </h2>
          {section.body}
        </ServerHtml>
      ))}
    </article>
  );
}
