import { owner } from '@site/shared-ui/owner';
import styles from './PersonalFacts.module.css';

function withoutProtocol(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** The owner's personal facts (spec §2 About page), all read from the owner's data. */
export function PersonalFacts() {
  const facts = [
    { label: 'Name', value: owner.name },
    { label: 'Birthday', value: owner.birthday },
    { label: 'City', value: owner.city },
    { label: 'Country', value: owner.country },
    { label: 'Website', value: <a href={owner.siteUrl}>{withoutProtocol(owner.siteUrl)}</a> },
    { label: 'Email', value: <a href={`mailto:${owner.email}`}>{owner.email}</a> },
    { label: 'Hobbies', value: owner.hobbies.join(', ') },
  ];
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt className={styles.label}>{fact.label}</dt>
          <dd className={styles.value}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
