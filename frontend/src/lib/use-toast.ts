import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { showToast, type ToastType } from './toasts-slice';

export type ToastApi = Record<ToastType, (message: string) => void>;

export function useToast(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      success: (message) => dispatch(showToast({ type: 'success', message })),
      error: (message) => dispatch(showToast({ type: 'error', message })),
      warning: (message) => dispatch(showToast({ type: 'warning', message })),
      info: (message) => dispatch(showToast({ type: 'info', message })),
    }),
    [dispatch],
  );
}
