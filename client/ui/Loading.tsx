import { T } from '../i18n';

export function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading-bee" aria-hidden="true" />
      <T k="common.loading" />
    </div>
  );
}
