export * from './captcha.service';
export * from './contact.service';
export * from './contact-admin.service';
export * from './contact.module';
export * from './contact.seed';
