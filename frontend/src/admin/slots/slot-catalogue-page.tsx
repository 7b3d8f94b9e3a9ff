import { useState } from 'react';
import {
  SLOT_VOLATILITY_LABELS,
  adminCatalogueSlotCreateSchema,
  adminCatalogueSlotsQuerySchema,
  adminCatalogueSlotUpdateSchema,
  type AdminCatalogueSlotCreate,
  type CatalogueSlotDetail,
} from '@kickback/contracts';
import { Pager } from '../../components/ui/pager';
import { formatNumber } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { ContractTextField } from '../kit/contract-fields';
import type { CrudHooks } from '../kit/crud-endpoints';
import type { FormLayout } from '../kit/form-layout';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { useListParams } from '../../lib/use-list-params';
import { slotCatalogueAdmin, type SlotCataloguePage } from './admin-slots-api';
import { listField, optionalTextField, volatilityField } from './slot-fields';
import { SlotImportPanel } from './slot-import-panel';

type Input = AdminCatalogueSlotCreate;

/** The catalogue's search and page live in the URL (`?search=gates&page=2`), so the list hook reads them there. */
const useCatalogueParams = () => useListParams({ search: '' });

// The kit's catalogue lists without an argument; this list's argument is the URL's search and page, read by its hook.
// The screen declares no reorder, so the kit never calls `updateList`.
const endpoints = {
  ...slotCatalogueAdmin,
  useList: () => {
    const { filters, page } = useCatalogueParams();
    return slotCatalogueAdmin.useList({ search: filters.search, page });
  },
} as unknown as CrudHooks<CatalogueSlotDetail, Input>;

const facts: FormLayout = [
  [
    {
      name: 'rtp',
      label: 'RTP (%)',
      custom: listField('rtp', 'RTP (%)', 'As the provider publishes it; several variants separated by commas. Leave empty when unknown.'),
    },
    { name: 'volatility', label: 'Volatility', custom: volatilityField('slot-volatility') },
  ],
  [
    { name: 'max_win_x', label: 'Max win (× bet)', custom: optionalTextField('Max win (× bet)') },
    { name: 'release_date', label: 'Release date', hint: 'YYYY-MM-DD' },
  ],
  { name: 'features', label: 'Features', custom: listField('features', 'Features', 'Free spins, buy bonus … separated by commas.') },
  { name: 'themes', label: 'Themes', custom: listField('themes', 'Themes', 'Separated by commas.') },
  { name: 'image_url', label: 'Image URL', type: 'url' },
];

const slots: CatalogueResource<CatalogueSlotDetail, Input> = {
  title: 'Slot Catalogue',
  ...catalogueWords('Slot', 'saved', 'removed'),
  endpoints,
  header: (rows) => <CatalogueSearch total={(rows as SlotCataloguePage).pagination?.total} />,
  texts: listTexts('slots', 'No slots match. Add one, or import a file below.', 'Catalogue slots by name'),
  columns: [
    { header: 'Slot', cell: (slot) => slot.name, rowHeader: true },
    { header: 'Provider', cell: (slot) => slot.provider.name },
    { header: 'RTP', cell: (slot) => (slot.rtp.length ? slot.rtp.map((r) => `${r}%`).join(' / ') : '—') },
    { header: 'Volatility', cell: (slot) => (slot.volatility ? SLOT_VOLATILITY_LABELS[slot.volatility] : '—') },
    { header: 'Max win', cell: (slot) => (slot.max_win_x === null ? '—' : `${formatNumber(slot.max_win_x)}×`) },
    { header: 'Released', cell: (slot) => slot.release_date ?? '—' },
  ],
  form: {
    schema: adminCatalogueSlotCreateSchema,
    layout: [['name', { name: 'provider_name', label: 'Provider' }], ...facts],
    texts: formTexts('Slot', (slot) => slot.name, 'Add'),
    // The provider is fixed once the slot exists: hunts and history name it with the slot.
    edit: { schema: adminCatalogueSlotUpdateSchema as never, layout: ['name', ...facts] },
  },
  footer: <CataloguePager />,
};

function CatalogueSearch({ total }: { total: number | undefined }) {
  const { filters, setFilter } = useCatalogueParams();
  const [text, setText] = useState(filters.search);
  return (
    <form
      role="search"
      className="admin-filter-bar"
      onSubmit={(event) => {
        event.preventDefault();
        setFilter('search', text.trim());
      }}
    >
      <ContractTextField
        schema={adminCatalogueSlotsQuerySchema}
        name="search"
        label="Search slots or providers"
        value={text}
        onChange={setText}
      />
      <button type="submit" className="button button--ghost">
        Search
      </button>
      {total !== undefined && <p className="field-hint">{formatNumber(total)} slots</p>}
    </form>
  );
}

function CataloguePager() {
  const { filters, page, setPage } = useCatalogueParams();
  const { data } = slotCatalogueAdmin.useList({ search: filters.search, page });
  return (
    <>
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Catalogue pages" />}
      <SlotImportPanel />
    </>
  );
}

export default function SlotCataloguePage() {
  return <CataloguePage resource={slots} />;
}
