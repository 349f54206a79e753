import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className={styles.visuallyHidden} id={id}>
      {children}
    </span>
  );
}

export const visuallyHiddenClassName = styles.visuallyHidden;
