import { proxiedRequest } from './proxied-request';

describe('proxiedRequest', () => {
  it('recognises the headers an ingress adds, and a direct scrape by their absence', () => {
    expect(proxiedRequest({ 'x-forwarded-for': '203.0.113.9' })).toBe(true);
    expect(proxiedRequest({ 'x-real-ip': '203.0.113.9' })).toBe(true);
    expect(proxiedRequest({ forwarded: 'for=203.0.113.9' })).toBe(true);
    expect(proxiedRequest({ host: '10.0.0.5:3000', 'user-agent': 'Prometheus/2.53' })).toBe(false);
  });
});
