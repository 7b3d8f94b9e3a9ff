import { useState } from 'react';
import type { SafetySettings, SafetySettingsUpdate } from '@kickback/contracts';
import { safetySettingsSchema } from '@kickback/contracts/api/safety';
import { QueryStatus } from '../../components/ui/query-status';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ContractForm } from '../kit/contract-form';
import type { FormLayout } from '../kit/form-layout';
import { useGetSafetySettingsQuery, useUpdateSafetySettingsMutation } from './admin-safety-api';

const LAYOUT: FormLayout = [
  { name: 'terms_line', label: 'Terms line beside every offer', hint: 'e.g. 18+ · New customers only · T&Cs apply' },
  { name: 'no_cash_value', label: 'Points text (store, points history, terms page)', rows: 2 },
  [
    { name: 'default_help_name', label: 'Help service (countries without their own)' },
    { name: 'default_help_url', label: 'Help link', type: 'url' },
  ],
  { name: 'min_age', label: 'Age asked everywhere', hint: 'A country below may ask a higher age, never a lower one.' },
];

/** The worldwide defaults and texts; Cancel puts back what is saved. */
export function SafetySettingsForm() {
  const { data, isLoading: loading, isError } = useGetSafetySettingsQuery();
  const [save, { isLoading, error }] = useUpdateSafetySettingsMutation();
  const [version, setVersion] = useState(0);
  const toast = useToast();
  if (!data)
    return (
      <QueryStatus
        isLoading={loading}
        isError={isError}
        loadingText="Loading the texts and defaults..."
        errorText="Failed to load the texts and defaults."
      />
    );
  const submit = async (input: SafetySettingsUpdate) => {
    try {
      await save(input).unwrap();
      toast.success('Safer gambling settings saved');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to save the settings'));
    }
  };
  return (
    <ContractForm<SafetySettings, SafetySettingsUpdate>
      key={version}
      schema={safetySettingsSchema}
      layout={LAYOUT}
      texts={{ title: { create: 'Texts and defaults', edit: () => 'Texts and defaults' }, submit: { create: 'Save', edit: 'Save Texts' } }}
      initial={data}
      saving={isLoading}
      serverErrors={fieldErrors(error)}
      onSubmit={(input) => void submit(input)}
      onCancel={() => setVersion((v) => v + 1)}
    />
  );
}
