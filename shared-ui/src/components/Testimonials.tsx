import { useId, useState } from 'react';
import { useLiveTable } from '@site/shared-ui/useLiveTable';
import { toTestimonial, type Testimonial, type TestimonialRow } from '@site/shared-ui/rows';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { PlatformLogo } from '@site/shared-ui/PlatformLogo';
import { CardGrid, loadFailedMessage } from '@site/shared-ui/CardGrid';
import styles from './Testimonials.module.css';

const newestLast = { column: 'created_at', ascending: true } as const;

/** What a page that shows the testimonials loads on the server (its loader), in the order they are shown. */
export const testimonialsQuery = { table: 'testimonials', order: newestLast } as const;
/** Placeholder cards while the testimonials load: one row of the grid. */
const placeholderCount = 3;
const avatarSizePx = 56;

/** Stands in for the person's picture when there is none, or when it fails to load. */
function DefaultUserIcon() {
  return (
    <svg
      className={styles.avatar}
      viewBox="0 0 56 56"
      width={avatarSizePx}
      height={avatarSizePx}
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.defaultAvatarBackground} cx="28" cy="28" r="28" />
      <circle className={styles.defaultAvatarFigure} cx="28" cy="22" r="10" />
      <path className={styles.defaultAvatarFigure} d="M10 47a18 18 0 0 1 36 0z" />
    </svg>
  );
}

function Avatar({ src }: { src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <DefaultUserIcon />;
  return (
    <img
      className={styles.avatar}
      src={src}
      // The person's name follows at once: the picture adds nothing for a screen reader.
      alt=""
      width={avatarSizePx}
      height={avatarSizePx}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

/** One testimonial: the quote, then who said it and on which platform. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const nameId = useId();
  return (
    // Named for the person explicitly: not every browser names a figure from its caption.
    <figure className={styles.card} aria-labelledby={nameId}>
      <blockquote className={styles.quote}>
        <p>{testimonial.testimonial}</p>
      </blockquote>
      <figcaption className={styles.person}>
        <Avatar src={testimonial.personImage} />
        <span className={styles.who}>
          <span id={nameId} className={styles.name}>
            {testimonial.personName}
          </span>
          <PlatformLogo platform={testimonial.platform} />
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * What learners say, kept live from the testimonials table. Space is kept while they load; when there are none the
 * section is left out, as the spec shows nothing then. When they cannot be loaded (the error is logged), the space
 * stays with a short message and "Try again", and they are tried again by themselves until they arrive.
 */
export function Testimonials({ title = 'What my students say' }: { title?: string }) {
  const headingId = useId();
  const { status, items, retry } = useLiveTable<TestimonialRow, Testimonial>(
    'testimonials',
    toTestimonial,
    newestLast,
  );
  if (status === 'ready' && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <SectionHeading id={headingId} eyebrow="Testimonials" title={title} />
      <div className={styles.content}>
        <CardGrid
          items={items}
          keyOf={(testimonial) => testimonial.id}
          renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} />}
          label={title}
          loading={status === 'loading'}
          placeholderCount={placeholderCount}
          placeholderClassName={styles.placeholder}
          // A picture that fails to load gives way to the default icon: each card handles its own picture's error.
          keepServerHtml={false}
          failure={
            status === 'error' ? { message: loadFailedMessage('testimonials'), onRetry: retry } : undefined
          }
        />
      </div>
    </section>
  );
}
