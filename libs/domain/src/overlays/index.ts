export * from './overlay-tokens.service';
export * from './overlays.module';
export * from './overlay-settings.service';
export * from './overlay-tokens-rekey';
export { OVERLAY_TOKEN_PURPOSE } from './overlay-token-cipher';
