// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionStatusContext } from '../data/auth-presence';
import { LANDING_REDIRECT_KEY, LandingRoute } from './marketing-page';

/** The landing route for a signed-in user, under React's StrictMode as in development (renders run twice). */
function openLanding() {
  render(
    <StrictMode>
      <SessionStatusContext.Provider value="signedIn">
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<LandingRoute />} />
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          </Routes>
        </MemoryRouter>
      </SessionStatusContext.Provider>
    </StrictMode>,
  );
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the landing page for a signed-in user (spec §2)', () => {
  it('goes to /dashboard the first time in the browser session, though every render runs twice', async () => {
    openLanding();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(sessionStorage.getItem(LANDING_REDIRECT_KEY)).toBe('true');
  });

  it('stays on the landing page once it has sent this session to /dashboard', async () => {
    sessionStorage.setItem(LANDING_REDIRECT_KEY, 'true');
    openLanding();
    expect(await screen.findByRole('heading', { level: 1, name: /trading journal/i })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });
});
