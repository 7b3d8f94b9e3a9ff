import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminSafetyCountry, HelpLink, SafetySettings } from '@kickback/contracts';
import { VersionedAnswerCache } from '@kickback/platform';
import { SafetyRepository } from './safety.repository';

/** The shared answer of the texts and per-country rows (VersionedAnswerCache), read on every offer request. */
export const SAFETY_RULES_ANSWER = 'safety:rules';

export interface SafetyRules {
  settings: SafetySettings;
  countries: AdminSafetyCountry[];
}

/** What the gate and the offers need for one country: the age to ask and the help link to show. */
export interface CountryRules {
  minAge: number;
  help: HelpLink;
  termsLine: string;
  noCashValue: string;
}

/** How long a process keeps its copy: an admin edit is seen by every replica within this. */
const LOCAL_COPY_MS = 1000;

/** The texts, the worldwide defaults and each country's own age and help link. */
@Injectable()
export class SafetyRulesService {
  private memo: { at: number; rules: SafetyRules } | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly answers: VersionedAnswerCache,
    private readonly repository: SafetyRepository,
  ) {}

  async rules(): Promise<SafetyRules> {
    if (this.memo && Date.now() - this.memo.at < LOCAL_COPY_MS) return this.memo.rules;
    const answer = await this.answers.read(SAFETY_RULES_ANSWER, async () => {
      const em = this.em.fork();
      const rules: SafetyRules = { settings: await this.repository.settings(em), countries: await this.repository.countries(em) };
      return { body: JSON.stringify(rules), meta: null };
    });
    const rules = JSON.parse(answer.body) as SafetyRules;
    this.memo = { at: Date.now(), rules };
    return rules;
  }

  async forCountry(country: string | null): Promise<CountryRules> {
    const { settings, countries } = await this.rules();
    const own = country ? countries.find((c) => c.country === country) : undefined;
    return {
      // A country's own age never lowers the worldwide one.
      minAge: Math.max(settings.min_age, own?.min_age ?? 0),
      help: own ? { name: own.help_name, url: own.help_url } : { name: settings.default_help_name, url: settings.default_help_url },
      termsLine: settings.terms_line,
      noCashValue: settings.no_cash_value,
    };
  }

  /** After an admin's change has committed: every replica rebuilds, this one at once. */
  async changed(): Promise<void> {
    this.memo = null;
    await this.answers.invalidate(SAFETY_RULES_ANSWER);
  }
}
