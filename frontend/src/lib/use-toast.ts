import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { registerToastAction } from './toast-actions';
import { showToast, type ToastType } from './toasts-slice';

export type ToastApi = Record<ToastType, (message: string) => void> & {
  /** A success toast with one button ("Undo"): pressing it runs `run` once and closes the toast. */
  successWithAction: (message: string, actionLabel: string, run: () => void) => void;
};

export function useToast(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      success: (message) => dispatch(showToast({ type: 'success', message })),
      error: (message) => dispatch(showToast({ type: 'error', message })),
      warning: (message) => dispatch(showToast({ type: 'warning', message })),
      info: (message) => dispatch(showToast({ type: 'info', message })),
      successWithAction: (message, actionLabel, run) => {
        const shown = dispatch(showToast({ type: 'success', message, actionLabel }));
        registerToastAction(shown.payload.id, run);
      },
    }),
    [dispatch],
  );
}
