import { useEffect, useId, useRef } from 'react';
import { NewsletterEmailForm } from './NewsletterEmailForm.tsx';
import { newsletterArchivePath } from '../../seo/newsletterArchive.ts';
import { newsletterMessages } from './newsletterMessages.ts';
import { useNewsletterSubscription } from './subscribeToNewsletter.ts';
import { useNewsletterForm } from './useNewsletterForm.ts';
import styles from './NewsletterSection.module.css';

/**
 * The newsletter band on every page, after the page's content (spec §2). It thanks the visitor once an address is
 * stored, whether from here or from the pop-up.
 */
export function NewsletterSection() {
  const headingId = useId();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const form = useNewsletterForm();
  const subscribed = useNewsletterSubscription((state) => state.subscribedThisVisit);
  const subscribedHere = form.status === 'succeeded';

  useEffect(() => {
    // The form the visitor was using is gone: keep their place on the thank-you text. (Not when the pop-up
    // subscribed them: focus then returns to where it was before the pop-up.)
    if (subscribedHere) thanksRef.current?.focus();
  }, [subscribedHere]);

  return (
    <section
      id="newsletter"
      className={styles.band}
      aria-labelledby={headingId}
      data-testid="newsletter-section"
    >
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id={headingId} className={styles.title}>
            {newsletterMessages.sectionTitle}
          </h2>
          <p className={styles.intro}>{newsletterMessages.sectionIntro}</p>
          <p className={styles.archive}>
            <a href={newsletterArchivePath}>{newsletterMessages.archiveLink}</a>
          </p>
        </div>
        <div className={styles.body} aria-live="polite">
          {subscribed ? (
            <div className={styles.thanks}>
              <h3 ref={thanksRef} tabIndex={-1} className={styles.thanksTitle}>
                {newsletterMessages.thanksTitle}
              </h3>
              <p>{newsletterMessages.thanksText}</p>
              <p>{newsletterMessages.confirmRequest}</p>
              <p className={styles.promise}>{newsletterMessages.thanksPromise}</p>
            </div>
          ) : (
            <NewsletterEmailForm form={form} buttonLabel={newsletterMessages.sectionButton} tone="onDark" />
          )}
        </div>
      </div>
    </section>
  );
}
