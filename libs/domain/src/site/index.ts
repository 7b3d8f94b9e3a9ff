export * from './site-settings.entity';
export * from './affiliate.entity';
export * from './site-settings.service';
export * from './affiliates.service';
export * from './site-cache';
export * from './site.module';
