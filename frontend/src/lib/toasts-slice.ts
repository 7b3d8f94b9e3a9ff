import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** SPEC §9: every toast stays 5000 ms unless closed earlier. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** A button in the toast ("Undo"); what it runs is kept beside the store (toast-actions.ts), as the store holds data only. */
  actionLabel?: string;
}

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(payload: { type: ToastType; message: string; actionLabel?: string }) {
        return { payload: { id: nanoid(), ...payload } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { showToast, dismissToast } = toastsSlice.actions;
export const selectToasts = (state: { toasts: ToastsState }): Toast[] => state.toasts.items;
