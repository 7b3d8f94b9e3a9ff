export * from './contests.errors';
export * from './contests.service';
export * from './contest-templates.service';
export * from './contests.module';
