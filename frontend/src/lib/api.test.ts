import { makeStore } from '../app/store';
import { mockFetch, type TestRequest } from '../test/fetch-polyfill';
import { recordFetches } from '../test/fetch-mocks';
import { baseApi, pagedList } from './api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, void>({ query: () => '/api/r/probe' }),
    probePage: build.query<{ data: number[]; pagination: unknown; message?: string }, void>({
      query: () => '/api/r/probe-page',
      transformResponse: (data: number[], meta) => ({ ...pagedList(data, meta), message: meta?.message }),
    }),
    probeWrite: build.mutation<unknown, { method: 'POST' | 'PUT' | 'DELETE' | 'PATCH' }>({
      query: ({ method }) => ({ url: '/api/r/probe', method, body: method === 'DELETE' ? undefined : { value: 1 } }),
    }),
  }),
});

describe('base api', () => {
  const store = () => makeStore({ session: { user: null, csrfToken: 'token-123', authLoading: false } });

  it('sends the CSRF header on every non-GET call, same-origin', async () => {
    const seen = recordFetches(() => ({ body: { success: true } }));
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

  it('unwraps the envelope once: endpoints get data, the message and other blocks come in meta, failures stay whole', async () => {
    mockFetch((request) => {
      if (request.url === '/api/r/probe') return { body: { success: true, data: { id: 3 }, message: 'Found' } };
      if (request.url === '/api/r/probe-page')
        return { body: { success: true, data: [1, 2], message: 'Page', pagination: { current_page: 1, last_page: 2 } } };
      return undefined;
    });
    const s = store();
    expect(await s.dispatch(probeApi.endpoints.probeRead.initiate()).unwrap()).toEqual({ id: 3 });
    expect(await s.dispatch(probeApi.endpoints.probePage.initiate()).unwrap()).toEqual({
      data: [1, 2],
      pagination: { current_page: 1, last_page: 2 },
      message: 'Page',
    });
    mockFetch(() => ({ status: 422, body: { success: false, message: 'Bad', errors: { value: ['Wrong'] } } }));
    await expect(s.dispatch(probeApi.endpoints.probeWrite.initiate({ method: 'POST' })).unwrap()).rejects.toEqual({
      status: 422,
      data: { success: false, message: 'Bad', errors: { value: ['Wrong'] } },
    });
  });
});
