import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { reportError } from '../sentry';
import { NetworkError, RefusedError } from '../RelayEnvironment';
import { readUser } from '../session';

/** The browser could not load a screen's code: offline, or the connection dropped (Chrome, Firefox, Safari, Vite's wording). */
export function isLoadFailure(error: Error): boolean {
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * Any render error shows the spec's fallback panel with the error's name and message. When the
 * server refused (a finished or removed task, a class that is gone), trying again changes
 * nothing: the panel leads back to the task list instead of leaving the student stuck. When the
 * network failed (the page's data or its code did not arrive), Try again loads the page afresh,
 * by itself as soon as the browser is back online: the failure stays cached where it happened
 * (Relay keeps a failed query for minutes, React a screen whose code did not load).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; stillOffline: boolean }> {
  state = { error: null as Error | null, stillOffline: false };

  static getDerivedStateFromError(error: Error) {
    return { error, stillOffline: false };
  }

  componentDidCatch(error: Error) {
    if (!(error instanceof RefusedError) && !this.networkFailed(error)) reportError(error);
  }

  componentDidUpdate() {
    if (this.state.error && this.networkFailed(this.state.error)) window.addEventListener('online', this.retry);
    else window.removeEventListener('online', this.retry);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private networkFailed(error: Error): boolean {
    return error instanceof NetworkError || isLoadFailure(error);
  }

  private retry = () => {
    const { error } = this.state;
    if (!error || !this.networkFailed(error)) return this.setState({ error: null, stillOffline: false });
    // Loading again while offline would only show the browser's own offline page.
    if (!navigator.onLine) return this.setState({ stillOffline: true });
    window.location.reload();
  };

  render() {
    const { error, stillOffline } = this.state;
    if (!error) return this.props.children;
    // The server refused, saying why (a finished or removed task): its sentence, and the way back.
    if (error instanceof RefusedError) {
      return (
        <section className="panel panel-warn" role="alert">
          <h2>This page cannot be shown · 无法显示此页</h2>
          <p className="error-message">{error.message}</p>
          {readUser() ? (
            <Link href="/task" className="button">
              Back to my tasks · 返回任务列表
            </Link>
          ) : (
            <Link href="/login" className="button">
              Login · 登录
            </Link>
          )}
        </section>
      );
    }
    const loadFailure = isLoadFailure(error);
    return (
      <section className="panel panel-error" role="alert">
        <h2>Caught error as below:</h2>
        <p className="error-name">{loadFailure ? 'NetworkError' : error.name}</p>
        <p className="error-message">{loadFailure ? 'This page could not be loaded. Check the connection and try again. · 无法加载此页，请检查网络后重试' : error.message}</p>
        {stillOffline && <p className="error-message">Still offline: connect to the internet, then press Try again. · 仍未联网</p>}
        <button type="button" className="button" onClick={this.retry}>
          Try again · 重试
        </button>
      </section>
    );
  }
}
