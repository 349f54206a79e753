import type { ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Images below the fold load lazily; the first row of a grid may load eagerly. */
  loading?: 'lazy' | 'eager';
}

interface CardProps {
  title: ReactNode;
  headingLevel?: 2 | 3 | 4;
  image?: CardImage;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

export function Card({ title, headingLevel = 3, image, children, footer, className }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={[styles.card, className].filter(Boolean).join(' ')}>
      {image && (
        <div className={styles.media}>
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading={image.loading ?? 'lazy'}
            // The first row is what the visitor sees first: fetch it before anything else that waits.
            fetchPriority={image.loading === 'eager' ? 'high' : undefined}
            decoding="async"
          />
        </div>
      )}
      <div className={styles.body}>
        <Heading className={styles.title}>{title}</Heading>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </article>
  );
}
