/** Leaving the SPA for a server route (/auth/kick); an object so tests can watch the call. */
export const fullPageNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
