import { fireEvent, screen, waitFor } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SlotImportPanel } from './slot-import-panel';
import { recordFetches } from '../testing/fetch-mocks';

const FILE = 'name,provider\nGates of Olympus,Pragmatic Play\n';

describe('SlotImportPanel', () => {
  it('reads the chosen file, sends it for a dry run and names the file’s error under the picker', async () => {
    const requests = recordFetches(() => {
      return { status: 422, body: { success: false, message: 'The file has no rows.', errors: { file: ['The file has no rows.'] } } };
    });
    renderWithProviders(<SlotImportPanel />, { user: adminFixture });
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    const file = new File([FILE], 'slots.csv', { type: 'text/csv' });
    // jsdom's File has no text(); a browser's reads the file.
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(FILE) });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dry run' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('The file has no rows.', { selector: '.field-error' })).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveAccessibleDescription('The file has no rows.');
    expect(requests[0]).toMatchObject({ method: 'POST', body: FILE });
    expect(requests[0]!.url).toMatch(/\/import\/dry-run\?format=csv$/);
  });
});
