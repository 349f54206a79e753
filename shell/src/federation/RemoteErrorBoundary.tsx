import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@site/shared-ui/Button';
import { refusalOf } from './incompatibleSingleton.ts';
import styles from './RemoteSlot.module.css';

interface RemoteErrorBoundaryProps {
  /** The section module in the slot ('help/HelpRoutes'). */
  module: string;
  sectionName: string;
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  failed: boolean;
  /** Set when the section was refused for needing another version of a shared module. */
  needs?: string;
}

/** Keeps a section's failure inside its slot: a short note and a way to try again; the rest of the page works. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ needs: refusalOf(this.props.module, error) });
    console.error(`[${this.props.sectionName}] section failed:`, error.message, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.fallback} role="status" data-testid="section-fallback">
        {this.state.needs ? (
          <p className={styles.fallbackText}>
            <strong>{this.props.sectionName}</strong> could not be loaded: it needs a newer version of the
            site (<code>{this.state.needs}</code>). Everything else on the site still works.
          </p>
        ) : (
          <p className={styles.fallbackText}>
            <strong>{this.props.sectionName}</strong> could not be loaded right now. Everything else on the
            site still works.
          </p>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            this.setState({ failed: false, needs: undefined });
            this.props.onRetry();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}
