import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contestTemplateFixture } from '../../test/contest-fixtures';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ContestTemplatesPage from './contest-templates-page';
import { recordFetches } from '../../test/fetch-mocks';

const hunt = contestTemplateFixture(1, 'Hunt profit', 'Does the hunt finish in profit?');

describe('ContestTemplatesPage', () => {
  it('lists templates, refuses a maximum under the minimum, creates one by hand-closing, edits one and deletes one', async () => {
    const requests = recordFetches((request) => {
      const { url, method } = request;
      if (url === '/api/admin/contest-templates' && method === 'GET') return { body: { success: true, data: [hunt] } };
      if (url === '/api/admin/contest-templates' && method === 'POST')
        return { status: 201, body: { success: true, data: { id: 2, ...JSON.parse(String(request.body)) } } };
      if (url === '/api/admin/contest-templates/1' && method === 'PUT')
        return { body: { success: true, data: { id: 1, ...JSON.parse(String(request.body)) } } };
      if (url === '/api/admin/contest-templates/1' && method === 'DELETE') return { body: { success: true, data: null } };
      return undefined;
    });
    renderWithProviders(<ContestTemplatesPage />, { user: adminFixture });
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Yes / No')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10–500 points')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('120 seconds')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add Template' }));
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Best slot' } });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Which slot pays best?' } });
    fireEvent.change(screen.getByLabelText('Options'), { target: { value: 'Gates\n\nBonanza\nSugar Rush\n' } });
    fireEvent.change(screen.getByLabelText('Minimum stake (points)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Maximum stake (points)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Must be at least the minimum.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Maximum stake (points)'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.method === 'POST')!.body))).toEqual({
      name: 'Best slot',
      question: 'Which slot pays best?',
      options: ['Gates', 'Bonanza', 'Sugar Rush'],
      min_stake: 50,
      max_stake: 1000,
      window_seconds: null,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Hunt profit' }));
    expect(screen.getByLabelText('Options')).toHaveValue('Yes\nNo');
    fireEvent.change(screen.getByLabelText('Betting window (seconds)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.method === 'PUT')!.body))).toEqual({
      name: 'Hunt profit',
      question: 'Does the hunt finish in profit?',
      options: ['Yes', 'No'],
      min_stake: 10,
      max_stake: 500,
      window_seconds: 300,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hunt profit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
