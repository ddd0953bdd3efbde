/**
 * Integrations (issue 9): a teacher's integration tokens (create for chosen classes and
 * scopes, shown once; revoke) and webhooks (register a URL for a class's events, secret shown
 * once; delete; recent deliveries with their status). docs/api.md tells integrators the rest.
 */
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { useRefusal } from '../../ui/serverMessages';
import { T, useT, type MessageKey } from '../../i18n';
import type { IntegrationsPanelQuery } from './__generated__/IntegrationsPanelQuery.graphql';
import type { IntegrationsPanelCreateTokenMutation } from './__generated__/IntegrationsPanelCreateTokenMutation.graphql';
import type { IntegrationsPanelRevokeTokenMutation } from './__generated__/IntegrationsPanelRevokeTokenMutation.graphql';
import type { IntegrationsPanelCreateWebhookMutation } from './__generated__/IntegrationsPanelCreateWebhookMutation.graphql';
import type { IntegrationsPanelDeleteWebhookMutation } from './__generated__/IntegrationsPanelDeleteWebhookMutation.graphql';

type ClassChoice = { id: string; name: string };
const SCOPES = [
  { value: 'READ_CLASSES', key: 'classes.scopeReadClasses' },
  { value: 'READ_RESULTS', key: 'classes.scopeReadResults' },
  { value: 'ASSIGN_TASKS', key: 'classes.scopeAssignTasks' },
] as const;
const EVENTS = [
  { value: 'TASK_FINISHED', key: 'classes.eventTaskFinished' },
  { value: 'REPORT_READY', key: 'classes.eventReportReady' },
] as const;
/** A scope's or an event's words, as the page shows them. */
const choiceLabel = (choices: readonly { value: string; key: MessageKey }[], value: string): ReactNode => {
  const found = choices.find((c) => c.value === value);
  return found ? <T k={found.key} /> : value;
};
/** Several choices' words, comma-separated. */
const choiceLabels = (choices: readonly { value: string; key: MessageKey }[], values: readonly string[]): ReactNode =>
  values.map((v, i) => (
    <Fragment key={v}>
      {i > 0 && ', '}
      {choiceLabel(choices, v)}
    </Fragment>
  ));
