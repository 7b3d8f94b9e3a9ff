import { raffleRoom } from '@kickback/contracts/realtime';
import type { OverlayData, OverlaySettings, Raffle, RaffleEntryPush, RaffleUser } from '@kickback/contracts';
import { formatNumber } from '../../lib/format';
import { personName } from '../../lib/person-name';
import { qrSvg } from '../../lib/qr-svg';
import { el, fill } from '../overlay-dom';
import { refetchOverlayData, reloadOnOtherFeatured } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';
import { defaultHowToEnter } from './how-to-enter';

type RaffleOverlayData = Extract<OverlayData, { kind: 'raffle' }>;

const ENTRANTS_SHOWN = 8;
/** The count rolls up to a new total over this long, so a burst of entries reads as a ticker, not a jump. */
const TICKER_MS = 800;

const nameOf = (user: { kick_username: string | null; username: string }) => personName(user);

/**
 * The raffle: entrant count ticker and the last entrants while it runs, then the winners revealed one after
 * another on raffle:drawn, with the verify page as a QR code. Follows raffle:{id}.
 */
export function mountRaffleOverlay({ stage, live, token, look }: OverlayContext, initial: RaffleOverlayData): void {
  const raffle: Raffle | null = initial.raffle;
  // Another raffle is on stream (chosen, started, or the one shown cancelled or archived): the page loads it, as after
  // missing pushes while disconnected. The raffle drawn here stays until the streamer moves on, so its winners stay too.
  reloadOnOtherFeatured(live, 'raffle', () => raffle?.id ?? null);
  if (!raffle) return;
  const panel = el('section', { className: 'ov-panel ov-raffle', testId: 'raffle-overlay' });
  stage.append(panel);
  live.join(raffleRoom(raffle.id));

  let shownTotal = raffle.total_entries;
  let total = raffle.total_entries;
  const entrants: string[] = initial.entries.map((e) => nameOf(e.user)).slice(0, ENTRANTS_SHOWN);
  const count = el('strong', { className: 'ov-raffle__count', text: formatNumber(total), testId: 'raffle-count' });
  const list = el('ol', { className: 'ov-raffle__entrants', testId: 'raffle-entrants' });
  let tickerStart = 0;
  let tickerFrom = total;

  const renderEntrants = () =>
    fill(
      list,
      entrants.map((name) => el('li', { text: name })),
    );
  const tick = (now: number) => {
    const progress = Math.min(1, (now - tickerStart) / TICKER_MS);
    shownTotal = Math.round(tickerFrom + (total - tickerFrom) * progress);
    count.textContent = formatNumber(shownTotal);
    entriesLabel.textContent = shownTotal === 1 ? 'entry' : 'entries';
    if (progress < 1) requestAnimationFrame(tick);
  };

  const prize = el('p', { className: 'ov-raffle__prize', testId: 'raffle-prize' });
  const howToEnter = el('p', { className: 'ov-raffle__enter', testId: 'raffle-how-to-enter' });
  // The admin's lines replace the raffle's own prize text and the default way in: the chat keyword as it is set now
  // (overlay:join-command keeps it current) and the site address (empty lines show those).
  let joinCommand = initial.join_command;
  const renderLines = (settings: OverlaySettings) => {
    prize.textContent = settings.prize_line || raffle.prize_description;
    prize.hidden = !prize.textContent;
    howToEnter.textContent = settings.how_to_enter || defaultHowToEnter({ join_command: joinCommand, verify_url: initial.verify_url });
    howToEnter.hidden = !howToEnter.textContent;
  };
  const followJoinCommand = (next: string | null) => {
    if (next === joinCommand) return;
    joinCommand = next;
    renderLines(look.settings());
  };
  const entriesLabel = el('span', { text: raffle.total_entries === 1 ? 'entry' : 'entries' });
  fill(panel, [
    el('header', { className: 'ov-title' }, [el('span', { text: raffle.title })]),
    prize,
    howToEnter,
    el('div', { className: 'ov-raffle__ticker' }, [count, entriesLabel]),
    list,
  ]);
  renderLines(look.settings());
  look.onChange(renderLines);
  live.on('overlay:join-command', (push) => followJoinCommand(push.join_command));
  renderEntrants();

  live.on('raffle:entries', (push) => {
    if (push.raffle_id !== raffle.id) return;
    for (const entry of push.entries as RaffleEntryPush[]) {
      const name = entry[5] || entry[4];
      if (!entrants.includes(name)) entrants.unshift(name);
    }
    entrants.splice(ENTRANTS_SHOWN);
    renderEntrants();
    tickerFrom = shownTotal;
    total = push.total_entries;
    tickerStart = performance.now();
    requestAnimationFrame(tick);
  });
  live.on('raffle:drawn', (push) => {
    if (push.raffle_id === raffle.id) reveal(panel, raffle, push.winners, initial.verify_url);
  });
  if (raffle.has_ended && raffle.winners.length > 0) reveal(panel, raffle, raffle.winners, initial.verify_url);

  // Pushes missed while disconnected: a draw is revealed now; another raffle (or a revoked token) reloads the page.
  live.onReconnect(async () => {
    const next = await refetchOverlayData<RaffleOverlayData>('raffle', token);
    if (!next || next.raffle?.id !== raffle.id) {
      window.location.reload();
      return;
    }
    followJoinCommand(next.join_command);
    if (next.raffle.has_ended && next.raffle.winners.length > 0) reveal(panel, next.raffle, next.raffle.winners, next.verify_url);
    else {
      total = next.raffle.total_entries;
      count.textContent = formatNumber(total);
      entriesLabel.textContent = total === 1 ? 'entry' : 'entries';
      entrants.splice(0, entrants.length, ...next.entries.map((e) => nameOf(e.user)).slice(0, ENTRANTS_SHOWN));
      renderEntrants();
    }
  });
}

/** Replaces the entry view with the winners, each card flipping in after the one before. */
function reveal(panel: HTMLElement, raffle: Raffle, winners: RaffleUser[], verifyUrl: string | null): void {
  fill(panel, [
    el('header', { className: 'ov-title' }, [el('span', { text: winners.length === 1 ? 'Winner' : 'Winners' })]),
    el('p', { className: 'ov-raffle__subtitle', text: raffle.title }),
    el(
      'ol',
      { className: 'ov-raffle__winners', testId: 'raffle-winners' },
      winners.map((w, i) =>
        el('li', { className: 'ov-winner', attrs: { style: `animation-delay:${i * 600}ms` } }, [
          el('span', { className: 'ov-winner__place', text: `#${i + 1}` }),
          el('span', { className: 'ov-winner__name', text: nameOf(w) }),
        ]),
      ),
    ),
    verifyUrl
      ? el('figure', { className: 'ov-raffle__verify', testId: 'raffle-verify' }, [
          qrSvg(verifyUrl, 'QR code of the page that verifies this draw'),
          el('figcaption', { text: 'Verify the draw' }),
        ])
      : null,
  ]);
}
