export * from './points-import.service';
export * from './points-import.module';
