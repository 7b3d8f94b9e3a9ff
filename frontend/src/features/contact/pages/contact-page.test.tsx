import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import ContactPage from './contact-page';

type Answer = { status?: number; body: unknown };

/** Serves a new captcha on every GET and answers the contact POST with `contact`. */
function serve(contact: (request: TestRequest) => Answer, captcha: (n: number) => Answer | null = () => null) {
  const requests: TestRequest[] = [];
  let captchas = 0;
  const fetchMock = mockFetch((request) => {
    requests.push(request);
    if (request.url === '/api/r/captcha') {
      captchas += 1;
      return (
        captcha(captchas) ?? {
          body: { success: true, data: { token: `token-${captchas}`, image: `data:image/svg+xml;base64,${captchas}` } },
        }
      );
    }
    if (request.url === '/api/r/contact') return contact(request);
    return undefined;
  });
  return {
    fetchMock,
    requests,
    captchaCount: () => requests.filter((r) => r.url === '/api/r/captcha').length,
    posts: () => requests.filter((r) => r.url === '/api/r/contact').map((r) => JSON.parse(String(r.body)) as Record<string, string>),
  };
}

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillAndSend(answer = 'ab3de') {
  await screen.findByAltText('Verification code image');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
  fireEvent.change(input('Subject'), { target: { value: 'Sponsorship' } });
  fireEvent.change(input('Message'), { target: { value: 'Hello there' } });
  fireEvent.change(input('Verification code'), { target: { value: answer } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactPage', () => {
  it('renders every field as required, with an email input, and prefills the member', async () => {
    serve(() => ({ body: { success: true } }));
    renderWithProviders(<ContactPage />, { user: memberFixture });
    expect(input('Name')).toHaveValue('Lucky Lou');
    expect(input('Email')).toHaveValue('lou@example.com');
    expect(input('Email')).toHaveAttribute('type', 'email');
    for (const label of ['Name', 'Email', 'Subject', 'Message', 'Verification code']) expect(input(label)).toBeRequired();
    expect(await screen.findByAltText('Verification code image')).toHaveAttribute('src', 'data:image/svg+xml;base64,1');
  });

  it('leaves name and email empty for a visitor', async () => {
    serve(() => ({ body: { success: true } }));
    renderWithProviders(<ContactPage />, { user: null });
    expect(input('Name')).toHaveValue('');
    expect(input('Email')).toHaveValue('');
    await screen.findByAltText('Verification code image');
  });

  it('sends with the captcha token, shows Sending..., toasts the server message, resets to the user and reloads the captcha', async () => {
    const api = serve(() => ({ body: { success: true, message: 'Your message has been sent. We will get back to you soon.' } }));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    Object.assign(globalThis, {
      fetch: async (request: TestRequest) => {
        if (request.url === '/api/r/contact') await gate;
        return api.fetchMock(request);
      },
    });
    const { store } = renderWithProviders(<ContactPage />, { user: memberFixture });
    fireEvent.change(input('Name'), { target: { value: 'Lou (work)' } });
    await fillAndSend('AB3DE');

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(toasts(store)).toContain('success: Your message has been sent. We will get back to you soon.'));

    expect(api.posts()).toEqual([
      {
        name: 'Lou (work)',
        email: 'lou@example.com',
        subject: 'Sponsorship',
        message: 'Hello there',
        captcha_answer: 'AB3DE',
        captcha_token: 'token-1',
      },
    ]);
    expect(input('Name')).toHaveValue('Lucky Lou');
    expect(input('Subject')).toHaveValue('');
    expect(input('Message')).toHaveValue('');
    expect(input('Verification code')).toHaveValue('');
    await waitFor(() => expect(screen.getByAltText('Verification code image')).toHaveAttribute('src', 'data:image/svg+xml;base64,2'));
    expect(api.captchaCount()).toBe(2);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows the first server error under each field, toasts the server message and reloads the captcha', async () => {
    const api = serve(() => ({
      status: 422,
      body: {
        success: false,
        message: 'The verification code is incorrect or expired.',
        errors: {
          captcha_answer: ['The verification code is incorrect or expired.'],
          email: ['The email must be a valid email address.', 'second'],
          subject: ['The subject may not be longer than 150 characters.'],
        },
      },
    }));
    const { store } = renderWithProviders(<ContactPage />, { user: memberFixture });
    await fillAndSend();

    await waitFor(() => expect(toasts(store)).toContain('error: The verification code is incorrect or expired.'));
    expect(input('Email')).toHaveAccessibleDescription('The email must be a valid email address.');
    expect(input('Subject')).toHaveAccessibleDescription('The subject may not be longer than 150 characters.');
    expect(input('Verification code')).toHaveAccessibleDescription('The verification code is incorrect or expired.');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    // The typed text stays so the visitor can correct it; only the stale code goes.
    expect(input('Subject')).toHaveValue('Sponsorship');
    expect(input('Verification code')).toHaveValue('');
    await waitFor(() => expect(api.captchaCount()).toBe(2));

    fireEvent.change(input('Email'), { target: { value: 'lou@example.org' } });
    expect(input('Email')).not.toHaveAccessibleDescription('The email must be a valid email address.');
  });

  it('falls back to the SPEC text when the server gives no message', async () => {
    const api = serve(() => ({ status: 500, body: {} }));
    const { store } = renderWithProviders(<ContactPage />, { user: memberFixture });
    await fillAndSend();
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to send message. Please try again.'));
    await waitFor(() => expect(api.captchaCount()).toBe(2));
  });

  it('toasts a captcha load failure and loads a new image on Reload', async () => {
    const api = serve(
      () => ({ body: { success: true } }),
      (n) => (n === 1 ? { status: 500, body: {} } : null),
    );
    const { store } = renderWithProviders(<ContactPage />, { user: memberFixture });
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to load verification code'));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();

    fireEvent.change(input('Verification code'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load a new verification code' }));
    expect(await screen.findByAltText('Verification code image')).toHaveAttribute('src', 'data:image/svg+xml;base64,2');
    expect(input('Verification code')).toHaveValue('');
    expect(api.captchaCount()).toBe(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
  });
});
