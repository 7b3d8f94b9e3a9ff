import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { makeStoreFromPageData } from './app/store';
import { readPageData } from './lib/page-data';
import { applyTheme } from './lib/theme';
import { normalizeSettings } from './lib/site-api';
import './styles/global.css';

// The injected page data decides the session and warms the cache before anything renders.
const page = readPageData();
applyTheme(normalizeSettings(page.settings).theme);
const store = makeStoreFromPageData(page);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
