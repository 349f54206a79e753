import { Button } from '@site/shared-ui/Button';
import styles from './RemoteSlot.module.css';

interface SectionFallbackProps {
  sectionName: string;
  /**
   * Why the section is not shown: it failed to load, it is late (its files have not arrived by their deadline; it
   * still appears here when they do), or it needs a newer version of a shared module (named).
   */
  reason: { kind: 'failed' } | { kind: 'late' } | { kind: 'needs'; module: string };
  onRetry: () => void;
}

/** What a slot shows instead of its section: a short note and a way to try again; the rest of the page works. */
export function SectionFallback({ sectionName, reason, onRetry }: SectionFallbackProps) {
  return (
    <div className={styles.fallback} role="status" data-testid="section-fallback">
      <p className={styles.fallbackText}>
        <strong>{sectionName}</strong>{' '}
        {reason.kind === 'needs' ? (
          <>
            could not be loaded: it needs a newer version of the site (<code>{reason.module}</code>).
          </>
        ) : reason.kind === 'late' ? (
          'is taking longer than usual to load.'
        ) : (
          'could not be loaded right now.'
        )}{' '}
        Everything else on the site still works.
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
