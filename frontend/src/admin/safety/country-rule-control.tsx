import { useId } from 'react';
import type { CountryRule, CountryRuleMode } from '@kickback/contracts';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';

/** What the admin types: the mode, and the country codes as one line ("GB, DE"). */
export interface CountryRuleDraft {
  mode: CountryRuleMode;
  codes: string;
}

const MODE_LABELS: Record<CountryRuleMode, string> = {
  everywhere: 'Shown in every country',
  only: 'Shown only in these countries',
  except: 'Hidden in these countries',
};

export const toCountryDraft = (rule: CountryRule | undefined): CountryRuleDraft => ({
  mode: rule?.mode ?? 'everywhere',
  codes: (rule?.countries ?? []).join(', '),
});

/** Codes split on commas and spaces; the contract upper-cases, checks and sorts them. */
export const fromCountryDraft = (draft: CountryRuleDraft): CountryRule => ({
  mode: draft.mode,
  countries: draft.mode === 'everywhere' ? [] : draft.codes.split(/[\s,;]+/).filter(Boolean),
});

/** The first error the server or the contract gave for the rule or one of its codes. */
export const countryRuleError = (errors: Record<string, string>): string | undefined =>
  errors['countries.countries'] ?? errors.countries ?? Object.entries(errors).find(([key]) => key.startsWith('countries.'))?.[1];

interface Props {
  draft: CountryRuleDraft;
  onChange: (draft: CountryRuleDraft) => void;
  error?: string;
}

/**
 * Where an offer (an affiliate card, a leaderboard) may be shown, by the viewer's country
 * (docs/responsible-gambling.md): hidden offers are left out of the viewer's answers, not only undrawn.
 */
export function CountryRuleControl({ draft, onChange, error }: Props) {
  const id = useId();
  return (
    <div className="admin-grid">
      <SelectField
        id={`${id}-mode`}
        label="Countries"
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode: mode as CountryRuleMode })}
        hint="From the viewer's address or your proxy's country header; VPNs and proxies can hide where a viewer is."
      >
        {(Object.keys(MODE_LABELS) as CountryRuleMode[]).map((mode) => (
          <option key={mode} value={mode}>
            {MODE_LABELS[mode]}
          </option>
        ))}
      </SelectField>
      {draft.mode !== 'everywhere' && (
        <TextField
          label="Country codes"
          value={draft.codes}
          onChange={(codes) => onChange({ ...draft, codes })}
          error={error}
          hint="Two-letter codes separated by commas, e.g. GB, DE, US"
        />
      )}
    </div>
  );
}
