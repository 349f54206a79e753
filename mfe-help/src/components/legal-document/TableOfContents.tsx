import { useId } from 'react';
import { Link } from '@site/shared-ui/router';
import type { LegalSection } from './legalSection.ts';
import styles from './TableOfContents.module.css';

/**
 * The list of a document's sections, each a link to its anchor. The shell scrolls to the anchor on navigation; moving
 * focus to the heading as well lets keyboard and screen-reader users carry on reading from there.
 */
export function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  const labelId = useId();
  return (
    <nav className={styles.contents} aria-labelledby={labelId}>
      <p id={labelId} className={styles.label}>
        On this page
      </p>
      <ol className={styles.list}>
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              to={{ hash: section.id }}
              className={styles.link}
              onClick={() => document.getElementById(section.id)?.focus({ preventScroll: true })}
            >
              {section.title}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
