import type { ServiceIconName } from './services.ts';
import styles from './ServiceIcon.module.css';

function IconShape({ name }: { name: ServiceIconName }) {
  switch (name) {
    case 'stack':
      return (
        <>
          <path d="M24 6 42 15 24 24 6 15z" />
          <path d="M6 24l18 9 18-9" />
          <path d="M6 33l18 9 18-9" />
        </>
      );
    case 'testing':
      return (
        <>
          <path d="M24 5 40 11v12c0 10-7 17-16 20C15 40 8 33 8 23V11z" />
          <path d="m16 24 6 6 11-12" />
        </>
      );
    case 'webApp':
      return (
        <>
          <rect x="5" y="8" width="38" height="32" rx="4" />
          <path d="M5 16h38" />
          <path d="M10 12h.01M15 12h.01M20 12h.01" />
          <path d="m19 24-5 4 5 4M29 24l5 4-5 4" />
        </>
      );
    case 'responsive':
      return (
        <>
          <rect x="4" y="8" width="30" height="22" rx="3" />
          <path d="M13 36h12M19 30v6" />
          <rect x="32" y="18" width="12" height="22" rx="2.5" />
          <path d="M37 36h2" />
        </>
      );
    case 'codeQuality':
      return (
        <>
          <path d="m15 14-10 10 10 10M33 14l10 10-10 10" />
          <path d="m28 8-8 32" />
        </>
      );
    case 'pixelPerfect':
      return (
        <>
          <circle cx="24" cy="24" r="15" />
          <circle cx="24" cy="24" r="6" />
          <path d="M24 3v8M24 37v8M3 24h8M37 24h8" />
        </>
      );
  }
}

/** A service's pictogram; decorative, the card's title names the service. */
export function ServiceIcon({ name }: { name: ServiceIconName }) {
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <IconShape name={name} />
    </svg>
  );
}
