import type { AnnouncementHook, AnnouncementHookCreate, AnnouncementHookKind, AnnouncementHookUpdate } from '@kickback/contracts';
import {
  ANNOUNCEMENT_EVENTS,
  ANNOUNCEMENT_EVENT_LABELS,
  announcementHookCreateSchema,
  announcementHookUpdateSchema,
} from '@kickback/contracts/api/announcements';
import { TextField } from '../../components/ui/text-field';
import { CataloguePage } from '../kit/catalogue-page';
import { checkListField } from '../kit/list-fields';
import type { CustomField } from '../kit/form-layout';
import type { CatalogueResource, RowKit } from '../kit/resource';
import { announcementHooksAdmin, useSendAnnouncementTestMutation } from './admin-announcements-api';
import { AnnouncementDeliveries } from './announcement-deliveries';
import { SigningSecret } from './signing-secret';
import { SmallButton } from '../kit/rows';
import { formTexts } from '../kit/resource';

const URL_HINTS: Record<AnnouncementHookKind, string> = {
  discord: 'In Discord: Channel settings → Integrations → Webhooks → Copy Webhook URL.',
  webhook: 'Any https:// address of your tool. Deliveries are signed; see docs/announcements.md to verify them.',
};

/** A new hook's URL, named after the kind chosen above it. */
const urlField: CustomField<string> = {
  draft: () => '',
  value: (url) => url,
  render: ({ draft, set, error, fact, drafts }) => {
    const kind = drafts.kind as AnnouncementHookKind;
    return (
      <TextField
        label={kind === 'discord' ? 'Discord webhook URL' : 'Webhook URL'}
        type="url"
        hint={URL_HINTS[kind]}
        value={draft}
        onChange={set}
        error={error}
        required
        maxLength={fact.maxLength}
      />
    );
  },
};

const eventsField = checkListField('Events', ANNOUNCEMENT_EVENTS, ANNOUNCEMENT_EVENT_LABELS);

function SendTestButton({ hook, kit }: { hook: AnnouncementHook; kit: RowKit<AnnouncementHook> }) {
  const [sendTest] = useSendAnnouncementTestMutation();
  const send = () => {
    kit.openPanel(hook);
    void kit.act(
      () => sendTest(hook.id).unwrap(),
      `Test sent to ${hook.name}; its result appears in the delivery log.`,
      'Failed to send the test',
    );
  };
  return (
    <SmallButton label={`Send test to ${hook.name}`} onClick={send}>
      Send test
    </SmallButton>
  );
}

/** Announcements out: Discord channels and signed webhooks, the events each announces, tests and the delivery log. */
const announcementHooks: CatalogueResource<AnnouncementHook, AnnouncementHookCreate | AnnouncementHookUpdate> = {
  title: 'Announcements',
  addLabel: 'Add Hook',
  header: () => (
    <p className="admin-status">Raffles, winners, hunt results, tournament winners and going live, posted to Discord and other tools.</p>
  ),
  endpoints: announcementHooksAdmin,
  texts: {
    loading: 'Loading hooks...',
    error: 'Failed to load the hooks.',
    empty: "No hooks yet. Add a Discord channel's webhook URL to announce there.",
    caption: 'Announcement hooks',
  },
  toasts: { saved: 'saved', removed: 'deleted', saveFailed: 'Failed to save the hook', removeFailed: 'Failed to delete the hook' },
  columns: [
    { header: 'Name', cell: (hook) => hook.name, rowHeader: true },
    {
      header: 'Where',
      cell: (hook) => (
        <>
          {hook.kind === 'discord' ? 'Discord' : 'Webhook'}
          <br />
          <small>{hook.url_display}</small>
        </>
      ),
    },
    { header: 'Events', cell: (hook) => hook.events.map((e) => ANNOUNCEMENT_EVENT_LABELS[e]).join(', ') },
    { header: 'Status', cell: (hook) => (hook.enabled ? 'On' : 'Off') },
  ],
  form: {
    schema: announcementHookCreateSchema,
    layout: [
      [
        {
          name: 'kind',
          label: 'Where to',
          id: 'announcement-kind',
          options: { discord: 'Discord channel', webhook: 'Webhook (other tools, signed)' },
        },
        'name',
      ],
      { name: 'url', label: 'URL', custom: urlField },
      { name: 'events', label: 'Events', custom: eventsField },
    ],
    // A hook's URL stays: a new one is a new hook. The edit form holds every field the update takes, each required.
    edit: {
      schema: announcementHookUpdateSchema.required(),
      layout: [
        ['name'],
        {
          name: 'url_display',
          label: 'URL',
          custom: { draft: (value) => String(value), render: ({ draft }) => <p className="admin-status">URL: {draft}</p> },
        },
        { name: 'events', label: 'Events', custom: eventsField },
        { name: 'enabled', label: 'On (send announcements to this hook)' },
      ],
    },
    texts: formTexts('Hook', (hook) => hook.name, 'Add'),
  },
  remove: { title: 'Delete hook?', message: (hook) => `${hook.name} stops receiving announcements and its delivery log is deleted.` },
  rowActions: (hook, kit) => (
    <>
      <SendTestButton hook={hook} kit={kit} />
      <SmallButton
        label={`Delivery log of ${hook.name}`}
        pressed={kit.panelOpen(hook)}
        onClick={() => (kit.panelOpen(hook) ? kit.closePanel() : kit.openPanel(hook))}
      >
        Log
      </SmallButton>
    </>
  ),
  panel: (hook) => (
    <>
      {hook.signing_secret_hint && <SigningSecret key={hook.id} hook={hook} />}
      <AnnouncementDeliveries hook={hook} />
    </>
  ),
};

export default function AnnouncementsPage() {
  return <CataloguePage resource={announcementHooks} />;
}
