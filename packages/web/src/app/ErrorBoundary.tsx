// Last line of defence around the whole app, for errors outside any route (providers, the shell).
import { Component, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../ui/PageLoader';
import { lazyThemed } from './lazy-group';

// With Mantine, loaded when shown.
const ErrorNotice = lazyThemed(() => import('../ui/ErrorNotice').then((module) => module.ErrorNotice));

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={<PageLoader />}>
        <ErrorNotice error={this.state.error} />
      </Suspense>
    );
  }
}
