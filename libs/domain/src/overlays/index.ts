export * from './overlay-tokens.service';
export * from './overlays.module';
