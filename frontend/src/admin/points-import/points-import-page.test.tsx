import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PointsImportBatch } from '@kickback/contracts';
import { adminFixture } from '../../test/fixtures';
import { batch, preview } from '../../test/points-import-fixtures';
import { renderWithProviders } from '../../test/render';
import PointsImportPage from './points-import-page';
import { recordFetches } from '../testing/fetch-mocks';

const FILE = 'Kick name,Points\nluke,1200\nnewbie,40\n';

const page = { current_page: 1, last_page: 1, per_page: 25, total: 1 };

describe('PointsImportPage', () => {
  it('names a missing column under its field, then shows the dry run and applies the same file and columns', async () => {
    const batches: PointsImportBatch[] = [];
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/admin/points-imports?page=')) return { body: { success: true, data: batches, pagination: page } };
      if (request.url.startsWith('/api/admin/points-imports/dry-run?')) {
        if (request.url.includes('username_column=username'))
          return {
            status: 422,
            body: {
              success: false,
              message: 'The columns are not in the file.',
              errors: { username_column: ['The file\u2019s header has no "username" column.'] },
            },
          };
        return { body: { success: true, data: preview } };
      }
      if (request.url.startsWith('/api/admin/points-imports?format=')) {
        batches.push(batch);
        return {
          status: 201,
          body: {
            success: true,
            data: { applied: true, batch },
            message: 'Imported 1,240 points for 2 Kick names: 1 member credited, 1 name waits for a first login.',
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<PointsImportPage />, { user: adminFixture });
    expect(await screen.findByText('No points imported yet.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'csv' } });
    fireEvent.change(screen.getByLabelText('Points column'), { target: { value: 'Points' } });
    const file = new File([FILE], 'points.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(FILE) });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    const dryRun = screen.getByRole('button', { name: 'Dry run' });
    await waitFor(() => expect(dryRun).toBeEnabled());
    fireEvent.click(dryRun);
    expect(await screen.findByText('The file\u2019s header has no "username" column.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Username column'), { target: { value: 'Kick name' } });
    fireEvent.click(dryRun);
    const totals = await screen.findByRole('list', { name: 'Dry run totals' });
    expect(totals).toHaveTextContent('1 member matched: 1,200 points credited at once');
    expect(totals).toHaveTextContent('1 Kick name without an account yet: 40 points waiting for their first login');
    expect(within(screen.getByRole('table', { name: 'Matched members' })).getByText('LuckyLuke')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    // Applied: the dry run is gone and the batch is listed.
    expect(await screen.findByRole('cell', { name: '#3' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Dry run totals' })).toBeNull();

    const uploads = requests.filter((r) => r.method === 'POST');
    expect(uploads.map((r) => r.url)).toEqual([
      '/api/admin/points-imports/dry-run?format=csv&username_column=username&points_column=Points',
      '/api/admin/points-imports/dry-run?format=csv&username_column=Kick+name&points_column=Points',
      '/api/admin/points-imports?format=csv&username_column=Kick+name&points_column=Points',
    ]);
    expect(uploads.every((r) => r.body === FILE && r.headers.get('content-type') === 'text/csv')).toBe(true);
  });
});
