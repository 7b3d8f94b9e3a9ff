import { useSelector } from 'react-redux';
import type { CurrentUser } from '@kickback/contracts';
import { selectAuthLoading, selectCurrentUser, type SessionState } from './session-slice';

/** Session hooks for features, which may not import the app's typed hooks. */
export const useCurrentUser = (): CurrentUser | null => useSelector((state: { session: SessionState }) => selectCurrentUser(state));
export const useAuthLoading = (): boolean => useSelector((state: { session: SessionState }) => selectAuthLoading(state));
