import { act, fireEvent, screen } from '@testing-library/react';
import { showToast, TOAST_DURATION_MS } from '../../lib/toasts-slice';
import { registerToastAction } from '../../lib/toast-actions';
import { renderWithProviders } from '../../test/render';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows all four toast types', () => {
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(showToast({ type: 'success', message: 'Item redeemed successfully!' }));
      store.dispatch(showToast({ type: 'error', message: 'Failed to redeem item' }));
      store.dispatch(showToast({ type: 'warning', message: 'Connect your Kick account to continue' }));
      store.dispatch(showToast({ type: 'info', message: 'New raffle started' }));
    });
    expect(screen.getByText('Item redeemed successfully!').closest('li')).toHaveAttribute('data-toast-type', 'success');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to redeem item');
    expect(screen.getByText('Connect your Kick account to continue').closest('li')).toHaveAttribute('data-toast-type', 'warning');
    expect(screen.getByText('New raffle started').closest('li')).toHaveAttribute('data-toast-type', 'info');
    // Still a list of four items (a role on the item itself would hide that), each announcing its message.
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByRole('status')).toHaveLength(3);
  });

  it("runs a toast's action once when its button is pressed, and closes the toast", () => {
    const { store } = renderWithProviders(<Toaster />);
    const run = jest.fn();
    act(() => {
      const shown = store.dispatch(showToast({ type: 'success', message: 'Mental removed from Friday Hunt', actionLabel: 'Undo' }));
      registerToastAction(shown.payload.id, run);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Mental removed from Friday Hunt')).not.toBeInTheDocument();
  });

  it('dismisses each toast after 5000 ms', () => {
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(showToast({ type: 'success', message: 'First' }));
    });
    act(() => jest.advanceTimersByTime(2000));
    act(() => {
      store.dispatch(showToast({ type: 'info', message: 'Second' }));
    });

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 2001));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(store.getState().toasts.items).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('can be closed by hand', () => {
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(showToast({ type: 'warning', message: 'Careful' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });
});
