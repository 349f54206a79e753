import { useId } from 'react';
import { ButtonLink } from '@site/shared-ui/Button';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { owner } from '@site/shared-ui/owner';
import { SubscribeLink } from '../../components/SubscribeLink.tsx';
import { channelStats, formatChannelStat } from './channelStats.ts';
import styles from './TutorialsTeaser.module.css';

/** The home page's tutorials section: the channel, its figures, and the ways to the videos. */
export function TutorialsTeaser() {
  const headingId = useId();
  return (
    <section className={styles.teaser} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <SectionHeading
          id={headingId}
          eyebrow="Tutorials"
          title="Free video tutorials on YouTube"
          subtitle={`On ${owner.channel.name} I explain the web stack I use every day, from HTML and CSS to Angular, Node.js and NestJS: short, practical videos you can code along with.`}
        />
        <ul className={styles.stats} aria-label="The channel in numbers">
          {channelStats.map((stat) => (
            <li key={stat.label} className={styles.stat}>
              <span className={styles.value}>{formatChannelStat(stat.value)}</span>
              <span className={styles.label}>{stat.label}</span>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <ButtonLink to="/tutorials">View More</ButtonLink>
          <SubscribeLink variant="secondary" />
        </div>
      </div>
    </section>
  );
}
