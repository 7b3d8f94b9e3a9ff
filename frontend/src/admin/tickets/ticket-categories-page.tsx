import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { ticketCategoryInputSchema } from '@kickback/contracts/api/tickets';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { ticketCategoriesAdmin } from './admin-ticket-categories-api';

/** The categories members file support tickets under: list, create, edit, and archive (never delete one in use). */
const ticketCategories: CatalogueResource<AdminTicketCategory, TicketCategoryInput> = {
  title: 'Ticket Categories',
  ...catalogueWords('Category', 'updated', 'archived'),
  endpoints: ticketCategoriesAdmin,
  texts: listTexts(
    'categories',
    'No categories yet. Members need at least one to open a ticket.',
    "Ticket categories in the members' order",
  ),
  // A delete answers "deleted" or "in use and deactivated": that message is the toast.
  columns: [
    { header: 'Order', cell: (category) => category.position },
    { header: 'Name', cell: (category) => category.name, rowHeader: true },
    { header: 'Description', cell: (category) => category.description || '—' },
    { header: 'Status', cell: (category) => (category.active ? 'Active' : 'Archived') },
  ],
  form: {
    schema: ticketCategoryInputSchema,
    layout: [
      ['name', { name: 'position', label: 'Order', hint: "Lower numbers come first in the member's list." }],
      'description',
      { name: 'active', label: 'Active (members can choose it for new tickets)' },
    ],
    texts: formTexts('Category', (category) => category.name),
    // A new category goes after the last one.
    defaults: (categories) => ({ position: categories.reduce((max, c) => Math.max(max, c.position), 0) + 1 }),
  },
  remove: {
    label: 'Archive',
    when: (category) => category.active,
    title: 'Archive category?',
    message: (category) =>
      `Members can no longer choose ${category.name}. If tickets use it, it is kept (inactive) with them; if none do, it is removed.`,
  },
};

export default function TicketCategoriesPage() {
  return <CataloguePage resource={ticketCategories} />;
}
