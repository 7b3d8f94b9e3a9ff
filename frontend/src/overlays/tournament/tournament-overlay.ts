import { tournamentRoom } from '@kickback/contracts/realtime';
import type { OverlayData, TournamentDetail, TournamentMatch } from '@kickback/contracts';
import { formatMultiplier } from '../../lib/format';
import { el, fill } from '../overlay-dom';
import { refetchOverlayData, reloadOnOtherFeatured } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';

/**
 * The tournament bracket, one column per round, each match's winner lit up as the admin sets it
 * (tournament:match) and the whole bracket refreshed on tournament:updated. Follows tournament:{id}.
 */
export function mountTournamentOverlay(
  { stage, live, token }: OverlayContext,
  initial: Extract<OverlayData, { kind: 'tournament' }>,
): void {
  let tournament: TournamentDetail | null = initial.tournament;
  // The admin put another tournament on stream: the page loads it.
  reloadOnOtherFeatured(live, 'tournament', () => tournament?.id ?? null);
  if (!tournament) return;
  const panel = el('section', { className: 'ov-panel ov-bracket', testId: 'tournament-overlay' });
  stage.append(panel);
  live.join(tournamentRoom(tournament.id));
  let lastDecided: number | null = null;

  live.on('tournament:match', (push) => {
    if (!tournament || push.tournament_id !== tournament.id) return;
    const changed = new Map(push.matches.map((m) => [m.id, m]));
    for (const m of push.matches) if (m.winner_name) lastDecided = m.id;
    tournament = { ...tournament, matches: tournament.matches.map((m) => changed.get(m.id) ?? m), winner: push.winner };
    render();
  });
  live.on('tournament:updated', (push) => {
    if (!tournament || push.tournament.id !== tournament.id) return;
    tournament = push.change === 'deleted' ? null : push.tournament;
    render();
  });

  // Pushes missed while disconnected: the bracket as it stands now (or the tournament that became the active one).
  live.onReconnect(async () => {
    const next = await refetchOverlayData<Extract<OverlayData, { kind: 'tournament' }>>('tournament', token);
    if (!next) return;
    if (tournament && next.tournament?.id !== tournament.id) live.leave(tournamentRoom(tournament.id));
    tournament = next.tournament;
    if (tournament) live.join(tournamentRoom(tournament.id));
    render();
  });

  function render(): void {
    panel.hidden = !tournament;
    if (!tournament) return;
    const rounds = Math.log2(tournament.size);
    fill(panel, [
      el('header', { className: 'ov-title' }, [
        el('span', { text: tournament.name }),
        tournament.winner ? el('span', { className: 'ov-badge', text: `Winner: ${tournament.winner}` }) : null,
      ]),
      el(
        'div',
        { className: 'ov-bracket__rounds', attrs: { style: `grid-template-columns:repeat(${rounds}, 1fr)` } },
        Array.from({ length: rounds }, (_, i) =>
          el(
            'ol',
            { className: 'ov-bracket__round' },
            tournament!.matches
              .filter((m) => m.round === i + 1)
              .sort((a, b) => a.match_number - b.match_number)
              .map((m) => matchCard(m, m.id === lastDecided)),
          ),
        ),
      ),
    ]);
  }
  render();
}

function matchCard(m: TournamentMatch, justDecided: boolean): HTMLElement {
  const slot = (name: string | null, multiplier: number | null) =>
    el('div', { className: `ov-match__slot${m.winner_name && m.winner_name === name ? ' is-winner' : ''}` }, [
      el('span', { text: name ?? 'TBD' }),
      multiplier !== null ? el('span', { className: 'ov-match__multi', text: formatMultiplier(multiplier) }) : null,
    ]);
  return el('li', { className: `ov-match${justDecided ? ' is-latest' : ''}`, attrs: { 'data-match': String(m.id) } }, [
    slot(m.slot1_name, m.slot1_multiplier),
    slot(m.slot2_name, m.slot2_multiplier),
    overridden(m) ? el('span', { className: 'ov-match__note', text: 'decided by the streamer', testId: 'match-override' }) : null,
  ]);
}

/** A winner with the lower multiplier was the streamer's override: said so, so it does not read as a bug. */
function overridden(m: TournamentMatch): boolean {
  if (!m.winner_name || m.slot1_multiplier === null || m.slot2_multiplier === null) return false;
  const [mine, theirs] =
    m.winner_name === m.slot1_name ? [m.slot1_multiplier, m.slot2_multiplier] : [m.slot2_multiplier, m.slot1_multiplier];
  return Number(mine) < Number(theirs);
}
