import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPY_CONFIRMATION_MS, CopyCodeButton } from './copy-code-button';

describe('CopyCodeButton', () => {
  const writeText = jest.fn<Promise<void>, [string]>();

  beforeEach(() => {
    jest.useFakeTimers();
    writeText.mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => jest.useRealTimers());

  it('copies the code and confirms with Copied! for 2000 ms', async () => {
    render(<CopyCodeButton code="SPINCITY" context="Stake" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code for Stake' }));
    });

    expect(writeText).toHaveBeenCalledWith('SPINCITY');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByText('Code SPINCITY copied to clipboard')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy Code for Stake' })).toBeInTheDocument();
    expect(COPY_CONFIRMATION_MS).toBe(2000);
  });

  it('still confirms when the clipboard API is unavailable', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    render(<CopyCodeButton code="ABC" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });
});
