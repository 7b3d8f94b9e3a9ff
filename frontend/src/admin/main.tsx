import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStoreFromPageData } from '../app/store';
import { readPageData } from '../lib/page-data';
import { authResolved } from '../lib/session-slice';
import { AdminApp } from './admin-app';
import '../styles/global.css';
import './admin.css';

const page = readPageData();
const store = makeStoreFromPageData(page);
// The admin page has no loading screen: the server only serves it to a known session.
store.dispatch(authResolved());

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AdminApp store={store} />
    </StrictMode>,
  );
}
