import type { ReactNode } from 'react';
import styles from './HeaderBanner.module.css';

/** The banner at the top of every page, with the page's one h1. */
export function HeaderBanner({ title, text }: { title: ReactNode; text?: string }) {
  return (
    <section className={styles.banner} aria-labelledby="page-heading">
      <div className={styles.inner}>
        <h1 id="page-heading" className={styles.title}>
          {title}
        </h1>
        {text && <p className={styles.text}>{text}</p>}
      </div>
    </section>
  );
}
