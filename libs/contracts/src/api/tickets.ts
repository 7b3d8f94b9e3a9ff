import { z } from 'zod';
import { pageParamSchema } from './paging';
import { MAX_ROW_ID } from '../row-id';
import type { Pagination } from './envelope';

/** SPEC §5 and §8 texts for support tickets. */
export const TICKET_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 255 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be less than 5000 characters',
  categoryRequired: 'Category is required',
  replyRequired: 'Please enter a reply message',
  tooManyTicketImages: 'Maximum 5 images allowed',
  tooManyReplyImages: 'Maximum 3 images allowed per reply',
  closed: 'Ticket Closed: This ticket has been closed and no longer accepts replies.',
  notFound: 'Ticket not found',
  created: 'Ticket created successfully',
  replied: 'Reply sent successfully',
  fixErrors: 'Please fix the errors in the form',
  loadFailed: 'Failed to load tickets',
  loadOneFailed: 'Failed to load ticket',
  createFailed: 'Failed to create ticket',
  replyFailed: 'Failed to send reply',
  categoriesFailed: 'Failed to load categories',
} as const;

export const notAnImage = (name: string) => `File ${name} is not an image`;
export const imageTooLarge = (name: string) => `File ${name} is too large (max 5MB)`;

export const MAX_TICKET_IMAGES = 5;
export const MAX_REPLY_IMAGES = 3;
export const TICKET_TITLE_MAX = 255;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_REPLY_MAX = 5000;

export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ['open', 'waiting', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  waiting: 'Waiting',
  resolved: 'Resolved',
  closed: 'Closed',
};

export interface TicketImage {
  id: number;
  url: string;
  filename: string;
}

/** SPEC §3 Ticket. */
export interface Ticket {
  id: number;
  title: string;
  description: string;
  category: string;
  category_id: number;
  priority: TicketPriority;
  priority_label: string;
  status: TicketStatus;
  status_label: string;
  replies_count: number;
  created_at: string;
  updated_at: string;
  images: TicketImage[];
}

/** SPEC §3 Ticket reply. */
export interface TicketReply {
  id: number;
  message: string;
  is_admin: boolean;
  user: { username: string };
  created_at: string;
  images: TicketImage[];
}

/** SPEC §3 Ticket category. */
export interface TicketCategory {
  id: number;
  name: string;
  description: string;
}

export interface TicketWithReplies {
  ticket: Ticket;
  replies: TicketReply[];
}

const text = (required: string, max: number, tooLong: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/r/tickets multipart text fields (the images travel as files). */
export const ticketCreateSchema = z
  .object({
    title: text(TICKET_MESSAGES.titleRequired, TICKET_TITLE_MAX, TICKET_MESSAGES.titleTooLong),
    description: text(TICKET_MESSAGES.descriptionRequired, TICKET_DESCRIPTION_MAX, TICKET_MESSAGES.descriptionTooLong),
    category_id: z.coerce
      .number({ required_error: TICKET_MESSAGES.categoryRequired, invalid_type_error: TICKET_MESSAGES.categoryRequired })
      .int(TICKET_MESSAGES.categoryRequired)
      .positive(TICKET_MESSAGES.categoryRequired)
      .max(MAX_ROW_ID, TICKET_MESSAGES.categoryRequired),
    priority: z.enum(TICKET_PRIORITIES).default('medium'),
  })
  .strict();
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/** POST /api/r/tickets/{id}/reply and the staff reply. */
export const ticketReplySchema = z
  .object({ message: text(TICKET_MESSAGES.replyRequired, TICKET_REPLY_MAX, `Reply must be less than ${TICKET_REPLY_MAX} characters`) })
  .strict();
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

export const adminTicketsQuerySchema = z
  .object({
    status: z.enum(['all', ...TICKET_STATUSES]).default('all'),
    priority: z.enum(['all', ...TICKET_PRIORITIES]).default('all'),
    category: z.coerce.number().int().min(0).default(0),
    search: z.string().trim().max(100).default(''),
    page: pageParamSchema,
  })
  .strict();
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;

export const adminTicketUpdateSchema = z
  .object({ status: z.enum(TICKET_STATUSES).optional(), priority: z.enum(TICKET_PRIORITIES).optional() })
  .strict()
  .refine((v) => v.status !== undefined || v.priority !== undefined, { message: 'Choose a status or priority.', path: ['status'] });
export type AdminTicketUpdate = z.infer<typeof adminTicketUpdateSchema>;

/** A ticket in the staff queue also names its author. */
export interface AdminTicket extends Ticket {
  user: { id: number; username: string };
}

export interface AdminTicketList {
  data: AdminTicket[];
  pagination: Pagination;
}

export interface AdminTicketWithReplies {
  ticket: AdminTicket;
  replies: TicketReply[];
}

export const ticketCategoryInputSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(100, 'The name may not be longer than 100 characters.'),
    description: z.string().trim().max(255, 'The description may not be longer than 255 characters.').default(''),
    position: z.coerce.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .strict();
export type TicketCategoryInput = z.infer<typeof ticketCategoryInputSchema>;
/** PUT /api/admin/ticket-categories/{id}: the fields to change; a field left out keeps its value (no create default). */
export const ticketCategoryUpdateSchema = ticketCategoryInputSchema.partial().strict();
export type TicketCategoryUpdate = z.infer<typeof ticketCategoryUpdateSchema>;

export interface AdminTicketCategory extends TicketCategory {
  position: number;
  active: boolean;
}

/** Live notices; staff see new tickets, members see answers. */
export const ticketCreatedNotification = (id: number, title: string) => `New support ticket #${id}: ${title}`;
export const TICKET_REPLY_NOTIFICATION_PREFIX = 'Support replied to your ticket #';
export const ticketRepliedNotification = (id: number) => `${TICKET_REPLY_NOTIFICATION_PREFIX}${id}`;
