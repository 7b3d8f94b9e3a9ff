import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useEndBreakMutation } from './admin-safety-api';
import { SubmitButton } from '../kit/submit-button';

/**
 * Ends a member's break set "until I ask", when they ask (audited). Timed breaks end on their own and the server
 * refuses to end them; no reason is asked or kept.
 */
export function EndBreakForm() {
  const [username, setUsername] = useState('');
  const [endBreak, { isLoading }] = useEndBreakMutation();
  const toast = useToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await endBreak({ username: username.trim() }).unwrap();
      toast.success(`${username.trim()}'s break has ended`);
      setUsername('');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to end the break'));
    }
  };
  return (
    <form className="card admin-fieldset" onSubmit={(e) => void submit(e)} aria-label="End a break at the member's request">
      <h2>End a break at the member&apos;s request</h2>
      <TextField
        label="Member's username"
        value={username}
        onChange={setUsername}
        hint='Only breaks set "until I ask an admin" can be ended; the others end on their own.'
      />
      <div className="admin-form-actions">
        <SubmitButton busy={isLoading} disabled={!username.trim()}>
          End Break
        </SubmitButton>
      </div>
    </form>
  );
}
