import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import styles from './Modal.module.css';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading unless hideTitle is set. */
  title: string;
  hideTitle?: boolean;
  size?: 'medium' | 'large';
  closeLabel?: string;
  children: ReactNode;
  className?: string;
  /**
   * Finds, when the dialog closes, where the focus goes back to if the element that had it when the dialog opened has
   * left the page meanwhile: a card of a live list the page rendered again while the dialog was open.
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A modal dialog with a static backdrop: a click outside does not close it, the close button and Escape do.
 * Focus moves into the dialog, stays there while it is open, and returns to where it was when it closes (or, if that
 * element was replaced meanwhile, to the one `returnFocus` finds).
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  hideTitle = false,
  size = 'medium',
  closeLabel = 'Close',
  children,
  className,
  returnFocus,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocus;
  }, [onClose, returnFocus]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = dialog.parentElement;
    const background = Array.from(document.body.children).filter(
      (element) => element !== host && !element.hasAttribute('inert'),
    );
    background.forEach((element) => element.setAttribute('inert', ''));
    const bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    (focusableElements(dialog)[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, dialog);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      background.forEach((element) => element.removeAttribute('inert'));
      document.body.style.overflow = bodyOverflow;
      const opener = previouslyFocused?.isConnected ? previouslyFocused : returnFocusRef.current?.();
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.dialog, styles[size], className].filter(Boolean).join(' ')}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={hideTitle ? visuallyHiddenClassName : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={() => onClose()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.closest('[hidden]'),
  );
}

function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const focusables = focusableElements(dialog);
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
