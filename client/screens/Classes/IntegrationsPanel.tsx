/**
 * Integrations (issue 9): a teacher's integration tokens (create for chosen classes and
 * scopes, shown once; revoke) and webhooks (register a URL for a class's events, secret shown
 * once; delete; recent deliveries with their status). docs/api.md tells integrators the rest.
 */
import { useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { IntegrationsPanelQuery } from './__generated__/IntegrationsPanelQuery.graphql';
import type { IntegrationsPanelCreateTokenMutation } from './__generated__/IntegrationsPanelCreateTokenMutation.graphql';
import type { IntegrationsPanelRevokeTokenMutation } from './__generated__/IntegrationsPanelRevokeTokenMutation.graphql';
import type { IntegrationsPanelCreateWebhookMutation } from './__generated__/IntegrationsPanelCreateWebhookMutation.graphql';
import type { IntegrationsPanelDeleteWebhookMutation } from './__generated__/IntegrationsPanelDeleteWebhookMutation.graphql';

type ClassChoice = { id: string; name: string };
const SCOPES = [
  { value: 'READ_CLASSES', label: 'read classes and rosters' },
  { value: 'READ_RESULTS', label: 'read results' },
  { value: 'ASSIGN_TASKS', label: 'assign tasks' },
] as const;
const EVENTS = [
  { value: 'TASK_FINISHED', label: 'task finished' },
  { value: 'REPORT_READY', label: 'report ready' },
] as const;
const day = (value: unknown) => (value ? new Date(String(value)).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');
const toggled = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
const errorText = (r: { __typename: string; message?: string }, fallback: string) => (r.__typename === '%other' ? fallback : (r.message ?? fallback));

export function IntegrationsPanel({ classes }: { classes: readonly ClassChoice[] }) {
  const data = useLazyLoadQuery<IntegrationsPanelQuery>(
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
    <section className="card panel-form" aria-label="Integrations">
      <h2>Integrations · 系统对接</h2>
      <p className="guidance">
        Let a gradebook, timetable or parents&apos; app use WordBee for chosen classes. Give its developers a token made here and WordBee&apos;s API guide (the file docs/api.md that comes with WordBee; your administrator has it).
      </p>
      <h3>Integration tokens</h3>
      {tokens && <TokenForm classes={classes} connectionId={tokens.__id} />}
      {tokens && tokens.edges.length > 0 ? (
        <div className="table-scroll">
          <table className="table stack">
            <thead>
              <tr>
                <th>name</th>
                <th>token</th>
                <th>may</th>
                <th>classes</th>
                <th>last used</th>
                <th aria-label="Revoke" />
              </tr>
            </thead>
            <tbody>
              {tokens.edges.map(({ node: t }) => (
                <tr key={t.id} className={t.revokedAt ? 'muted-row' : undefined}>
                  <td data-label="name">{t.name}</td>
                  <td data-label="token">
                    <code>{t.tokenPrefix}…</code>
                  </td>
                  <td data-label="may">{t.scopes.map((s) => SCOPES.find((x) => x.value === s)?.label ?? s).join(', ')}</td>
                  <td data-label="classes">{t.classes.map((c) => c.name).join(', ')}</td>
                  <td data-label="last used">{day(t.lastUsedAt)}</td>
                  <td data-label="revoke">{t.revokedAt ? `revoked ${day(t.revokedAt)}` : <RevokeButton id={t.id} name={t.name} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="guidance">No integration token yet</p>
      )}

      <h3>Webhooks</h3>
      {hooks && <WebhookForm classes={classes} connectionId={hooks.__id} />}
      {hooks && hooks.edges.length > 0 ? (
        <div className="table-scroll">
          <table className="table stack">
            <thead>
              <tr>
                <th>class</th>
                <th>URL</th>
                <th>events</th>
                <th>recent deliveries</th>
                <th aria-label="Delete" />
              </tr>
            </thead>
            <tbody>
              {hooks.edges.map(({ node: h }) => (
                <tr key={h.id}>
                  <td data-label="class">{h.class?.name ?? '—'}</td>
                  <td data-label="URL" className="url-cell">
                    {h.url}
                  </td>
                  <td data-label="events">{h.events.map((e) => EVENTS.find((x) => x.value === e)?.label ?? e).join(', ')}</td>
                  <td data-label="recent deliveries">
                    {h.deliveries.edges.length === 0
                      ? 'none yet'
                      : h.deliveries.edges.map(({ node: d }) => (
                          <div key={d.id} title={d.lastError ?? undefined}>
                            {day(d.createdAt)} {EVENTS.find((x) => x.value === d.event)?.label ?? d.event}: <strong>{d.status === 'PENDING' && d.attempts > 0 ? 'retrying' : String(d.status).toLowerCase()}</strong>
                            {d.responseStatus ? ` (HTTP ${d.responseStatus})` : ''}
                            {d.attempts > 1 ? `, ${d.attempts} attempts` : ''}
                          </div>
                        ))}
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
        <p className="guidance">No webhook yet</p>
      )}
    </section>
  );
}

function Checkboxes<T extends string>({ legend, options, chosen, onChange }: { legend: string; options: readonly { value: T; label: string }[]; chosen: readonly T[]; onChange: (v: T[]) => void }) {
  return (
    <fieldset className="field choice-group">
      <legend className="field-label">
        {legend} <span className="mandatory-mark">*</span>
      </legend>
      {options.map((o) => (
        <label key={o.value} className="checkbox">
          <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => onChange(toggled(chosen, o.value))} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A secret shown once after it is created: the teacher copies it now. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div className="shown-once" role="status">
      <p>
        <strong>{label}</strong> — copy it now, it is not shown again:
      </p>
      <code className="secret">{value}</code>
      <button type="button" className="button" onClick={onDone}>
        Done
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
    if (!name.trim()) return setStatus({ text: 'Give the token a name', tone: 'error' });
    commit({
      variables: { connections: [connectionId], input: { name, scopes, classIds } },
      onCompleted: ({ createIntegrationToken: r }) => {
        if (r.__typename === 'CreateIntegrationTokenPayload') {
          setShown(r.token ?? null);
          setName('');
          setStatus(null);
        } else setStatus({ text: errorText(r, 'The token could not be created'), tone: 'error' });
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };
  if (shown) return <ShownOnce label="New integration token" value={shown} onDone={() => setShown(null)} />;
  return (
    <form onSubmit={submit} noValidate className="form-grid" aria-label="New integration token">
      <TextField label="token name" name="tokenName" mandatory maxLength={60} value={name} onValue={setName} placeholder="e.g. School gradebook" />
      <Checkboxes legend="it may" options={SCOPES} chosen={scopes} onChange={setScopes} />
      <Checkboxes legend="for classes" options={classes.map((c) => ({ value: c.id, label: c.name }))} chosen={classIds} onChange={setClassIds} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={inFlight}>
          Create token
        </button>
        <StatusLine status={status} />
      </div>
    </form>
  );
}

function RevokeButton({ id, name }: { id: string; name: string }) {
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
      onClick={() => window.confirm(`Revoke ${name}? Systems using it stop working at once.`) && commit({ variables: { id } })}
    >
      Revoke
    </button>
  );
}

function WebhookForm({ classes, connectionId }: { classes: readonly ClassChoice[]; connectionId: string }) {
  const [classId, setClassId] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<(typeof EVENTS)[number]['value'][]>(['TASK_FINISHED', 'REPORT_READY']);
  const [status, setStatus] = useState<Status>(null);
  const [shown, setShown] = useState<string | null>(null);
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
    if (!classId) return setStatus({ text: 'Choose the class', tone: 'error' });
    commit({
      variables: { connections: [connectionId], input: { classId, url, events } },
      onCompleted: ({ createWebhook: r }) => {
        if (r.__typename === 'CreateWebhookPayload') {
          setShown(r.secret ?? null);
          setUrl('');
          setStatus(null);
        } else setStatus({ text: errorText(r, 'The webhook could not be added'), tone: 'error' });
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };
  if (shown) return <ShownOnce label="Signing secret of the new webhook" value={shown} onDone={() => setShown(null)} />;
  return (
    <form onSubmit={submit} noValidate className="form-grid" aria-label="New webhook">
      <label className="field">
        <span className="field-label">
          class <span className="mandatory-mark">*</span>
        </span>
        <select name="webhookClass" className="mandatory" value={classId} onChange={(e) => setClassId(e.target.value)}>
          <option value="">Choose…</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <TextField label="URL (http or https)" name="webhookUrl" mandatory maxLength={2000} value={url} onValue={setUrl} placeholder="https://gradebook.example/wordbee" />
      <Checkboxes legend="events" options={EVENTS} chosen={events} onChange={setEvents} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={inFlight}>
          Add webhook
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
      Delete
    </button>
  );
}
