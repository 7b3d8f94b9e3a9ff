import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides OAuth codes, state and tokens in logged URLs and keeps the rest', () => {
    expect(redactUrl('/auth/kick/callback?code=abc123&state=s3cr3t')).toBe('/auth/kick/callback?code=[Redacted]&state=[Redacted]');
    expect(redactUrl('/x?page=2&Access_Token=t&search=code')).toBe('/x?page=2&Access_Token=[Redacted]&search=code');
    expect(redactUrl('/x?%63ode=abc')).toBe('/x?%63ode=[Redacted]');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/r/store?search=code&category=all')).toBe('/api/r/store?search=code&category=all');
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
