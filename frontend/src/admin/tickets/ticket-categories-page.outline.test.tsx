import type { AdminTicketCategory } from '@kickback/contracts';
import * as outline from '../testing/outline-steps';
import TicketCategoriesPage from './ticket-categories-page';

const categories: AdminTicketCategory[] = [
  { id: 1, name: 'Account', description: 'Login and profile', position: 1, active: true },
  { id: 2, name: 'Old', description: '', position: 2, active: false },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Ticket Categories screen outline', () => {
  outline.itRecordsCatalogueWalk(() => <TicketCategoriesPage />, {
    answer: outline.answerList('/api/admin/ticket-categories', categories),
    add: 'Add Category',
    submit: 'Create Category',
    firstError: 'The name field is required.',
    row: 'Account',
    remove: 'Archive',
  });

  outline.itRecordsEmptyAndFailedLists(() => <TicketCategoriesPage />, /No categories yet/, 'Failed to load categories.');
});
