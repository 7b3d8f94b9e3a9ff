import type { AdminStoreItem, StoreItemInput } from '@kickback/contracts';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The store's items (admins only); changes also refresh the members' store. */
export const storeItemsAdmin = crudEndpoints<AdminStoreItem, StoreItemInput>({
  name: 'adminStoreItems',
  url: '/api/admin/store-items',
  tag: 'AdminStoreItems',
  alsoInvalidates: ['Store'],
  // The toast names the record ("Gift Card removed"), where the server answers a generic message.
  removeToast: 'own',
});
