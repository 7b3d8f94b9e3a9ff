export * from './tournaments.service';
export * from './tournament-predictions.service';
export * from './admin-tournaments.service';
export * from './tournament-prizes.service';
export * from './tournaments.module';
export * from './featured-tournament.service';
