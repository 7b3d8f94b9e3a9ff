import type { ContestTemplate, ContestTemplateInput } from '@kickback/contracts';
import { contestTemplateInputSchema } from '@kickback/contracts/api/contests';
import { formatCount, formatNumber } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { linesField } from '../kit/list-fields';
import { type CatalogueResource, catalogueWords, listTexts } from '../kit/resource';
import { contestTemplatesAdmin } from './admin-contest-templates-api';

const windowText = (t: ContestTemplate) => (t.window_seconds === null ? 'Closed by hand' : formatCount(t.window_seconds, 'second'));

/** The contests the streamer runs every stream, each opened from Go live in one click. */
const contestTemplates: CatalogueResource<ContestTemplate, ContestTemplateInput> = {
  title: 'Contest Templates',
  ...catalogueWords('Template', 'saved', 'deleted'),
  endpoints: contestTemplatesAdmin,
  name: (template) => template.name,
  texts: listTexts(
    'contest templates',
    'No templates yet. Save the contests you run every stream, then open them from Go live in one click.',
    'Contest templates by name',
  ),
  columns: [
    { header: 'Name', cell: (t) => t.name, rowHeader: true },
    { header: 'Question', cell: (t) => t.question },
    { header: 'Options', cell: (t) => t.options.join(' / ') },
    { header: 'Stakes', cell: (t) => `${formatNumber(t.min_stake)}–${formatNumber(t.max_stake)} points` },
    { header: 'Betting window', cell: windowText },
  ],
  form: {
    schema: contestTemplateInputSchema,
    layout: [
      { name: 'name', label: 'Template name', hint: 'How Go live lists it.' },
      'question',
      linesField({
        name: 'options',
        label: 'Options',
        hint: 'One per line, two to ten. Chat stakes with !bet <number or name> <points>.',
        rows: 4,
      }),
      [
        { name: 'min_stake', label: 'Minimum stake (points)' },
        { name: 'max_stake', label: 'Maximum stake (points)' },
        { name: 'window_seconds', label: 'Betting window (seconds)', hint: 'Empty: the streamer closes it by hand.' },
      ],
    ],
    texts: {
      title: { create: 'New Contest Template', edit: (t) => `Edit ${t.name}` },
      submit: { create: 'Save Template', edit: 'Save Changes' },
    },
  },
  remove: {
    title: 'Delete template?',
    message: (t) => `${t.name} will no longer be offered on Go live. Contests opened from it are kept.`,
  },
};

export default function ContestTemplatesPage() {
  return <CataloguePage resource={contestTemplates} />;
}
