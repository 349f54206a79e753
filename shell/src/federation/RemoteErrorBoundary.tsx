import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { refusalOf } from './incompatibleSingleton.ts';
import { SectionFallback } from './SectionFallback.tsx';

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
    // A section whose code stopped arriving because the page is being left is no fault (see pageLeaving).
    reportFailure(`[${this.props.sectionName}] section failed:`, error, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <SectionFallback
        sectionName={this.props.sectionName}
        reason={this.state.needs ? { kind: 'needs', module: this.state.needs } : { kind: 'failed' }}
        onRetry={() => {
          this.setState({ failed: false, needs: undefined });
          this.props.onRetry();
        }}
      />
    );
  }
}
