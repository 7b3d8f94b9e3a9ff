import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The ticket categories members pick from (admins only); changes also refresh the members' list. */
export const ticketCategoriesAdmin = crudEndpoints<AdminTicketCategory, TicketCategoryInput>({
  name: 'adminTicketCategories',
  url: '/api/admin/ticket-categories',
  tag: { type: 'TicketCategories', id: 'ADMIN' },
});
