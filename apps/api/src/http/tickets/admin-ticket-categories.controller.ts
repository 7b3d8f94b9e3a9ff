import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ticketCategoryInputSchema, ticketCategoryUpdateSchema } from '@kickback/contracts';
import { Roles } from '@kickback/platform';
import { AdminTicketsService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** Ticket categories are site configuration: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/ticket-categories')
export class AdminTicketCategoriesController extends adminCatalogue(AdminTicketsService, {
  notFound: 'Category not found.',
  list: (tickets) => tickets.categories(),
  create: {
    schema: ticketCategoryInputSchema,
    run: (tickets, actorId, input) => tickets.createCategory(actorId, input),
    done: 'Category created.',
  },
  update: {
    schema: ticketCategoryUpdateSchema,
    run: (tickets, actorId, id, changes) => tickets.updateCategory(actorId, id, changes),
    done: 'Category updated.',
  },
  /** A category that tickets still use is deactivated rather than deleted. */
  remove: {
    run: (tickets, actorId, id) => tickets.deleteCategory(actorId, id),
    done: (result) => (result.deleted ? 'Category deleted.' : 'Category is in use and was deactivated.'),
  },
}) {}
