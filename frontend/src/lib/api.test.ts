import { makeStore } from '../app/store';
import { mockFetch, type TestRequest } from '../test/fetch-polyfill';
import { baseApi } from './api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, void>({ query: () => '/api/r/probe' }),
    probeWrite: build.mutation<unknown, { method: 'POST' | 'PUT' | 'DELETE' | 'PATCH' }>({
      query: ({ method }) => ({ url: '/api/r/probe', method, body: method === 'DELETE' ? undefined : { value: 1 } }),
    }),
  }),
});

describe('base api', () => {
  const store = () => makeStore({ session: { user: null, csrfToken: 'token-123', authLoading: false } });

  it('sends the CSRF header on every non-GET call, same-origin', async () => {
    const seen: TestRequest[] = [];
    mockFetch((request) => {
      seen.push(request);
      return { body: { success: true } };
    });
    const s = store();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      await s.dispatch(probeApi.endpoints.probeWrite.initiate({ method })).unwrap();
    }
    expect(seen.map((r) => [r.method, r.headers.get('x-csrf-token')])).toEqual([
      ['POST', 'token-123'],
      ['PUT', 'token-123'],
      ['DELETE', 'token-123'],
      ['PATCH', 'token-123'],
    ]);
    expect(seen.every((r) => r.credentials === 'same-origin')).toBe(true);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('leaves GET requests without the CSRF header', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true } }));
    await store().dispatch(probeApi.endpoints.probeRead.initiate());
    const request = fetchMock.mock.calls[0]![0] as TestRequest;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/api/r/probe');
    expect(request.headers.has('x-csrf-token')).toBe(false);
  });
});
