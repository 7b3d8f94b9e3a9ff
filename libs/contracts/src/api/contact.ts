import { z } from 'zod';
import { pageParamSchema } from './paging';
import type { Pagination } from './envelope';

/** SPEC §8 texts and the server's own answers for the contact form. */
export const CONTACT_MESSAGES = {
  sent: 'Your message has been sent. We will get back to you soon.',
  captchaWrong: 'The verification code is incorrect or expired.',
  sendFailed: 'Failed to send message. Please try again.',
  captchaLoadFailed: 'Failed to load verification code',
} as const;

/** The live notice admins get for a new message; the admin inbox refreshes when it sees the prefix. */
export const CONTACT_NOTIFICATION_PREFIX = 'New contact message from ';
export const contactNotification = (name: string, subject: string) => `${CONTACT_NOTIFICATION_PREFIX}${name}: ${subject}`;

/** GET /api/r/captcha (SPEC §3 Captcha): the answer stays on the server, keyed by the token. */
export interface Captcha {
  token: string;
  /** An SVG data URL. */
  image: string;
}

const required = (label: string, max: number) =>
  z
    .string({ required_error: `The ${label} field is required.`, invalid_type_error: `The ${label} must be text.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be longer than ${max} characters.`);

/** POST /api/r/contact (SPEC §3 Contact message). */
export const contactMessageSchema = z
  .object({
    name: required('name', 100),
    email: required('email', 254).email('The email must be a valid email address.'),
    subject: required('subject', 150),
    message: required('message', 5000),
    captcha_token: required('verification token', 100),
    captcha_answer: required('verification code', 20),
  })
  .strict();
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const CONTACT_STATUSES = ['new', 'read', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const adminContactMessagesQuerySchema = z
  .object({
    status: z.enum(['all', ...CONTACT_STATUSES]).default('all'),
    page: pageParamSchema,
  })
  .strict();
export type AdminContactMessagesQuery = z.infer<typeof adminContactMessagesQuerySchema>;

export const contactStatusUpdateSchema = z.object({ status: z.enum(CONTACT_STATUSES) }).strict();
export type ContactStatusUpdate = z.infer<typeof contactStatusUpdateSchema>;

/** One message as the admin inbox shows it. */
export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  user: { id: number; username: string } | null;
  created_at: string;
}

export interface AdminContactMessageList {
  data: AdminContactMessage[];
  pagination: Pagination;
  new_total: number;
}
