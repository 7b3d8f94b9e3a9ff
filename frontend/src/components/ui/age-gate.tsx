import type { ReactNode } from 'react';
import type { ViewerSafety } from '@kickback/contracts';
import { SAFETY_MESSAGES } from '@kickback/contracts/safety-texts';
import { reloadPage } from '../../lib/http';
import { useAnswerAgeMutation, useGetSafetyQuery } from '../../lib/safety-api';
import './age-gate.css';

function HelpLink({ safety }: { safety: ViewerSafety }) {
  return (
    <p className="age-gate__help">
      Need to talk to someone about gambling?{' '}
      <a href={safety.help.url} target="_blank" rel="noopener noreferrer">
        {safety.help.name}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** The question, asked once per browser (a member's "Yes" is kept on their account); the page reloads with the answer. */
export function AgeQuestion({ safety }: { safety: ViewerSafety }) {
  const [answer, { isLoading }] = useAnswerAgeMutation();
  const reply = async (value: 'yes' | 'no') => {
    await answer({ answer: value }).unwrap();
    // The server leaves offers out of the page data it renders, so the answer takes effect on a fresh page.
    reloadPage();
  };
  return (
    <section className="card age-gate" aria-labelledby="age-gate-title" data-testid="age-gate">
      <h2 id="age-gate-title">{SAFETY_MESSAGES.ageQuestion(safety.min_age)}</h2>
      <p>{SAFETY_MESSAGES.ageExplain}</p>
      <div className="age-gate__actions">
        <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void reply('yes')}>
          Yes, I am {safety.min_age} or older
        </button>
        <button type="button" className="button" disabled={isLoading} onClick={() => void reply('no')}>
          No
        </button>
      </div>
      <HelpLink safety={safety} />
    </section>
  );
}

/** What stands in for gambling content when it is not for this viewer: a "No", or a break. */
export function GamblingHidden({ safety }: { safety: ViewerSafety }) {
  const message = safety.break ? SAFETY_MESSAGES.onBreak : SAFETY_MESSAGES.ageDeclined;
  return (
    <section className="card age-gate" aria-labelledby="gambling-hidden-title" data-testid="gambling-hidden">
      <h2 id="gambling-hidden-title">{safety.break ? 'You are taking a break' : 'Not shown'}</h2>
      <p>{message}</p>
      {safety.break?.ends_at && <p>Your break ends on {new Date(safety.break.ends_at).toLocaleString()}.</p>}
      <HelpLink safety={safety} />
    </section>
  );
}

/**
 * In front of a gambling page (leaderboard, bonus hunts, tournaments): the age question until it is answered "Yes",
 * then the page; after a "No" or during a break, the help link instead.
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const { data: safety, isError, isFetching, refetch } = useGetSafetyQuery();
  // Until the standing is known the page stays closed: it may be one this viewer is not to see.
  if (!safety && isError)
    return (
      <section className="card age-gate" role="alert" data-testid="age-gate-error">
        <h2>This page could not be opened</h2>
        <p>{SAFETY_MESSAGES.standingFailed}</p>
        <button type="button" className="button" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  if (!safety) return <p role="status">Loading...</p>;
  if (safety.break || safety.gate === 'declined') return <GamblingHidden safety={safety} />;
  if (safety.gate === 'unanswered') return <AgeQuestion safety={safety} />;
  return <>{children}</>;
}
