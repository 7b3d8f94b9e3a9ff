import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { dismissToast, selectToasts, TOAST_DURATION_MS, type Toast } from '../../lib/toasts-slice';
import { forgetToastAction, runToastAction } from '../../lib/toast-actions';
import './toaster.css';

const TOAST_ICONS: Record<Toast['type'], string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const dismiss = () => {
    forgetToastAction(toast.id);
    dispatch(dismissToast(toast.id));
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      forgetToastAction(toast.id);
      dispatch(dismissToast(toast.id));
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);

  return (
    // The live role sits inside the item: an item with a role of its own is no list item any more.
    <li className={`toast toast--${toast.type}`} data-toast-type={toast.type}>
      <div className="toast__body" role={toast.type === 'error' ? 'alert' : 'status'}>
        <span className="toast__icon" aria-hidden="true">
          {TOAST_ICONS[toast.type]}
        </span>
        <span className="toast__message">{toast.message}</span>
      </div>
      {toast.actionLabel && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            runToastAction(toast.id);
            dispatch(dismissToast(toast.id));
          }}
        >
          {toast.actionLabel}
        </button>
      )}
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismiss}>
        ×
      </button>
    </li>
  );
}

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <section aria-label="Notifications">
      <ol className="toaster">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
