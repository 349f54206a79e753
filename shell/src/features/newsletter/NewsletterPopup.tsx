import { useEffect, useRef } from 'react';
import { buttonClassName } from '@site/shared-ui/Button';
import { publish } from '@site/shared-ui/eventBus';
import { Modal } from '@site/shared-ui/Modal';
import { NewsletterEmailForm } from './NewsletterEmailForm.tsx';
import { newsletterMessages } from './newsletterMessages.ts';
import { useNewsletterForm } from './useNewsletterForm.ts';
import { useNewsletterPopupAtStart } from './useNewsletterPopupAtStart.ts';
import styles from './NewsletterPopup.module.css';

/** The newsletter pop-up (spec §2, §4): opens by itself at start when due. */
export function NewsletterPopup() {
  const [open, close] = useNewsletterPopupAtStart();
  const form = useNewsletterForm();
  const succeeded = form.status === 'succeeded';

  const closeWithX = () => {
    // Closing without subscribing is the cancel the original counted (spec §9); Escape is the keyboard's x.
    if (!succeeded) publish({ name: 'userCancelNewsletterPopup' });
    close();
  };

  return (
    <Modal
      open={open}
      onClose={closeWithX}
      title={newsletterMessages.popupTitle}
      closeLabel={newsletterMessages.closePopup}
      className={styles.popup}
    >
      {succeeded ? (
        <NewsletterPopupThanks onContinue={close} />
      ) : (
        <div className={styles.content}>
          <p className={styles.intro}>{newsletterMessages.popupIntro}</p>
          <p className={styles.offer}>{newsletterMessages.popupOffer}</p>
          <NewsletterEmailForm form={form} buttonLabel={newsletterMessages.popupButton} tone="light" />
          <p className={styles.note}>{newsletterMessages.popupSafetyNote}</p>
        </div>
      )}
    </Modal>
  );
}

function NewsletterPopupThanks({ onContinue }: { onContinue: () => void }) {
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The form the visitor was using is gone: move to the button that ends the dialog.
    continueRef.current?.focus();
  }, []);

  return (
    <div className={styles.thanks} role="status">
      <h3 className={styles.thanksTitle}>{newsletterMessages.thanksTitle}</h3>
      <p>{newsletterMessages.thanksText}</p>
      <p>{newsletterMessages.confirmRequest}</p>
      <p className={styles.note}>{newsletterMessages.thanksPromise}</p>
      <button ref={continueRef} type="button" className={buttonClassName('primary')} onClick={onContinue}>
        {newsletterMessages.continueButton}
      </button>
    </div>
  );
}
