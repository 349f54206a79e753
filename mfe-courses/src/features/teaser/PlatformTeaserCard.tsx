import { ExternalButtonLink } from '@site/shared-ui/Button';
import { PlatformLogo, platformName } from '@site/shared-ui/PlatformLogo';
import { owner } from '@site/shared-ui/owner';
import type { TeaserPlatform } from './teaserPlatforms.ts';
import styles from './PlatformTeaserCard.module.css';

export function PlatformTeaserCard({ platform, text }: TeaserPlatform) {
  const name = platformName(platform);
  return (
    <article className={styles.card}>
      <PlatformLogo platform={platform} size="large" className={styles.logo} />
      <h3 className={styles.title}>{name}</h3>
      <p className={styles.text}>{text}</p>
      <ExternalButtonLink href={owner.coursePlatforms[platform]} variant="secondary">
        Visit {name}
      </ExternalButtonLink>
    </article>
  );
}
