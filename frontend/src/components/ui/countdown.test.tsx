import { act, render, screen } from '@testing-library/react';
import { Countdown } from './countdown';

describe('Countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => jest.useRealTimers());

  it('ticks every second and shows Ended when the time is up', () => {
    const end = Date.now() + 62_000;
    render(<Countdown endMs={end} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('00days00hrs01min02sec');

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('01min01sec');

    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it('shows Ended straight away for a past end time', () => {
    render(<Countdown endMs={Date.now() - 1} />);
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });
});
