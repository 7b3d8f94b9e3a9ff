import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollRestoration } from './scroll-restoration';

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/b">To B</Link>
      <Link to="/c#part">To C's part</Link>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/a" element={<Page name="A" />} />
        <Route path="/b" element={<Page name="B" />} />
        <Route path="/c" element={<Page name="C" />} />
      </Routes>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollRestoration', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    sessionStorage.clear();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('opens a new page at its top and returns to the place the reader left on Back', async () => {
    renderAt('/a');
    scrollWindowTo(640);
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: 'To B' }));
    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindowTo(120);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'A' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('leaves a link to an #anchor to the page that owns the anchor', async () => {
    renderAt('/a');
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('link', { name: "To C's part" }));
    expect(await screen.findByRole('heading', { name: 'C' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the places across a reload of the tab', async () => {
    const first = renderAt('/a');
    scrollWindowTo(300);
    fireEvent.click(screen.getByRole('link', { name: 'To B' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    first.unmount();

    const stored = new Map(JSON.parse(sessionStorage.getItem('kickback:scroll-positions') ?? '[]') as [string, number][]);
    expect([...stored.values()]).toContain(300);
  });
});
