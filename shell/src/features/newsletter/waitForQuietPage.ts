// Helpers that keep the pop-up from hurting the page: it waits until the page has loaded and the browser is idle
// (never during hydration), and never covers another open dialog (a video player, say).
import { onPageLoaded } from '@site/shared-ui/pageLoaded';

/** The longest the pop-up waits for an idle moment after load. */
export const POPUP_IDLE_TIMEOUT_MS = 2000;

type Cancel = () => void;

/** Runs the callback once the page has loaded and the browser has a quiet moment. */
export function whenPageIsIdle(callback: () => void): Cancel {
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(callback, { timeout: POPUP_IDLE_TIMEOUT_MS });
    } else {
      timer = setTimeout(callback, 0);
    }
  };
  const cancelLoaded = onPageLoaded(onIdle);
  return () => {
    cancelLoaded();
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    clearTimeout(timer);
  };
}

export function isDialogOpen(): boolean {
  return (
    document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]') !== null
  );
}

/** Runs the callback as soon as no modal dialog is open (at once when none is). */
export function whenNoDialogIsOpen(callback: () => void): Cancel {
  if (!isDialogOpen()) {
    callback();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (isDialogOpen()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['open', 'aria-modal', 'role'],
  });
  return () => observer.disconnect();
}
