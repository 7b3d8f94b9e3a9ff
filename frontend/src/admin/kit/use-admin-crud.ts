import { useState } from 'react';
import { useToast } from '../../lib/use-toast';
import { errorMessage, fieldErrors } from '../../lib/api-error';

export type Editing<T> = { mode: 'create' } | { mode: 'edit'; item: T } | null;

/**
 * Which create/edit form is open and the server's field errors for it.
 * Opening a form starts it without the errors of the previous attempt.
 */
export function useEditingState<T extends { id: number }>() {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const editingItem = editing?.mode === 'edit' ? editing.item : null;
  return {
    editing,
    /** The record being edited, null while creating or closed. */
    editingItem,
    /** Remounts the form when switching records so its local state starts fresh. */
    formKey: editingItem ? editingItem.id : 'new',
    serverErrors,
    open: (next: Exclude<Editing<T>, null>) => {
      setServerErrors({});
      setEditing(next);
    },
    close: () => setEditing(null),
    /** Shows the field errors of a failed save next to the inputs. */
    showServerErrors: (error: unknown) => setServerErrors(fieldErrors(error)),
  };
}

/** What an admin list page says and calls; the texts are the page's own (SPEC-facing toasts stay as they were). */
interface AdminCrudOptions<T, Input> {
  /** Shown in toasts: the record's name ("Gift Card created"). */
  nameOf: (value: T | Input) => string;
  create: (input: Input) => Promise<unknown>;
  update: (item: T, input: Input) => Promise<unknown>;
  /** May answer the server's message, which then is the success toast. */
  remove: (item: T) => Promise<unknown>;
  texts: { saved: string; removed: string; saveFailed: string; removeFailed: string };
  afterRemove?: (item: T) => void;
}

/**
 * The create/edit form, the delete confirmation and any one-off action of an admin list page: toasts on
 * success, the server's words (and field errors under the inputs) on failure.
 */
export function useAdminCrud<T extends { id: number }, Input>(options: AdminCrudOptions<T, Input>) {
  const toast = useToast();
  const form = useEditingState<T>();
  const [deleting, setDeleting] = useState<T | null>(null);

  const save = async (input: Input) => {
    try {
      if (form.editingItem) {
        await options.update(form.editingItem, input);
        toast.success(`${options.nameOf(input)} ${options.texts.saved}`);
      } else {
        await options.create(input);
        toast.success(`${options.nameOf(input)} created`);
      }
      form.close();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, options.texts.saveFailed));
    }
  };

  const confirmDelete = async () => {
    const item = deleting;
    if (!item) return;
    try {
      const answer = await options.remove(item);
      toast.success(typeof answer === 'string' ? answer : `${options.nameOf(item)} ${options.texts.removed}`);
      if (form.editingItem?.id === item.id) form.close();
      options.afterRemove?.(item);
    } catch (error) {
      toast.error(errorMessage(error, options.texts.removeFailed));
    } finally {
      setDeleting(null);
    }
  };

  return { form, save, deleting, askDelete: setDeleting, cancelDelete: () => setDeleting(null), confirmDelete };
}

/** What a success toast says: fixed, or read from the server's answer (a message that names the amount). */
type SuccessText<T> = string | ((result: T) => string);

/** A one-off admin action (process, refund, mark as read): its toast on success, the server's words on failure. */
export function useAdminAction() {
  const toast = useToast();
  return async <T>(run: () => Promise<T>, success: SuccessText<T>, failure: string): Promise<boolean> => {
    try {
      const result = await run();
      toast.success(typeof success === 'function' ? success(result) : success);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, failure));
      return false;
    }
  };
}

/** A page's own form sent to the server: its toasts, and the server's field errors kept for the inputs until the next try. */
export function useAdminSubmit() {
  const act = useAdminAction();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const submit = <T>(run: () => Promise<T>, success: SuccessText<T>, failure: string) => {
    setServerErrors({});
    return act(
      () =>
        run().catch((error: unknown): never => {
          setServerErrors(fieldErrors(error));
          throw error;
        }),
      success,
      failure,
    );
  };
  return { serverErrors, submit };
}
