// Last line of defence around the whole app, for errors outside any route (providers, the shell).
import { Component, type ReactNode } from 'react';
import { ErrorNotice } from '../ui/ErrorNotice';

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    return this.state.error ? <ErrorNotice error={this.state.error} /> : this.props.children;
  }
}
