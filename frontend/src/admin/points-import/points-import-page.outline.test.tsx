import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { batch } from '../../test/points-import-fixtures';
import { screenOutline } from '../../test/screen-outline';
import PointsImportPage from './points-import-page';
import * as outline from '../testing/outline-steps';
import { refusedAnswer } from '../testing/fetch-mocks';

const FILE = 'Kick name,Points\nluke,1200\n';
// What a person meets on the screen, recorded before its form read the contract and compared since.
describe('Import points screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('the file form, its CSV columns, an empty column name refused, the batches', async () => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/admin/points-imports?page='))
        return { body: { success: true, data: [batch], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (url.startsWith('/api/admin/points-imports/dry-run?')) return refusedAnswer({ points_column: ['Name the points column'] });
      return undefined;
    });
    outline.renderAsAdmin(<PointsImportPage />);
    await screen.findByRole('cell', { name: '#3' }, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('streamelements');
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'csv' } });
    fireEvent.change(screen.getByLabelText('Points column'), { target: { value: '' } });
    const file = new File([FILE], 'points.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(FILE) });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dry run' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText('Name the points column', {}, { timeout: 5000 });
    expect(screenOutline(screen.getByRole('region', { name: 'Import file' }))).toMatchSnapshot('csv with an empty column');
  }, 30_000);
});
