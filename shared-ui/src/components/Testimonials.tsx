import { useId } from 'react';
import { useLiveTable } from '@site/shared-ui/useLiveTable';
import { toTestimonial, type Testimonial, type TestimonialRow } from '@site/shared-ui/rows';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { PlatformLogo } from '@site/shared-ui/PlatformLogo';
import styles from './Testimonials.module.css';

const newestLast = { column: 'created_at', ascending: true } as const;

function DefaultUserIcon() {
  return (
    <svg className={styles.avatar} viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="#dfe6ec" />
      <circle cx="28" cy="22" r="10" fill="#7a8997" />
      <path d="M10 47a18 18 0 0 1 36 0z" fill="#7a8997" />
    </svg>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{testimonial.testimonial}</p>
      </blockquote>
      <figcaption className={styles.person}>
        {testimonial.personImage ? (
          <img
            className={styles.avatar}
            src={testimonial.personImage}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <DefaultUserIcon />
        )}
        <span>
          <span className={styles.name}>{testimonial.personName}</span>
          <PlatformLogo platform={testimonial.platform} />
        </span>
      </figcaption>
    </figure>
  );
}

/** What learners say, kept live from the testimonials table. Shows nothing when there is nothing to show. */
export function Testimonials({ title = 'What my students say' }: { title?: string }) {
  const headingId = useId();
  const { status, items } = useLiveTable<TestimonialRow, Testimonial>(
    'testimonials',
    toTestimonial,
    newestLast,
  );
  if (status !== 'loading' && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <SectionHeading id={headingId} eyebrow="Testimonials" title={title} />
      <ul className={styles.grid}>
        {items.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </section>
  );
}
