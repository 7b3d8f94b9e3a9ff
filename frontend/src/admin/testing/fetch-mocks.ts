import { mockFetch, type MockHandler, type TestRequest } from '../../test/fetch-polyfill';

/** mockFetch that also keeps every request in order, for a test to read what the screen sent. */
export function recordFetches(handler: MockHandler): TestRequest[] {
  const requests: TestRequest[] = [];
  mockFetch((request) => {
    requests.push(request);
    return handler(request);
  });
  return requests;
}

/** What the server answers a body its validation refuses: 422 with the messages by field. */
export const refusedAnswer = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { success: false, message: 'The given data was invalid.', errors },
});
