import { createSlice } from '@reduxjs/toolkit';
import type { CurrentUser } from '@kickback/contracts';

export interface SessionState {
  user: CurrentUser | null;
  csrfToken: string;
  /** True until the shell knows who is logged in; the loader covers the page meanwhile. */
  authLoading: boolean;
}

export const initialSessionState: SessionState = { user: null, csrfToken: '', authLoading: true };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    authResolved(state) {
      state.authLoading = false;
    },
  },
});

export const { authResolved } = sessionSlice.actions;

interface WithSession {
  session: SessionState;
}

export const selectCurrentUser = (state: WithSession): CurrentUser | null => state.session.user;
export const selectIsAdmin = (state: WithSession): boolean => state.session.user?.role === 'Admin';
export const selectCsrfToken = (state: WithSession): string => state.session.csrfToken;
export const selectAuthLoading = (state: WithSession): boolean => state.session.authLoading;
