import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage, fieldErrors } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { useDeleteAccountMutation } from '../account-data-api';
import { fullPageNavigation } from '../full-page-navigation';

/** "Delete my account": a dialog where the member types their username; then the site reloads as a visitor. */
export function AccountDeletion({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="account-data__part">
      <h3>Delete my account</h3>
      <p>
        Your profile, settings, friends and support tickets are removed and you are logged out everywhere. Your raffle entries, predictions
        and points history stay, under the name &ldquo;Deleted member&rdquo;, so past draws and leaderboards remain checkable. This cannot
        be undone.
      </p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && <DeleteDialog username={username} onCancel={() => setOpen(false)} />}
    </div>
  );
}

function DeleteDialog({ username, onCancel }: { username: string; onCancel: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, state] = useDeleteAccountMutation();
  const matches = typed.trim().toLowerCase() === username.toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await remove({ confirm_username: typed }).unwrap();
      // The session is gone: a full load starts the site fresh as a visitor, on the page that says what happened.
      fullPageNavigation.go('/account-deleted');
    } catch (failure) {
      setError(fieldErrors(failure).confirm_username ?? null);
      toast.error(errorMessage(failure, 'Your account could not be deleted. Please try again.'));
    }
  };

  return (
    <ModalDialog className="confirm-dialog card" labelledBy={titleId} onCancel={onCancel}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="confirm-dialog__title">
          Delete your account?
        </h2>
        <div className="field">
          <label htmlFor={inputId}>
            Type your username, <strong>{username}</strong>, to confirm
          </label>
          <input
            id={inputId}
            className="input"
            value={typed}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>
            Keep my account
          </button>
          <button type="submit" className="button button--danger" disabled={!matches || state.isLoading}>
            {state.isLoading ? 'Deleting...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
