import type { OverlayPageData } from '@kickback/contracts';
import { connectOverlay } from './overlay-socket';
import { followLook } from './overlay-look';
import { mountHuntOverlay } from './hunt/hunt-overlay';
import { mountRaffleOverlay } from './raffle/raffle-overlay';
import { mountTournamentOverlay } from './tournament/tournament-overlay';
import { mountLeaderboardOverlay } from './leaderboard/leaderboard-overlay';
import { mountAlertsOverlay } from './alerts/alerts-overlay';
import { mountRaceOverlay } from './race/race-overlay';
import { mountPollOverlay } from './poll/poll-overlay';
import { mountNextUpOverlay } from './next-up/next-up-overlay';
import './overlay.css';

const STAGE_WIDTH = 1920;
const STAGE_HEIGHT = 1080;

/** Lays the 1920×1080 stage over any browser-source size, keeping its proportions. */
function fitStage(stage: HTMLElement): void {
  const scale = Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT);
  stage.style.transform = `scale(${scale})`;
}

const page = (window as unknown as { __APP__?: OverlayPageData }).__APP__;
const stage = document.getElementById('overlay');
if (page?.overlay && stage) {
  const { kind, token, data, look: initialLook } = page.overlay;
  stage.className = `overlay-stage overlay-stage--${kind}`;
  fitStage(stage);
  window.addEventListener('resize', () => fitStage(stage));
  const live = connectOverlay(kind, token);
  const look = followLook(stage, initialLook, (apply) => live.on('overlay:settings', (push) => push.kind === kind && apply(push.look)));
  const context = { stage, live, token, look };
  if (data.kind === 'hunt') mountHuntOverlay(context, data);
  else if (data.kind === 'raffle') mountRaffleOverlay(context, data);
  else if (data.kind === 'tournament') mountTournamentOverlay(context, data);
  else if (data.kind === 'leaderboard') mountLeaderboardOverlay(context, data);
  else if (data.kind === 'race') mountRaceOverlay(context, data);
  else if (data.kind === 'poll') mountPollOverlay(context, data);
  else if (data.kind === 'next-up') mountNextUpOverlay(context, data);
  else mountAlertsOverlay(context);
}
