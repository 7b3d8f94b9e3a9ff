/**
 * jsdom has no Fetch API. These small stand-ins are enough for RTK Query's fetchBaseQuery, so tests
 * run the real endpoints against answers given by `mockFetch` instead of a server.
 */
type HeadersInput = TestHeaders | Record<string, string> | Array<[string, string]> | undefined;

export class TestHeaders {
  private readonly map = new Map<string, string>();

  constructor(init?: HeadersInput) {
    if (init instanceof TestHeaders) init.forEach((value, key) => this.set(key, value));
    else if (Array.isArray(init)) init.forEach(([key, value]) => this.set(key, value));
    else if (init) Object.entries(init).forEach(([key, value]) => value !== undefined && this.set(key, String(value)));
  }

  set(key: string, value: string): void {
    this.map.set(key.toLowerCase(), String(value));
  }

  append(key: string, value: string): void {
    this.set(key, value);
  }

  get(key: string): string | null {
    return this.map.get(key.toLowerCase()) ?? null;
  }

  has(key: string): boolean {
    return this.map.has(key.toLowerCase());
  }

  delete(key: string): void {
    this.map.delete(key.toLowerCase());
  }

  forEach(callback: (value: string, key: string, headers: TestHeaders) => void): void {
    this.map.forEach((value, key) => callback(value, key, this));
  }

  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

interface RequestInitLike {
  method?: string;
  headers?: HeadersInput;
  body?: unknown;
  credentials?: string;
  signal?: AbortSignal;
}

export class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: TestHeaders;
  readonly body: unknown;
  readonly credentials: string | undefined;
  readonly signal: AbortSignal | undefined;

  constructor(url: string | TestRequest, init: RequestInitLike = {}) {
    this.url = typeof url === 'string' ? url : url.url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new TestHeaders(init.headers);
    this.body = init.body ?? null;
    this.credentials = init.credentials;
    this.signal = init.signal;
  }

  clone(): TestRequest {
    return new TestRequest(this.url, this);
  }
}

export class TestResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: TestHeaders;
  readonly type = 'basic';
  private readonly text_: string;

  constructor(body: string, init: { status?: number; headers?: Record<string, string> } = {}) {
    this.text_ = body;
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new TestHeaders({ 'content-type': 'application/json', ...init.headers });
  }

  text(): Promise<string> {
    return Promise.resolve(this.text_);
  }

  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.text_));
  }

  clone(): TestResponse {
    return new TestResponse(this.text_, { status: this.status });
  }
}

export type MockAnswer = { status?: number; body: unknown };
export type MockHandler = (request: TestRequest) => MockAnswer | undefined;

/** What a server that is down answers: a page's failed state. */
export const SERVER_ERROR: MockAnswer = { status: 500, body: { success: false, message: 'Server error' } };

/**
 * One route that fails until the test calls `recover()`, then answers `answer()`: a page's failed state and its Try
 * again. Any other request fails the test, as with mockFetch.
 */
export function failingUntilRecovered(url: string, answer: () => MockAnswer): { recover: () => void } {
  let failing = true;
  mockFetch((r) => (r.url === url ? (failing ? SERVER_ERROR : answer()) : undefined));
  return {
    recover: () => {
      failing = false;
    },
  };
}

/** Answers fetch calls from `handler`; a call it does not answer fails the test loudly. */
export function mockFetch(handler: MockHandler): jest.Mock<Promise<TestResponse>, [TestRequest | string, RequestInitLike?]> {
  const fetchMock = jest.fn(async (input: TestRequest | string, init?: RequestInitLike) => {
    // RTK Query passes a Request; plain helpers (logout) pass a URL and options.
    const request = typeof input === 'string' ? new TestRequest(input, init) : input;
    const answer = handler(request);
    if (!answer) throw new Error(`Unexpected request in test: ${request.method} ${request.url}`);
    return new TestResponse(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

export function installFetchPolyfill(): void {
  Object.assign(globalThis, {
    Headers: TestHeaders,
    Request: TestRequest,
    Response: TestResponse,
    fetch: (input: TestRequest | string) =>
      Promise.reject(new Error(`Network is disabled in tests: ${typeof input === 'string' ? input : `${input.method} ${input.url}`}`)),
  });
}
