import { useState } from 'react';
import { READ_API_SCOPES, type CreatedReadApiToken, type ReadApiScope } from '@kickback/contracts';
import { readApiTokenCreateSchema } from '@kickback/contracts/api/read-api';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { fieldFacts } from '../kit/schema-fields';
import { useCreateReadApiTokenMutation } from './admin-read-api-api';

export const SCOPE_LABELS: Record<ReadApiScope, string> = {
  leaderboard: 'Leaderboard',
  raffles: 'Raffles',
  winners: 'Recent winners',
  hunts: 'Bonus hunts',
  tournaments: 'Tournaments',
};

const NAME_LIMIT = fieldFacts(readApiTokenCreateSchema.shape.name).maxLength;

/**
 * The form that creates a token, always open above the list. The server checks it and answers the token once;
 * the form then starts over for the next tool.
 */
export function ReadApiTokenForm({ onCreated }: { onCreated: (token: CreatedReadApiToken) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadApiScope[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateReadApiTokenMutation();
  const toast = useToast();

  const submit = async () => {
    setErrors({});
    try {
      onCreated(await create({ name, scopes }).unwrap());
      toast.success('Token created: copy it now, it is not shown again');
      setName('');
      setScopes([]);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to create the token'));
    }
  };

  return (
    <form
      className="card admin-form"
      aria-label="New token"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>New token</h2>
      <TextField label="Name" value={name} onChange={setName} maxLength={NAME_LIMIT} error={errors.name} hint="The tool that will use it." />
      <fieldset className="admin-fieldset">
        <legend>Scopes</legend>
        <div className="admin-grid">
          {READ_API_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              label={SCOPE_LABELS[scope]}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes((current) => READ_API_SCOPES.filter((s) => (s === scope ? on : current.includes(s))))}
            />
          ))}
        </div>
        {errors.scopes && <span className="field-error">{errors.scopes}</span>}
      </fieldset>
      <div className="admin-form-actions">
        <button type="submit" className="button button--primary" disabled={creating.isLoading}>
          {creating.isLoading ? 'Creating...' : 'Create token'}
        </button>
      </div>
    </form>
  );
}