const day = (value: unknown) => (value ? new Date(String(value)).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');
const toggled = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

export function IntegrationsPanel({ classes }: { classes: readonly ClassChoice[] }) {
  const { t } = useT();
  const data = useRouteQuery<IntegrationsPanelQuery>(
    graphql`
      query IntegrationsPanelQuery {
        viewer {
          integrationTokens(first: 50) @connection(key: "IntegrationsPanel_integrationTokens") {
            __id
            edges {
              node {
                id
                name
                tokenPrefix
                scopes
                classes {
                  name
                }
                createdAt
                lastUsedAt
                revokedAt
              }
            }
          }
          webhooks(first: 50) @connection(key: "IntegrationsPanel_webhooks") {
            __id
            edges {
              node {
                id
                url
                events
                class {
                  name
                }
                deliveries(first: 5) {
                  edges {
                    node {
                      id
                      event
                      status
                      attempts
                      responseStatus
                      lastError
                      createdAt
                    }
                  }
                }
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  const tokens = data.viewer?.integrationTokens;
  const hooks = data.viewer?.webhooks;
  return (
    <section className="card panel-form" aria-label={t('classes.integrationsTitle')}>
      <h2>
        <T k="classes.integrationsTitle" />
      </h2>
      <p className="guidance">
        <T k="classes.integrationsGuide" />
      </p>
      <h3>
        <T k="classes.tokensTitle" />
      </h3>
      {tokens && <TokenForm classes={classes} connectionId={tokens.__id} />}
      {tokens && tokens.edges.length > 0 ? (
        <div className="table-scroll">
          <table className="table stack">
            <thead>
              <tr>
                <th>
                  <T k="classes.tokenName" />
                </th>
                <th>
                  <T k="classes.tokenToken" />
                </th>
                <th>
                  <T k="classes.tokenMay" />
                </th>
                <th>
                  <T k="classes.tokenClasses" />
                </th>
                <th>
                  <T k="classes.tokenLastUsed" />
                </th>
                <th aria-label={t('classes.revoke')} />
              </tr>
            </thead>
            <tbody>
              {tokens.edges.map(({ node: t }) => (
                <tr key={t.id} className={t.revokedAt ? 'muted-row' : undefined}>
                  <td data-label="name" translate="no">
                    {t.name}
                  </td>
                  <td data-label="token">
                    <code>{t.tokenPrefix}…</code>
                  </td>
                  <td data-label="may">{choiceLabels(SCOPES, t.scopes)}</td>
                  <td data-label="classes" translate="no">
                    {t.classes.map((c) => c.name).join(', ')}
                  </td>
                  <td data-label="last used">{day(t.lastUsedAt)}</td>
                  <td data-label="revoke">
                    {t.revokedAt ? <T k="classes.revoked" values={{ when: day(t.revokedAt) }} /> : <RevokeButton id={t.id} name={t.name} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="guidance">
          <T k="classes.noToken" />
        </p>
      )}

      <h3>
        <T k="classes.webhooksTitle" />
      </h3>
      {hooks && <WebhookForm classes={classes} connectionId={hooks.__id} />}
      {hooks && hooks.edges.length > 0 ? (
        <div className="table-scroll">
          <table className="table stack">
            <thead>
              <tr>
                <th>
                  <T k="classes.webhookClass" />
                </th>
                <th>
                  <T k="classes.webhookUrl" />
                </th>
                <th>
                  <T k="classes.webhookEvents" />
                </th>
                <th>
                  <T k="classes.webhookDeliveries" />
                </th>
                <th aria-label={t('classes.deleteHook')} />
              </tr>
            </thead>
            <tbody>
              {hooks.edges.map(({ node: h }) => (
                <tr key={h.id}>
                  <td data-label="class" translate="no">
                    {h.class?.name ?? '—'}
                  </td>
                  <td data-label="URL" className="url-cell" translate="no">
                    {h.url}
                  </td>
                  <td data-label="events">{choiceLabels(EVENTS, h.events)}</td>
                  <td data-label="recent deliveries">
                    {h.deliveries.edges.length === 0 ? (
                      <T k="classes.noDeliveryYet" />
                    ) : (
                      h.deliveries.edges.map(({ node: d }) => (
                        <div key={d.id} title={d.lastError ?? undefined}>
                          {day(d.createdAt)} {choiceLabel(EVENTS, d.event)}:{' '}
                          <strong>{d.status === 'PENDING' && d.attempts > 0 ? 'retrying' : String(d.status).toLowerCase()}</strong>
                          {d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''}
                          {d.attempts > 1 ? `, ${d.attempts} attempts` : ''}
                        </div>
                      ))
                    )}
                  </td>
                  <td data-label="delete">
                    <DeleteWebhookButton id={h.id} connectionId={hooks.__id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="guidance">
          <T k="classes.noWebhook" />
        </p>
      )}
    </section>
  );
}

function Checkboxes<V extends string>({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: ReactNode;
  options: readonly { value: V; label: ReactNode }[];
  chosen: readonly V[];
  onChange: (v: V[]) => void;
}) {
  return (
    <fieldset className="field choice-group">
      <legend className="field-label">
        {legend} <span className="mandatory-mark">*</span>
      </legend>
      {options.map((o) => (
        <label key={o.value} className="checkbox">
          <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => onChange(toggled(chosen, o.value))} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A secret shown once after it is created: the teacher copies it now. */
function ShownOnce({ label, value, onDone }: { label: ReactNode; value: string; onDone: () => void }) {
  return (
    <div className="shown-once" role="status">
      <p>
        <strong>{label}</strong> — <T k="classes.copyNow" />
      </p>
      <code className="secret" translate="no">
        {value}
      </code>
      <button type="button" className="button" onClick={onDone}>
        <T k="classes.done" />
      </button>
    </div>
  );
}

function TokenForm({ classes, connectionId }: { classes: readonly ClassChoice[]; connectionId: string }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<(typeof SCOPES)[number]['value'][]>(['READ_CLASSES']);
  const [classIds, setClassIds] = useState<string[]>([]);
  const [status, setStatus] = useState<Status>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { t } = useT();
  const refusal = useRefusal();
  const [commit, inFlight] = useMutation<IntegrationsPanelCreateTokenMutation>(graphql`
    mutation IntegrationsPanelCreateTokenMutation($input: CreateIntegrationTokenInput!, $connections: [ID!]!) {
      createIntegrationToken(input: $input) {
        __typename
        ... on CreateIntegrationTokenPayload {
          token
          integrationToken @prependNode(connections: $connections, edgeTypeName: "UserIntegrationTokensConnectionEdge") {
            id
            name
            tokenPrefix
            scopes
            classes {
              name
            }
            createdAt
            lastUsedAt
            revokedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setStatus({ text: t('classes.tokenNameMissing'), tone: 'error' });
    commit({
      variables: { connections: [connectionId], input: { name, scopes, classIds } },
      onCompleted: ({ createIntegrationToken: r }) => {
        if (r.__typename === 'CreateIntegrationTokenPayload') {
          setShown(r.token ?? null);
          setName('');
          setStatus(null);
        } else setStatus(refusal.of(r, 'classes.tokenNotCreated'));
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  if (shown) return <ShownOnce label={<T k="classes.newToken" />} value={shown} onDone={() => setShown(null)} />;
  return (
    <form onSubmit={submit} noValidate className="form-grid" aria-label={t('classes.newToken')}>
      <TextField
        label={t('classes.tokenNameLabel')}
        name="tokenName"
        mandatory
        maxLength={60}
        value={name}
        onValue={setName}
        placeholder={t('classes.tokenNamePlaceholder')}
      />
      <Checkboxes
        legend={<T k="classes.itMay" />}
        options={SCOPES.map((s) => ({ value: s.value, label: <T k={s.key} /> }))}
        chosen={scopes}
        onChange={setScopes}
      />
      <Checkboxes
        legend={<T k="classes.forClasses" />}
        options={classes.map((c) => ({ value: c.id, label: <span translate="no">{c.name}</span> }))}
        chosen={classIds}
        onChange={setClassIds}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={inFlight}>
          <T k="classes.createToken" />
        </button>
        <StatusLine status={status} />
      </div>
    </form>
  );
}

function RevokeButton({ id, name }: { id: string; name: string }) {
  const { t } = useT();
  const [commit, inFlight] = useMutation<IntegrationsPanelRevokeTokenMutation>(graphql`
    mutation IntegrationsPanelRevokeTokenMutation($id: ID!) {
      revokeIntegrationToken(input: { id: $id }) {
        __typename
        ... on RevokeIntegrationTokenPayload {
          integrationToken {
            id
            revokedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <button
      type="button"
      className="cell-button"
      disabled={inFlight}
      onClick={() => window.confirm(t('classes.revokeConfirm', { name })) && commit({ variables: { id } })}
    >
      <T k="classes.revoke" />
    </button>
  );
}

function WebhookForm({ classes, connectionId }: { classes: readonly ClassChoice[]; connectionId: string }) {
  const [classId, setClassId] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<(typeof EVENTS)[number]['value'][]>(['TASK_FINISHED', 'REPORT_READY']);
  const [status, setStatus] = useState<Status>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { t } = useT();
  const refusal = useRefusal();
  const [commit, inFlight] = useMutation<IntegrationsPanelCreateWebhookMutation>(graphql`
    mutation IntegrationsPanelCreateWebhookMutation($input: CreateWebhookInput!, $connections: [ID!]!) {
      createWebhook(input: $input) {
        __typename
        ... on CreateWebhookPayload {
          secret
          webhook @prependNode(connections: $connections, edgeTypeName: "UserWebhooksConnectionEdge") {
            id
            url
            events
            class {
              name
            }
            deliveries(first: 5) {
              edges {
                node {
                  id
                  event
                  status
                  attempts
                  responseStatus
                  lastError
                  createdAt
                }
              }
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!classId) return setStatus({ text: t('classes.chooseClass'), tone: 'error' });
    commit({
      variables: { connections: [connectionId], input: { classId, url, events } },
      onCompleted: ({ createWebhook: r }) => {
        if (r.__typename === 'CreateWebhookPayload') {
          setShown(r.secret ?? null);
          setUrl('');
          setStatus(null);
        } else setStatus(refusal.of(r, 'classes.webhookNotAdded'));
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  if (shown) return <ShownOnce label={<T k="classes.newSecret" />} value={shown} onDone={() => setShown(null)} />;
  return (
    <form onSubmit={submit} noValidate className="form-grid" aria-label={t('classes.newWebhook')}>
      <label className="field">
        <span className="field-label">
          <T k="classes.webhookClass" /> <span className="mandatory-mark">*</span>
        </span>
        <select name="webhookClass" className="mandatory" value={classId} onChange={(e) => setClassId(e.target.value)}>
          <option value="">{t('classes.chooseOption')}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t('classes.webhookUrlLabel')}
        name="webhookUrl"
        mandatory
        maxLength={2000}
        value={url}
        onValue={setUrl}
        placeholder="https://gradebook.example/wordbee"
      />
      <Checkboxes
        legend={<T k="classes.webhookEvents" />}
        options={EVENTS.map((e) => ({ value: e.value, label: <T k={e.key} /> }))}
        chosen={events}
        onChange={setEvents}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={inFlight}>
          <T k="classes.addWebhook" />
        </button>
        <StatusLine status={status} />
      </div>
    </form>
  );
}

function DeleteWebhookButton({ id, connectionId }: { id: string; connectionId: string }) {
  const [commit, inFlight] = useMutation<IntegrationsPanelDeleteWebhookMutation>(graphql`
    mutation IntegrationsPanelDeleteWebhookMutation($id: ID!, $connections: [ID!]!) {
      deleteWebhook(input: { id: $id }) {
        __typename
        ... on DeleteWebhookPayload {
          deletedWebhookId @deleteEdge(connections: $connections)
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <button type="button" className="cell-button" disabled={inFlight} onClick={() => commit({ variables: { id, connections: [connectionId] } })}>
      <T k="classes.deleteHook" />
    </button>
  );
}
