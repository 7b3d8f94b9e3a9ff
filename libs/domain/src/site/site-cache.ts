/**
 * The shared answers of the public site data (VersionedAnswerCache): each change bumps its answer's version after the
 * commit, so a copy built from the row as it was before a change is never served after it.
 */
export const SITE_ANSWERS = {
  settings: 'site:settings',
  /** Each active card with its country rule (the viewer's filter runs on every read). */
  affiliates: 'site:affiliates-by-country',
} as const;
