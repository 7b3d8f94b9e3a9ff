import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Pager } from './pager';
import { QueryStatus } from './query-status';
import { DataTable } from './data-table';
import { firstIssuePerField } from '../../lib/form-issues';
import { useEditingState } from '../../admin/kit/use-admin-crud';

describe('Pager', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pager label="User pages" page={1} lastPage={1} onPage={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('steps from the requested page and stops at both ends', () => {
    const onPage = jest.fn();
    const { rerender } = render(<Pager label="User pages" page={1} lastPage={3} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'User pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);

    rerender(<Pager label="User pages" page={3} lastPage={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});

describe('QueryStatus', () => {
  const texts = { loadingText: 'Loading users...', errorText: 'Failed to load users.', emptyText: 'No users found.' };

  it('announces loading and failure with the right roles', () => {
    render(<QueryStatus isLoading isError isEmpty={false} {...texts} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load users.');
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
  });

  it('shows the empty line only when the page says the list is empty', () => {
    render(<QueryStatus isLoading={false} isError={false} isEmpty {...texts} />);
    expect(screen.getByText('No users found.')).toHaveClass('admin-status');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('DataTable', () => {
  it('names the table by its caption and gives the actions column a screen-reader-only header', () => {
    render(
      <DataTable caption="Codes, free ones first" columns={['Code', 'Status']} actions card={false}>
        <tr>
          <td>ABC</td>
          <td>Available</td>
          <td />
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Codes, free ones first' });
    expect(table).toHaveClass('admin-table');
    expect(table.parentElement).toHaveClass('admin-table-wrap');
    expect(table.parentElement).not.toHaveClass('card');
    expect(table.parentElement).not.toHaveAttribute('aria-busy');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Code', 'Status', 'Actions']);
    expect(screen.getByText('Actions')).toHaveClass('visually-hidden');
  });
});

describe('useEditingState', () => {
  it('opens create and edit forms without the previous attempt’s errors', () => {
    const { result } = renderHook(() => useEditingState<{ id: number; name: string }>());
    expect(result.current.editing).toBeNull();

    act(() => result.current.open({ mode: 'create' }));
    expect(result.current.formKey).toBe('new');
    expect(result.current.editingItem).toBeNull();

    act(() =>
      result.current.showServerErrors({ status: 422, data: { success: false, message: 'Invalid', errors: { name: ['Too short'] } } }),
    );
    expect(result.current.serverErrors).toEqual({ name: 'Too short' });

    act(() => result.current.open({ mode: 'edit', item: { id: 7, name: 'Roobet' } }));
    expect(result.current.serverErrors).toEqual({});
    expect(result.current.formKey).toBe(7);
    expect(result.current.editingItem).toEqual({ id: 7, name: 'Roobet' });

    act(() => result.current.close());
    expect(result.current.editing).toBeNull();
  });
});

describe('firstIssuePerField', () => {
  it('keeps the first message per top-level field and files path-less issues under form', () => {
    expect(
      firstIssuePerField([
        { path: ['name'], message: 'Required' },
        { path: ['name'], message: 'Too long' },
        { path: ['benefits', 2], message: 'Too long' },
        { path: [], message: 'Broken' },
      ]),
    ).toEqual({ name: 'Required', benefits: 'Too long', form: 'Broken' });
  });
});
