import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { FullPageRedirect } from './shell/full-page-redirect';
import { ShellLayout } from './shell/shell-layout';

// Every screen is its own chunk; the shell's Suspense boundary covers the first load of each.
// The gate comes with the gated page, not in the first load of every page.
const AgeGate = lazy(() => import('../components/ui/age-gate').then((module) => ({ default: module.AgeGate })));
const HomePage = lazy(() => import('../features/home/pages/home-page'));
const BonusHuntsPage = lazy(() => import('../features/bonus-hunts/pages/bonus-hunts-page'));
const TournamentsPage = lazy(() => import('../features/tournaments/pages/tournaments-page'));
const TournamentDetailPage = lazy(() => import('../features/tournaments/pages/tournament-detail-page'));
const RafflesPage = lazy(() => import('../features/raffles/pages/raffles-page'));
const RaffleDetailPage = lazy(() => import('../features/raffles/pages/raffle-detail-page'));
const LeaderboardPage = lazy(() => import('../features/leaderboard/pages/leaderboard-page'));
const RacesPage = lazy(() => import('../features/races/pages/races-page'));
const RacePage = lazy(() => import('../features/races/pages/race-page'));
const StorePage = lazy(() => import('../features/store/pages/store-page'));
const ContestsPage = lazy(() => import('../features/contests/pages/contests-page'));
const PollsPage = lazy(() => import('../features/polls/pages/polls-page'));
const ContactPage = lazy(() => import('../features/contact/pages/contact-page'));
const WinnersPage = lazy(() => import('../features/winners/pages/winners-page'));
const SlotsPage = lazy(() => import('../features/slots/pages/slots-page'));
const SlotPage = lazy(() => import('../features/slots/pages/slot-page'));
const PayoutsPage = lazy(() => import('../features/payouts/pages/payouts-page'));
const MyPrizesPage = lazy(() => import('../features/payouts/pages/my-prizes-page'));
const OwnProfileRedirect = lazy(() => import('../features/profile/pages/own-profile-redirect'));
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
const SettingsPage = lazy(() => import('../features/settings/pages/settings-page'));
const TicketsPage = lazy(() => import('../features/tickets/pages/tickets-page'));
const CreateTicketPage = lazy(() => import('../features/tickets/pages/create-ticket-page'));
const TicketDetailPage = lazy(() => import('../features/tickets/pages/ticket-detail-page'));
const TermsPage = lazy(() => import('../features/legal/pages/terms-page'));
const PrivacyPage = lazy(() => import('../features/legal/pages/privacy-page'));
const AccountDeletedPage = lazy(() => import('../features/settings/pages/account-deleted-page'));
const NotFoundPage = lazy(() => import('./shell/not-found-page'));

/** SPEC §2 routes. /login and /admin-new are server pages; reaching them in the router hands over to the server. */
export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <HomePage /> },
      // Gambling pages ask the age question first and are hidden after a "No" or during a break.
      {
        path: 'bonus-hunts',
        element: (
          <AgeGate>
            <BonusHuntsPage />
          </AgeGate>
        ),
      },
      {
        path: 'tournaments',
        element: (
          <AgeGate>
            <TournamentsPage />
          </AgeGate>
        ),
      },
      {
        path: 'tournaments/:id',
        element: (
          <AgeGate>
            <TournamentDetailPage />
          </AgeGate>
        ),
      },
      { path: 'raffles', element: <RafflesPage /> },
      { path: 'raffles/:id', element: <RaffleDetailPage /> },
      { path: 'contests', element: <ContestsPage /> },
      { path: 'polls', element: <PollsPage /> },
      {
        path: 'leaderboard',
        element: (
          <AgeGate>
            <LeaderboardPage />
          </AgeGate>
        ),
      },
      {
        path: 'races',
        element: (
          <AgeGate>
            <RacesPage />
          </AgeGate>
        ),
      },
      {
        path: 'races/:id',
        element: (
          <AgeGate>
            <RacePage />
          </AgeGate>
        ),
      },
      { path: 'store', element: <StorePage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'winners', element: <WinnersPage /> },
      { path: 'slots', element: <SlotsPage /> },
      { path: 'slots/:id', element: <SlotPage /> },
      { path: 'payouts', element: <PayoutsPage /> },
      { path: 'prizes', element: <MyPrizesPage /> },
      { path: 'profile', element: <OwnProfileRedirect /> },
      { path: 'profile/:username', element: <ProfilePage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'tickets', element: <TicketsPage /> },
      { path: 'tickets/create', element: <CreateTicketPage /> },
      { path: 'tickets/:id', element: <TicketDetailPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'account-deleted', element: <AccountDeletedPage /> },
      { path: 'login', element: <FullPageRedirect label="Login" /> },
      { path: 'admin-new/*', element: <FullPageRedirect label="Admin Panel" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
