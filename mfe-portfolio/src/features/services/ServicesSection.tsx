import { useId } from 'react';
import { cardGridClassName } from '@site/shared-ui/CardGrid';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { PageSection } from '../../components/PageSection.tsx';
import { ServiceIcon } from './ServiceIcon.tsx';
import { services, servicesText } from './services.ts';
import styles from './ServicesSection.module.css';
import { ServerHtml } from '@site/shared-ui/ServerHtml';

/** /about: the six services, one card each. */
export function ServicesSection() {
  const headingId = useId();
  return (
    <PageSection labelledBy={headingId} tone="alt">
      <SectionHeading id={headingId} eyebrow={servicesText.eyebrow} title={servicesText.title} />
      <ServerHtml as="ul" className={cardGridClassName}>
        {services.map((service) => (
          <li key={service.title} className={styles.card}>
            <span className={styles.iconFrame}>
              <ServiceIcon name={service.icon} />
            </span>
            <h3 className={styles.title}>{service.title}</h3>
            <p className={styles.description}>{service.description}</p>
          </li>
        ))}
      </ServerHtml>
    </PageSection>
  );
}
