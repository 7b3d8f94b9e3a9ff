import { AppConfig } from '../config/app-config';
import { envSchema } from '../config/env.schema';
import { ViewerCountryService } from './viewer-country.service';

const service = (env: Record<string, string> = {}) => {
  const s = new ViewerCountryService(new AppConfig(envSchema.parse(env)));
  s.onModuleInit();
  return s;
};

describe('the viewer country', () => {
  const db = service();

  it('comes from the bundled database, for IPv4, IPv4-mapped IPv6 and IPv6 addresses', () => {
    expect(db.of({ headers: {}, ip: '81.2.69.142' })).toBe('GB');
    expect(db.of({ headers: {}, ip: '::ffff:8.8.8.8' })).toBe('US');
    expect(db.of({ headers: {}, ip: '2a02:c7f::1' })).toBe('GB');
  });

  it('is unknown for private addresses and things that are not addresses', () => {
    expect(db.of({ headers: {}, ip: '127.0.0.1' })).toBeNull();
    expect(db.of({ headers: {}, ip: '10.1.2.3' })).toBeNull();
    expect(db.of({ headers: {}, ip: 'not-an-ip' })).toBeNull();
    expect(db.of({ headers: {} })).toBeNull();
  });

  it('ignores a country header the deployment did not name', () => {
    expect(db.of({ headers: { 'cf-ipcountry': 'DE' }, ip: '81.2.69.142' })).toBe('GB');
  });

  it('takes the named header first; its "unknown" codes stay unknown; a missing header falls back to the database', () => {
    const proxied = service({ COUNTRY_HEADER: 'CF-IPCountry' });
    expect(proxied.of({ headers: { 'cf-ipcountry': 'de' }, ip: '81.2.69.142' })).toBe('DE');
    expect(proxied.of({ headers: { 'cf-ipcountry': 'XX' }, ip: '81.2.69.142' })).toBeNull();
    expect(proxied.of({ headers: { 'cf-ipcountry': 'T1' }, ip: '81.2.69.142' })).toBeNull();
    expect(proxied.of({ headers: {}, ip: '81.2.69.142' })).toBe('GB');
  });
});
