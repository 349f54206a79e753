import { Link } from '@site/shared-ui/router';
import { OwnerEmailLink } from '../../components/legal-document/OwnerEmailLink.tsx';
import { helpPages } from '@site/shared-ui/siteMap';
import styles from './HelpIndexPage.module.css';

/** /help: what the help pages are for, and a card for each. */
export function HelpIndexPage() {
  return (
    <div className={styles.index}>
      <p className={styles.lead}>
        These pages explain, in plain language, what happens to the information you share on this site and the
        terms that apply when you use it. They are short on purpose: if something is still unclear, write to
        me at <OwnerEmailLink /> and I will answer.
      </p>
      <ul className={styles.cards}>
        {helpPages.map((page) => (
          <li key={page.path} className={styles.card}>
            <h2 className={styles.title}>
              <Link to={page.path} className={styles.link}>
                {page.title}
              </Link>
            </h2>
            <p className={styles.summary}>{page.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
