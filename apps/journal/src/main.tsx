import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { recordBootLocation } from './boot-location';
import { fragmentRedirect } from './fragment';

// Before supabase-js reads the URL (it does when ./app creates the client): an auth fragment on / belongs to
// /reset-password (spec §2).
const redirect = fragmentRedirect(window.location);
if (redirect) window.history.replaceState(null, '', redirect);
recordBootLocation(window.location);

void import('./app').then(({ App }) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
