/**
 * The Account page (/account, behind the user's name in the bar): change the password (the other
 * devices are logged out, this one goes on with a new token), log out everywhere, and delete the
 * account after typing the password (docs/security.md, Accounts, says what goes).
 */
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { endSession, startSession, userRecordOf, useSession } from '../../session';
import { reconnectLive } from '../../RelayEnvironment';
import { TextField } from '../../ui/TextField';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { T, useT, messageOf, fill } from '../../i18n';
import { useRefusal } from '../../ui/serverMessages';
import type { AccountChangePasswordMutation } from './__generated__/AccountChangePasswordMutation.graphql';
import type { AccountLogoutEverywhereMutation } from './__generated__/AccountLogoutEverywhereMutation.graphql';
import type { AccountDeleteMutation } from './__generated__/AccountDeleteMutation.graphql';

export default function Account() {
  const user = useSession();
  const { t, lang } = useT();
  const refusal = useRefusal();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [changeStatus, setChangeStatus] = useState<Status>(null);
  const [everywhereStatus, setEverywhereStatus] = useState<Status>(null);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteStatus, setDeleteStatus] = useState<Status>(null);

  const [commitChange, changing] = useMutation<AccountChangePasswordMutation>(graphql`
    mutation AccountChangePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on LoginPayload {
          username
          isTeacher
          accessToken
          teachername
          tokenExpiresAt
        }
        ... on ValidationError {
          message
        }
        ... on ForbiddenError {
          message
        }
        ... on RateLimitError {
          message
        }
      }
    }
  `);
  const [commitEverywhere, leaving] = useMutation<AccountLogoutEverywhereMutation>(graphql`
    mutation AccountLogoutEverywhereMutation {
      logoutEverywhere {
        __typename
        ... on LogoutPayload {
          everywhere
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  const [commitDelete, deleting] = useMutation<AccountDeleteMutation>(graphql`
    mutation AccountDeleteMutation($input: DeleteAccountInput!) {
      deleteAccount(input: $input) {
        __typename
        ... on DeleteAccountPayload {
          username
        }
        ... on ValidationError {
          message
        }
        ... on ForbiddenError {
          message
        }
        ... on RateLimitError {
          message
        }
      }
    }
  `);
  if (!user) return null;

  const change = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== repeat) {
      setChangeStatus({ text: t('account.mismatch'), tone: 'error' });
      return;
    }
    setChangeStatus({ text: t('account.changing'), tone: 'info' });
    commitChange({
      variables: { input: { oldPassword, newPassword } },
      onCompleted: ({ changePassword }) => {
        if (changePassword.__typename !== 'LoginPayload') {
          setChangeStatus(refusal.of(changePassword, 'account.failed'));
          return;
        }
        startSession(userRecordOf(changePassword));
        // The live views' connection was opened with the old token, which is refused now.
        reconnectLive();
        setOldPassword('');
        setNewPassword('');
        setRepeat('');
        setChangeStatus({ text: t('account.changed'), tone: 'success' });
      },
      onError: (error) => setChangeStatus(refusal.failed(error)),
    });
  };

  const everywhere = () => {
    commitEverywhere({
      variables: {},
      onCompleted: ({ logoutEverywhere }) => {
        if (logoutEverywhere.__typename === 'LogoutPayload') endSession();
        else setEverywhereStatus(refusal.of(logoutEverywhere, 'account.failed'));
      },
      onError: (error) => setEverywhereStatus(refusal.failed(error)),
    });
  };

  const remove = (event: FormEvent) => {
    event.preventDefault();
    const confirmText = messageOf('account.deleteConfirm');
    const question =
      lang === 'en'
        ? fill(confirmText.en, { name: user.username })
        : `${fill(confirmText.zh, { name: user.username })}\n${fill(confirmText.en, { name: user.username })}`;
    if (!window.confirm(question)) return;
    setDeleteStatus({ text: t('account.deleting'), tone: 'info' });
    commitDelete({
      variables: { input: { password: deletePassword } },
      onCompleted: ({ deleteAccount }) => {
        if (deleteAccount.__typename === 'DeleteAccountPayload') endSession();
        else setDeleteStatus(refusal.of(deleteAccount, 'account.failed'));
      },
      onError: (error) => setDeleteStatus(refusal.failed(error)),
    });
  };

  return (
    <section className="card narrow account">
      <h1>
        <T k="nav.account" />
      </h1>
      <p className="hint">
        <T k="account.signedInAs" values={{ name: user.username }} />
      </p>

      <h2>
        <T k="account.changeTitle" />
      </h2>
      <p className="hint">
        <T k="account.changeHint" />
      </p>
      <form onSubmit={change} noValidate>
        <TextField
          label={<T k="account.oldPassword" />}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          mandatory
          value={oldPassword}
          onValue={setOldPassword}
        />
        <TextField
          label={<T k="account.newPassword" />}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          mandatory
          value={newPassword}
          onValue={setNewPassword}
        />
        <TextField
          label={<T k="account.repeatPassword" />}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          mandatory
          value={repeat}
          onValue={setRepeat}
        />
        <button type="submit" className="button primary" disabled={changing}>
          <T k="account.change" />
        </button>
      </form>
      <StatusLine status={changeStatus} />

      <h2>
        <T k="account.everywhereTitle" />
      </h2>
      <p className="hint">
        <T k="account.everywhereHint" />
      </p>
      <button type="button" className="button" disabled={leaving} onClick={everywhere}>
        <T k="account.everywhere" />
      </button>
      <StatusLine status={everywhereStatus} />

      <h2>
        <T k="account.deleteTitle" />
      </h2>
      <p className="status status-error" role="note">
        <T k={user.isTeacher ? 'account.deleteWarningTeacher' : 'account.deleteWarningStudent'} />
      </p>
      <form onSubmit={remove} noValidate>
        <TextField
          label={<T k="account.deletePassword" />}
          name="deletePassword"
          type="password"
          autoComplete="current-password"
          mandatory
          value={deletePassword}
          onValue={setDeletePassword}
        />
        <button type="submit" className="button danger" disabled={deleting || !deletePassword}>
          <T k="account.deleteButton" />
        </button>
      </form>
      <StatusLine status={deleteStatus} />
    </section>
  );
}
