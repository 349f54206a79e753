import type { ReactNode } from 'react';
import styles from './PageSection.module.css';

interface PageSectionProps {
  /** The id of the heading that names the section. */
  labelledBy: string;
  /** Alternate backgrounds so neighbouring sections read as separate blocks. */
  tone?: 'plain' | 'alt';
  className?: string;
  children: ReactNode;
}

/** A band of the page: full-width background, content at the site's reading width. */
export function PageSection({ labelledBy, tone = 'plain', className, children }: PageSectionProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={[styles.section, styles[tone], className].filter(Boolean).join(' ')}
    >
      <div className={styles.inner}>{children}</div>
    </section>
  );
}
