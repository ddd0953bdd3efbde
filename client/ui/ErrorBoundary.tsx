import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { reportError } from '../sentry';
import { NetworkError, RefusedError } from '../RelayEnvironment';
import { readUser } from '../session';
import { serverAnswers } from '../connection';
import { T } from '../i18n';
import { useServerMessage } from './serverMessages';

/** The server's refusal in Chinese first (a class component cannot use the hook itself). */
function ServerSentence({ text }: { text: string }) {
  return <>{useServerMessage()(text)}</>;
}

/** The browser could not load a screen's code: offline, or the connection dropped (Chrome, Firefox, Safari, Vite's wording). */
function isLoadFailure(error: Error): boolean {
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message,
  );
}

const SERVER_POLL_MS = 10_000;

/**
 * Any render error shows the spec's fallback panel with the error's name and message. When the
 * server refused (a finished or removed task, a class that is gone), trying again changes
 * nothing: the panel leads back to the task list instead of leaving the student stuck. When the
 * network failed (the page's data or its code did not arrive), Try again loads the page afresh,
 * by itself as soon as the browser is back online or the server answers again: the failure stays
 * cached where it happened (Relay keeps a failed query for minutes, React a screen whose code did
 * not load). It loads again only when the server answers, never into the browser's error page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; unreachable: 'offline' | 'server' | null }> {
  state = { error: null as Error | null, unreachable: null as 'offline' | 'server' | null };

  static getDerivedStateFromError(error: Error) {
    return { error, unreachable: null };
  }

  /** While the browser is online and the server does not answer, the panel tries again every 10 s. */
  private polling: number | undefined;

  componentDidCatch(error: Error) {
    if (this.networkFailed(error)) void this.checkServer();
    else if (!(error instanceof RefusedError)) reportError(error);
  }

  componentDidUpdate() {
    if (this.state.error && this.networkFailed(this.state.error)) window.addEventListener('online', this.retry);
    else window.removeEventListener('online', this.retry);
    if (this.state.unreachable === 'server') this.polling ??= window.setInterval(this.retry, SERVER_POLL_MS);
    else this.stopPolling();
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    this.stopPolling();
  }

  private stopPolling() {
    window.clearInterval(this.polling);
    this.polling = undefined;
  }

  /** Online, yet nothing arrived: the server may be out of reach (the panel then says so and waits for it). */
  private async checkServer() {
    if (navigator.onLine && !(await serverAnswers()) && this.state.error) this.setState({ unreachable: 'server' });
  }

  private networkFailed(error: Error): boolean {
    return error instanceof NetworkError || isLoadFailure(error);
  }

  private retry = async () => {
    const { error } = this.state;
    if (!error || !this.networkFailed(error)) return this.setState({ error: null, unreachable: null });
    // Loading again while the server is out of reach would only show the browser's error page.
    if (!(await serverAnswers())) return this.setState({ unreachable: navigator.onLine ? 'server' : 'offline' });
    window.location.reload();
  };

  render() {
    const { error, unreachable } = this.state;
    if (!error) return this.props.children;
    // The server refused, saying why (a finished or removed task): its sentence, and the way back.
    if (error instanceof RefusedError) {
      return (
        <section className="panel panel-warn" role="alert">
          <h1>
            <T k="app.cannotShow" />
          </h1>
          <p className="error-message">
            <ServerSentence text={error.message} />
          </p>
          {readUser() ? (
            <Link href="/task" className="button">
              <T k="app.backToTasks" />
            </Link>
          ) : (
            <Link href="/login" className="button">
              <T k="nav.login" />
            </Link>
          )}
        </section>
      );
    }
    const loadFailure = isLoadFailure(error);
    return (
      <section className="panel panel-error" role="alert">
        <h1>
          <T k="app.caughtError" />
        </h1>
        <p className="error-name" translate="no">
          {loadFailure ? 'NetworkError' : error.name}
        </p>
        <p className="error-message">{loadFailure ? <T k="app.loadFailed" /> : <ServerSentence text={error.message} />}</p>
        {unreachable === 'offline' && (
          <p className="error-message">
            <T k="app.stillOffline" />
          </p>
        )}
        {unreachable === 'server' && (
          <p className="error-message">
            <T k="app.serverDown" />
          </p>
        )}
        <button type="button" className="button" onClick={this.retry}>
          <T k="common.tryAgain" />
        </button>
      </section>
    );
  }
}
