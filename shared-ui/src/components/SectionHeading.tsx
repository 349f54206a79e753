import type { ReactNode } from 'react';
import styles from './SectionHeading.module.css';

interface SectionHeadingProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  subtitle?: ReactNode;
  id?: string;
  level?: 2 | 3;
}

export function SectionHeading({ title, eyebrow, subtitle, id, level = 2 }: SectionHeadingProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={styles.heading}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </div>
  );
}
