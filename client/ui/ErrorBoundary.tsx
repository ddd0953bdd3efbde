import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { reportError } from '../sentry';
import { RefusedError } from '../RelayEnvironment';
import { readUser } from '../session';

/**
 * Any render error shows the spec's fallback panel with the error's name and message. When the
 * server refused (a finished or removed task, a class that is gone), trying again changes
 * nothing: the panel leads back to the task list instead of leaving the student stuck.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    if (!(error instanceof RefusedError)) reportError(error);
  }

  render() {
    const { error } = this.state;
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
