import type { AdminStoreItem, StoreItemInput } from '@kickback/contracts';
import { storeItemInputSchema } from '@kickback/contracts/api/store';
import { formatAmount, formatNumber } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords } from '../kit/resource';
import { storeItemsAdmin } from './admin-store-items-api';
import { StoreCodesPanel } from './store-codes-panel';
import { storeItemImageField } from './store-item-image-field';
import { SmallButton } from '../kit/rows';

/** What members can buy with points: list, create, edit, remove (archived once redeemed), and each item's code pool. */
const storeItems: CatalogueResource<AdminStoreItem, StoreItemInput> = {
  title: 'Store Items',
  ...catalogueWords('Item', 'saved', 'removed'),
  endpoints: storeItemsAdmin,
  texts: {
    loading: 'Loading items...',
    error: 'Failed to load store items.',
    empty: 'No items yet. Add the first one above.',
    caption: 'Store items',
  },
  columns: [
    {
      header: 'Item',
      rowHeader: true,
      cell: (item) => (
        <>
          {item.name}
          <div className="field-hint">{item.category}</div>
        </>
      ),
    },
    { header: 'Cost', cell: (item) => formatNumber(item.cost) },
    { header: 'Stock', cell: (item) => (item.quantity === null ? 'Unlimited' : formatNumber(item.quantity)) },
    {
      header: 'Limit',
      cell: (item) => (item.max_purchases_per_user === null ? 'None' : `${formatNumber(item.max_purchases_per_user)} per user`),
    },
    {
      header: 'Delivery',
      cell: (item) =>
        item.fulfilment === 'code' ? (
          <span className={item.codes_available === 0 ? 'field-error' : undefined}>Code ({formatNumber(item.codes_available)} left)</span>
        ) : (
          'Manual'
        ),
    },
    { header: 'Value', cell: (item) => formatAmount(item.value_usd) },
    {
      header: 'Sold',
      cell: (item) => (
        <>
          {formatNumber(item.redemptions_count)}
          {item.pending_count > 0 && <div className="field-hint">{formatNumber(item.pending_count)} pending</div>}
        </>
      ),
    },
    { header: 'Status', cell: (item) => (item.is_active ? 'Active' : 'Hidden') },
  ],
  form: {
    schema: storeItemInputSchema,
    layout: [
      'name',
      { name: 'description', label: 'Description', rows: 3 },
      { name: 'image_url', label: 'Image', custom: storeItemImageField },
      { name: 'cost', label: 'Cost (points)' },
      { name: 'quantity', label: 'Quantity', hint: 'Leave empty for unlimited stock.' },
      { name: 'max_purchases_per_user', label: 'Max purchases per user', hint: 'Leave empty for no limit.' },
      'category',
      { name: 'value_usd', label: 'Value in USD', hint: 'Counts toward "total given away" once a redemption is processed.' },
      {
        name: 'fulfilment',
        label: 'Delivery',
        id: 'store-item-fulfilment',
        options: {
          manual: 'Manual: the team delivers it and marks it processed',
          code: 'Code: delivered automatically from the code pool',
        },
      },
      { name: 'is_active', label: 'Active (shown in the store)' },
      { name: 'is_casino_bonus', label: 'Casino bonus (shown with 18+ and the terms line; refused to members taking a break)' },
    ],
    texts: {
      title: { create: 'New Store Item', edit: (item) => `Edit ${item.name}` },
      label: { create: 'New store item', edit: (item) => `Edit ${item.name}` },
      submit: { create: 'Save Item', edit: 'Save Item' },
    },
    defaults: () => ({ category: 'general' }),
  },
  remove: {
    label: 'Remove',
    title: 'Remove item?',
    message: (item) =>
      item.redemptions_count > 0
        ? `${item.name} has redemptions, so it is archived: hidden from the store, kept in members' histories.`
        : `${item.name} will be deleted. This cannot be undone.`,
  },
  rowActions: (item, kit) =>
    item.fulfilment === 'code' && (
      <SmallButton label={`Codes for ${item.name}`} onClick={() => kit.openPanel(item)}>
        Codes
      </SmallButton>
    ),
  panel: (item, close) => <StoreCodesPanel item={item} onClose={close} />,
  panelAboveList: true,
};

export default function StoreItemsPage() {
  return <CataloguePage resource={storeItems} />;
}
