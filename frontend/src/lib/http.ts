/**
 * The few calls that are not JSON APIs and so bypass RTK Query. They still need the CSRF header
 * the base query adds to API calls.
 */
export async function postLogout(csrfToken: string): Promise<boolean> {
  try {
    const response = await fetch('/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-TOKEN': csrfToken },
      // The server answers with a redirect to /; the client navigates itself.
      redirect: 'manual',
    });
    return response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  }
}

/** The same page again from the server: what it renders (its injected data) changed, as after the age question. */
export function reloadPage(): void {
  window.location.reload();
}

/** Pages that live outside the SPA (login, admin) need a real navigation, not a router push. */
export function fullPageLoad(path: string, replace = false): void {
  if (replace) window.location.replace(path);
  else window.location.assign(path);
}
