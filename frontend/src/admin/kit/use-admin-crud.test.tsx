import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useAdminCrud } from './use-admin-crud';

interface Thing {
  id: number;
  name: string;
}

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

function ThingsPage({ calls }: { calls: { create: jest.Mock; update: jest.Mock; remove: jest.Mock } }) {
  const crud = useAdminCrud<Thing, { name: string }>({
    nameOf: (value) => value.name,
    create: calls.create,
    update: calls.update,
    remove: calls.remove,
    texts: { saved: 'saved', removed: 'deleted', saveFailed: 'Failed to save thing', removeFailed: 'Failed to delete thing' },
  });
  return (
    <div>
      <p>editing: {crud.form.editing ? (crud.form.editingItem?.name ?? 'new') : 'none'}</p>
      <p>errors: {JSON.stringify(crud.form.serverErrors)}</p>
      <button onClick={() => crud.form.open({ mode: 'create' })}>New</button>
      <button onClick={() => crud.form.open({ mode: 'edit', item: { id: 1, name: 'Old' } })}>Edit</button>
      <button onClick={() => void crud.save({ name: 'Mug' })}>Save</button>
      <button onClick={() => crud.askDelete({ id: 1, name: 'Old' })}>Delete</button>
      <button onClick={() => void crud.confirmDelete()}>Confirm</button>
    </div>
  );
}

describe('useAdminCrud', () => {
  it('creates or updates with the right call and toast, closes the form, and shows field errors of a failed save', async () => {
    const calls = { create: jest.fn().mockResolvedValue({}), update: jest.fn().mockResolvedValue({}), remove: jest.fn() };
    const { store } = renderWithProviders(<ThingsPage calls={calls} />, { user: adminFixture });
    fireEvent.click(screen.getByText('New'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(toasts(store)).toContain('success: Mug created'));
    expect(calls.create).toHaveBeenCalledWith({ name: 'Mug' });
    expect(screen.getByText('editing: none')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Edit'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(toasts(store)).toContain('success: Mug saved'));
    expect(calls.update).toHaveBeenCalledWith({ id: 1, name: 'Old' }, { name: 'Mug' });

    calls.create.mockRejectedValueOnce({ status: 422, data: { success: false, message: 'Name taken', errors: { name: ['Name taken'] } } });
    fireEvent.click(screen.getByText('New'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(toasts(store)).toContain('error: Name taken'));
    expect(screen.getByText('editing: new')).toBeInTheDocument();
    expect(screen.getByText('errors: {"name":"Name taken"}')).toBeInTheDocument();
  });

  it("deletes after confirmation; the server's own message wins, a failure toasts the fallback", async () => {
    const calls = {
      create: jest.fn(),
      update: jest.fn(),
      remove: jest.fn().mockResolvedValueOnce('Kept, but archived.').mockRejectedValueOnce(new Error('x')),
    };
    const { store } = renderWithProviders(<ThingsPage calls={calls} />, { user: adminFixture });
    fireEvent.click(screen.getByText('Confirm'));
    expect(calls.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Delete'));
    await act(async () => fireEvent.click(screen.getByText('Confirm')));
    await waitFor(() => expect(toasts(store)).toContain('success: Kept, but archived.'));
    fireEvent.click(screen.getByText('Delete'));
    await act(async () => fireEvent.click(screen.getByText('Confirm')));
    await waitFor(() => expect(toasts(store)).toContain('error: Failed to delete thing'));
  });
});
