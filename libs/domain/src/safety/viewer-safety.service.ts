import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AgeGateState, MemberBreak, ViewerSafety } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import { SafetyRepository, type BreakRow } from './safety.repository';
import { SafetyRulesService } from './safety-rules.service';

/** What the request says about the viewer: who (if logged in), the gate cookie's value, and the country. */
export interface ViewerFacts {
  userId: number | null;
  /** The age-gate cookie: the age the browser confirmed ("18"…"25") or "no". */
  ageCookie: string | undefined;
  country: string | null;
}

/** The cookie's value for an answer: the confirmed age, or "no". */
export const ageCookieValue = (answer: 'yes' | 'no', age: number): string => (answer === 'yes' ? String(age) : 'no');

export const toMemberBreak = (row: BreakRow): MemberBreak => ({
  period: row.period,
  started_at: new Date(row.started_at).toISOString(),
  ends_at: isoOrNull(row.ends_at),
});

/**
 * The viewer's standing for gambling content. Offers reach a viewer only when the gate is answered "Yes" for their
 * country's age (on the account, or in the browser's cookie) and no break is running; the country rule of each offer
 * is applied by the feature that owns it.
 */
@Injectable()
export class ViewerSafetyService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: SafetyRepository,
    private readonly rules: SafetyRulesService,
  ) {}

  async of(facts: ViewerFacts): Promise<ViewerSafety> {
    const [rules, member] = await Promise.all([
      this.rules.forCountry(facts.country),
      facts.userId ? this.repository.memberStanding(this.em.fork(), facts.userId) : Promise.resolve(null),
    ]);
    const cookieAge = facts.ageCookie && /^\d{2}$/.test(facts.ageCookie) ? Number(facts.ageCookie) : 0;
    const confirmed = Math.max(member?.age ?? 0, cookieAge);
    const gate: AgeGateState = confirmed >= rules.minAge ? 'confirmed' : facts.ageCookie === 'no' ? 'declined' : 'unanswered';
    const running = member?.running ?? null;
    return {
      country: facts.country,
      min_age: rules.minAge,
      gate,
      offers: gate === 'confirmed' && !running,
      break: running ? toMemberBreak(running) : null,
      help: rules.help,
      terms_line: rules.termsLine,
      no_cash_value: rules.noCashValue,
    };
  }
}
