import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@site/shared-ui/Button';
import styles from './RemoteSlot.module.css';

interface RemoteErrorBoundaryProps {
  sectionName: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a section's failure inside its slot: a short note and a way to try again; the rest of the page works. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.sectionName}] section failed:`, error.message, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.fallback} role="status" data-testid="section-fallback">
        <p className={styles.fallbackText}>
          <strong>{this.props.sectionName}</strong> could not be loaded right now. Everything else on the site
          still works.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}
