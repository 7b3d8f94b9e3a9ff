import { useMemo, useState } from 'react';
import type { SlotRequestRules, SlotRequestSettingsUpdate } from '@kickback/contracts';
import { slotRequestSettingsSchema } from '@kickback/contracts/api/slots';
import { ContractForm } from '../kit/contract-form';
import type { FormLayout } from '../kit/form-layout';
import { useAdminSubmit } from '../kit/use-admin-crud';
import { useGetSlotRequestRulesQuery } from './admin-slot-request-rules-api';
import { useUpdateSlotRequestSettingsMutation } from './admin-slot-requests-api';
import { BlockedProvidersField, type BlockedProvider } from './blocked-providers-field';
import { BlockedSlotsField, type BlockedSlot } from './blocked-slots-field';

/**
 * The blocklists are ids in the contract and names on screen: the drafts start from the names the rules read gave,
 * and send back only the ids.
 */
const layout = (saved: SlotRequestRules): FormLayout => [
  { name: 'open', label: 'Members may request slots (the queue is open)' },
  [
    { name: 'price', label: 'Price per request (points)', hint: '0 makes requests free.', type: 'number' },
    { name: 'cooldown_seconds', label: 'Cooldown per member (seconds)', hint: '0: no wait between requests.', type: 'number' },
    { name: 'open_limit', label: 'Open requests per member', hint: 'Requests still in the queue.', type: 'number' },
  ],
  {
    name: 'blocked_slot_ids',
    label: 'Blocked slots',
    custom: {
      draft: (ids: unknown) => saved.blocked_slots.filter((slot) => (ids as number[]).includes(slot.id)),
      value: (blocked: BlockedSlot[]) => blocked.map((slot) => slot.id),
      render: ({ draft, set, error }) => <BlockedSlotsField blocked={draft as BlockedSlot[]} onChange={set} error={error} />,
    },
  },
  {
    name: 'blocked_provider_ids',
    label: 'Blocked providers',
    custom: {
      draft: (ids: unknown) => saved.blocked_providers.filter((provider) => (ids as number[]).includes(provider.id)),
      value: (blocked: BlockedProvider[]) => blocked.map((provider) => provider.id),
      render: ({ draft, set, error }) => <BlockedProvidersField blocked={draft as BlockedProvider[]} onChange={set} error={error} />,
    },
  },
];

/** The rules every request is held to; Cancel puts back what is saved. */
export function SlotRequestRulesForm() {
  const { data } = useGetSlotRequestRulesQuery();
  if (!data) return null;
  // The queue's Open/Close button changes the saved rules too: the form starts again from them, so Save never
  // puts back an older "open".
  return <RulesForm key={JSON.stringify(data)} saved={data} />;
}

function RulesForm({ saved }: { saved: SlotRequestRules }) {
  const [update, state] = useUpdateSlotRequestSettingsMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const [version, setVersion] = useState(0);
  const fields = useMemo(() => layout(saved), [saved]);
  return (
    <ContractForm<SlotRequestRules, SlotRequestSettingsUpdate>
      key={version}
      schema={slotRequestSettingsSchema}
      layout={fields}
      texts={{ title: { create: 'Request rules', edit: () => 'Request rules' }, submit: { create: 'Save rules', edit: 'Save rules' } }}
      initial={saved}
      saving={state.isLoading}
      serverErrors={serverErrors}
      onSubmit={(input) => void submit(() => update(input).unwrap(), 'Request rules saved.', 'Failed to save the request rules.')}
      onCancel={() => setVersion((v) => v + 1)}
    />
  );
}
