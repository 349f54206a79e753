import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from '@site/shared-ui/router';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'onDark';

export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return [styles.button, styles[variant], extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}

interface ButtonLinkProps {
  to: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  /** The navigation's state (keepScrollState: the window stays where it is). */
  state?: unknown;
}

/** A link inside the site that looks like a button. */
export function ButtonLink({ to, variant, className, children, onClick, state }: ButtonLinkProps) {
  return (
    <Link to={to} className={buttonClassName(variant, className)} onClick={onClick} state={state}>
      {children}
    </Link>
  );
}

interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> {
  href: string;
  children: ReactNode;
}

/** A link that opens another site in a new tab, and says so to assistive technology. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}

interface ExternalButtonLinkProps extends ExternalLinkProps {
  variant?: ButtonVariant;
}

export function ExternalButtonLink({ variant, className, ...props }: ExternalButtonLinkProps) {
  return <ExternalLink className={buttonClassName(variant, className)} {...props} />;
}
