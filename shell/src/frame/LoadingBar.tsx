import { useEffect, useRef, useState } from 'react';
import { useEventBus } from '@site/shared-ui/eventBus';
import styles from './LoadingBar.module.css';

type Phase = 'idle' | 'loading' | 'done';

/**
 * The thin bar at the top of the window while a route or an HTTP request is loading. It grows while work is under
 * way and completes when nothing is pending any more.
 */
export function LoadingBar() {
  const pending = useEventBus((state) => state.pendingLoads);
  const [phase, setPhase] = useState<Phase>('idle');
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(hideTimer.current);
    if (pending > 0) {
      setPhase('loading');
      return undefined;
    }
    setPhase((current) => (current === 'loading' ? 'done' : current));
    hideTimer.current = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(hideTimer.current);
  }, [pending]);

  return <div className={styles.bar} data-phase={phase} data-testid="loading-bar" aria-hidden="true" />;
}
