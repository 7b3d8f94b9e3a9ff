import type { ContestTemplate, ContestTemplateInput } from '@kickback/contracts';
import { crudEndpoints } from '../kit/crud-endpoints';

/**
 * Contest templates (admins keep them; Go live lists them under the same tag, so a change shows there too). The form
 * sends every field on an edit: the PUT replaces the template whole.
 */
export const contestTemplatesAdmin = crudEndpoints<ContestTemplate, ContestTemplateInput>({
  name: 'adminContestTemplates',
  url: '/api/admin/contest-templates',
  tag: 'ContestTemplates',
});
