export * from './captcha.service';
export * from './contact.service';
export * from './admin-contact.service';
export * from './contact.module';
export * from './contact.seed';
