/** A panel that acts on one class picked from a 'Class list ...' dropdown (SelectClass, -Class). */
import type { FormEvent } from 'react';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { T, useT, type MessageKey } from '../../i18n';

export function ClassChoiceForm(props: {
  /** The panel's title and its button's words. */
  action: MessageKey;
  /** The dropdown's name for a screen reader. */
  listLabel: MessageKey;
  classes: readonly { id: string; name: string }[];
  value: string;
  onValue: (className: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  tone: 'primary' | 'danger';
  status: Status;
}) {
  const { t } = useT();
  return (
    <section className="card panel-form" aria-label={t(props.action)}>
      <h2>
        <T k={props.action} />
      </h2>
      <form onSubmit={props.onSubmit} className="inline-form">
        <select name="className" aria-label={t(props.listLabel)} value={props.value} onChange={(e) => props.onValue(e.target.value)}>
          <option value="">{t('classes.classList')}</option>
          {props.classes.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className={`button ${props.tone}`} disabled={props.busy}>
          <T k={props.action} />
        </button>
      </form>
      <StatusLine status={props.status} />
    </section>
  );
}
