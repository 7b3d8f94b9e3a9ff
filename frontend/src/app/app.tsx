import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from './store';
import { RouteObjects } from '../lib/route-objects';
import { routes } from './router';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        {/* The declarative router: see ScrollRestoration for why not the data router. */}
        <RouteObjects routes={routes} />
      </BrowserRouter>
    </Provider>
  );
}
