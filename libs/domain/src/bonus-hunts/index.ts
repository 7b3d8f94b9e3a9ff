export * from './hunt-statistics';
export * from './bonus-hunts.service';
export * from './hunt-predictions.service';
export * from './admin-bonus-hunts.service';
export * from './slot-catalogue.service';
export * from './hunt-scoring.service';
export * from './bonus-hunts.module';
