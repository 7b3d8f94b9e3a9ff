import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProfileSection } from '@kickback/contracts';
import { useToast } from '../../lib/use-toast';
import { HIGHLIGHT_MS, KICK_NUDGE, NUDGE_DELAY_MS, oauthErrorMessage, parseTab } from './settings-messages';

/**
 * The settings screen's state lives in the query string (SPEC §2: tab=…, highlight=kick) so links from
 * raffles and the Kick OAuth callback land on the right tab. Also runs the Kick nudge, the highlight
 * pulse and the OAuth ?error= toast.
 */
export function useSettingsUrl(kickMissing: boolean) {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const requested = parseTab(params.get('tab'));
  const hasTabParam = params.has('tab');
  const highlightKick = params.get('highlight') === 'kick';
  const tab: ProfileSection = requested ?? (highlightKick ? 'connections' : 'profile');

  const selectTab = useCallback(
    (next: ProfileSection) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [nudged, setNudged] = useState(false);
  useEffect(() => {
    if (hasTabParam || highlightKick || !kickMissing) return;
    const timer = setTimeout(() => {
      selectTab('connections');
      setNudged(true);
      toast.warning(KICK_NUDGE);
    }, NUDGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasTabParam, highlightKick, kickMissing, selectTab, toast]);

  const [pulsing, setPulsing] = useState(highlightKick);
  useEffect(() => {
    if (!highlightKick) return;
    setPulsing(true);
    const timer = setTimeout(() => setPulsing(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightKick]);

  // Shown once, then dropped from the address so a reload does not repeat it.
  const oauthError = params.get('error');
  const shownError = useRef<string | null>(null);
  useEffect(() => {
    if (!oauthError || shownError.current === oauthError) return;
    shownError.current = oauthError;
    toast.error(oauthErrorMessage(oauthError));
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('error');
        return updated;
      },
      { replace: true },
    );
  }, [oauthError, setParams, toast]);

  return { tab, selectTab, nudged, pulsing };
}
