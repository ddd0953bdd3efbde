import { Component, type ReactNode } from 'react';
import { reportError } from '../sentry';

/** Any render error shows the spec's fallback panel with the error's name and message. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    reportError(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="panel panel-error" role="alert">
        <h2>Caught error as below:</h2>
        <p className="error-name">{error.name}</p>
        <p className="error-message">{error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again · 重试
        </button>
      </section>
    );
  }
}
