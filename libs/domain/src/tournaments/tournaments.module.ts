import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { WinnersModule } from '../winners/winners.module';
import { TournamentsService } from './tournaments.service';
import { TournamentPredictionsService } from './tournament-predictions.service';
import { AdminTournamentsService } from './admin-tournaments.service';
import { TournamentPrizesService } from './tournament-prizes.service';
import { TournamentEventsHandler } from './tournament-events.handler';
import { FeaturedTournamentService } from './featured-tournament.service';

@Module({
  imports: [EconomyModule, WinnersModule],
  providers: [
    TournamentsService,
    TournamentPredictionsService,
    AdminTournamentsService,
    TournamentPrizesService,
    TournamentEventsHandler,
    FeaturedTournamentService,
  ],
  exports: [TournamentsService, TournamentPredictionsService, AdminTournamentsService, TournamentPrizesService, FeaturedTournamentService],
})
export class TournamentsModule {}
