import { useState } from 'react';
import { fieldErrors } from '../../lib/api-error';

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
