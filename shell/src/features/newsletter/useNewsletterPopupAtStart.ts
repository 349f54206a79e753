import { useEffect, useState } from 'react';
import { useEventBus } from '@site/shared-ui/eventBus';
import { nextNewsletterPopupTime, shouldOpenNewsletterPopup } from './newsletterPopupSchedule.ts';
import { hasSubmittedEmail, readNewsletterTimestamp, writeNewsletterTimestamp } from './newsletterStorage.ts';
import { whenNoDialogIsOpen, whenPageIsIdle } from './waitForQuietPage.ts';

/**
 * Whether the newsletter pop-up is open. At app start it decides, by the stored time and subscription (spec §4),
 * whether to open; it then opens once the page is idle and no other dialog is showing, and stores the next time.
 */
export function useNewsletterPopupAtStart(): [open: boolean, close: () => void] {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const startedAt = Date.now();
    const due = shouldOpenNewsletterPopup(startedAt, {
      notBefore: readNewsletterTimestamp(),
      emailSubmitted: hasSubmittedEmail(),
    });
    if (!due) return undefined;
    let cancelDialogWait: () => void = () => undefined;
    const cancelIdleWait = whenPageIsIdle(() => {
      cancelDialogWait = whenNoDialogIsOpen(() => {
        // The visitor may have subscribed in the section while the pop-up waited.
        if (hasSubmittedEmail() || useEventBus.getState().newsletterSubscribed) return;
        writeNewsletterTimestamp(nextNewsletterPopupTime(Date.now()));
        setOpen(true);
      });
    });
    return () => {
      cancelIdleWait();
      cancelDialogWait();
    };
  }, []);

  return [open, () => setOpen(false)];
}
