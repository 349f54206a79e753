import { useSyncExternalStore, type ReactNode } from 'react';
import { VisuallyHidden, visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import { chooseTheme, readThemeChoice, subscribeToThemeChoice, type ThemeChoice } from './themeChoice.ts';
import styles from './ThemeToggle.module.css';

const icons: Record<ThemeChoice, ReactNode> = {
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
};

const options: { choice: ThemeChoice; label: string }[] = [
  { choice: 'light', label: 'Light' },
  { choice: 'dark', label: 'Dark' },
  { choice: 'system', label: 'System' },
];

/** The server's HTML does not know the choice (one render serves every theme): no option is checked in it. */
const unknownOnTheServer = () => undefined;

/**
 * Light, dark or the system's theme: three radio buttons in a labelled group (Tab reaches the group, the arrows choose).
 * The chosen option is marked from the page's data-theme (already right in the server's HTML), and the radios take
 * their state from the remembered choice as soon as the page hydrates; neither changes the layout.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const chosen = useSyncExternalStore(subscribeToThemeChoice, readThemeChoice, unknownOnTheServer);
  return (
    <fieldset className={[styles.toggle, className].filter(Boolean).join(' ')}>
      <legend className={visuallyHiddenClassName}>Theme</legend>
      {options.map(({ choice, label }) => (
        <label key={choice} className={[styles.option, styles[choice]].join(' ')} title={`${label} theme`}>
          <input
            type="radio"
            name="site-theme"
            value={choice}
            className={styles.input}
            checked={chosen === choice}
            onChange={() => chooseTheme(choice)}
          />
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {icons[choice]}
          </svg>
          <VisuallyHidden>{label}</VisuallyHidden>
        </label>
      ))}
    </fieldset>
  );
}
