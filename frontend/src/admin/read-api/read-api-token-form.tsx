import { READ_API_SCOPES, type CreatedReadApiToken, type ReadApiScope, type ReadApiTokenCreate } from '@kickback/contracts';
import { readApiTokenCreateSchema } from '@kickback/contracts/api/read-api';
import { CheckboxField } from '../../components/ui/checkbox-field';
import type { CustomField, FormLayout } from '../kit/form-layout';
import { useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import { useCreateReadApiTokenMutation } from './admin-read-api-api';
import { SubmitButton } from '../kit/submit-button';

export const SCOPE_LABELS: Record<ReadApiScope, string> = {
  leaderboard: 'Leaderboard',
  raffles: 'Raffles',
  winners: 'Recent winners',
  hunts: 'Bonus hunts',
  tournaments: 'Tournaments',
};

/** The scopes as a grid of checkboxes, kept in the contract's order whatever order they are ticked in. */
const scopesField: CustomField<ReadApiScope[]> = {
  draft: (value) => (Array.isArray(value) ? (value as ReadApiScope[]) : []),
  value: (picked) => picked,
  render: ({ draft, set, error }) => (
    <fieldset className="admin-fieldset">
      <legend>Scopes</legend>
      <div className="admin-grid">
        {READ_API_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={SCOPE_LABELS[scope]}
            checked={draft.includes(scope)}
            onChange={(on) => set(READ_API_SCOPES.filter((s) => (s === scope ? on : draft.includes(s))))}
          />
        ))}
      </div>
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  ),
};

const TOKEN_FIELDS: FormLayout = [
  { name: 'name', label: 'Name', hint: 'The tool that will use it.' },
  { name: 'scopes', label: 'Scopes', custom: scopesField },
];

/**
 * The form that creates a token, always open above the list. The contract checks it before it is sent (the server
 * checks it again) and the server answers the token once; the form then starts over for the next tool.
 */
export function ReadApiTokenForm({ onCreated }: { onCreated: (token: CreatedReadApiToken) => void }) {
  const [create, creating] = useCreateReadApiTokenMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const form = useContractForm({ schema: readApiTokenCreateSchema, layout: TOKEN_FIELDS, initial: null, serverErrors });
  const send = async (input: ReadApiTokenCreate) => {
    const done = await submit(
      () => create(input).unwrap().then(onCreated),
      'Token created: copy it now, it is not shown again',
      'Failed to create the token',
    );
    if (done) form.reset();
  };

  return (
    <form className="card admin-form" aria-label="New token" noValidate onSubmit={form.onSubmit((input) => void send(input))}>
      <h2>New token</h2>
      {form.fields}
      <div className="admin-form-actions">
        <SubmitButton busy={creating.isLoading} busyText="Creating...">
          Create token
        </SubmitButton>
      </div>
    </form>
  );
}
