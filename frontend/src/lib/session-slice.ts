import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
    /** A screen changed the user on the server (settings); other screens read the fresh copy at once. */
    sessionUserUpdated(state, action: PayloadAction<Partial<CurrentUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
  },
});

export const { authResolved, sessionUserUpdated } = sessionSlice.actions;

interface WithSession {
  session: SessionState;
}

export const selectCurrentUser = (state: WithSession): CurrentUser | null => state.session.user;
export const selectIsAdmin = (state: WithSession): boolean => state.session.user?.role === 'Admin';
export const selectCsrfToken = (state: WithSession): string => state.session.csrfToken;
export const selectAuthLoading = (state: WithSession): boolean => state.session.authLoading;
