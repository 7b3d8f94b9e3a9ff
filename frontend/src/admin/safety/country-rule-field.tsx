import type { CountryRule } from '@kickback/contracts';
import type { CustomField } from '../kit/form-layout';
import { CountryRuleControl, countryRuleError, fromCountryDraft, toCountryDraft, type CountryRuleDraft } from './country-rule-control';

/** The kit's field for a contract's `countries` rule (affiliates; any declared offer). */
export const countryRuleField: CustomField<CountryRuleDraft> = {
  draft: (value) => toCountryDraft(value as CountryRule | undefined),
  value: fromCountryDraft,
  render: ({ draft, set, errors }) => <CountryRuleControl draft={draft} onChange={set} error={countryRuleError(errors)} />,
};
