import { fireEvent, screen } from '@testing-library/react';
import type { AdminBadge } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import * as outline from '../testing/outline-steps';
import { screenOutline } from '../../test/screen-outline';
import BadgesAdminPage from './badges-page';

const badges: AdminBadge[] = [
  {
    id: 1,
    name: 'Level 10',
    icon: '🔟',
    description: 'Reached level 10',
    rule: { counter: 'level', threshold: 10 },
    holders_count: 1500,
    created_at: '2026-11-01T00:00:00.000Z',
  },
  { id: 2, name: 'Founder', icon: null, description: '', rule: null, holders_count: 2, created_at: '2026-11-02T00:00:00.000Z' },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Badges screen outline', () => {
  it('list, new form with its errors, edit forms with and without a rule, delete confirmation', async () => {
    mockFetch(outline.answerList('/api/admin/badges', badges));
    await outline.recordList(<BadgesAdminPage />);
    await outline.recordNewFormErrors('Add Badge', 'Create Badge', 'The name field is required.');
    fireEvent.change(screen.getByLabelText('Rule: counter'), { target: { value: 'level' } });
    fireEvent.change(screen.getByLabelText('Rule: threshold'), { target: { value: '' } });
    outline.clickButton('Create Badge');
    await screen.findByText('The threshold must be a number.');
    expect(screenOutline()).toMatchSnapshot('new form with a rule and its error');
    outline.recordEditForm('Level 10', 'edit form with a rule');
    outline.recordEditForm('Founder', 'edit form without a rule');
    outline.recordConfirmation('Delete Level 10', 'delete confirmation');
  });

  outline.itRecordsEmptyAndFailedLists(() => <BadgesAdminPage />, 'No badges yet.', 'Failed to load badges.');
});
