import { act, render, screen } from '@testing-library/react';
import { CONTENT_REVEAL_DELAY_MS, LOADER_FADE_MS, LoadingGate } from './loading-gate';

const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('LoadingGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the site name and Loading... with progress growing 2% every 20 ms up to 100', () => {
    render(
      <LoadingGate loading siteName="Spin City" loaderStyle="bar">
        <p>Page content</p>
      </LoadingGate>,
    );
    expect(screen.getByTestId('loading-screen')).toHaveTextContent('Spin City');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(progress()).toBe(0);

    act(() => jest.advanceTimersByTime(20));
    expect(progress()).toBe(2);
    act(() => jest.advanceTimersByTime(180));
    expect(progress()).toBe(20);
    act(() => jest.advanceTimersByTime(5000));
    expect(progress()).toBe(100);
  });

  it('reveals the content 100 ms after loading ends', () => {
    const { rerender, container } = render(
      <LoadingGate loading siteName="Spin City" loaderStyle="spinner">
        <p>Page content</p>
      </LoadingGate>,
    );
    const content = container.querySelector('.app-content')!;
    expect(content).toHaveAttribute('aria-hidden', 'true');

    rerender(
      <LoadingGate loading={false} siteName="Spin City" loaderStyle="spinner">
        <p>Page content</p>
      </LoadingGate>,
    );
    act(() => jest.advanceTimersByTime(CONTENT_REVEAL_DELAY_MS - 1));
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();

    expect(content).not.toHaveClass('app-content--visible');

    act(() => jest.advanceTimersByTime(1));
    expect(content).toHaveClass('app-content--visible');
    expect(content).toHaveAttribute('aria-hidden', 'false');
    // The loader fades away over the content, then leaves the DOM.
    expect(screen.getByTestId('loading-screen')).toHaveClass('loading-screen--leaving');
    act(() => jest.advanceTimersByTime(LOADER_FADE_MS));
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(CONTENT_REVEAL_DELAY_MS).toBe(100);
  });

  it('falls back to the given product name', () => {
    render(
      <LoadingGate loading siteName="Kickback" loaderStyle="pulse">
        <p>Page content</p>
      </LoadingGate>,
    );
    expect(screen.getByTestId('loading-screen')).toHaveTextContent('Kickback');
  });
});
