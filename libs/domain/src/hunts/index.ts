export * from './hunt-statistics';
export * from './hunts.service';
export * from './hunt-predictions.service';
export * from './admin-hunts.service';
export * from './slot-catalogue.service';
export * from './hunt-scoring.service';
export * from './hunts.module';
