import type {
  AdminCatalogueSlotCreate,
  CatalogueSlotDetail,
  Pagination,
  SlotImportApplied,
  SlotImportFormat,
  SlotImportPreview,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { crudEndpoints } from '../kit/crud-endpoints';

const BASE = '/api/admin/slots';

/** One page of the catalogue, as the list shows it, with the pager's facts beside the rows. */
export type SlotCataloguePage = CatalogueSlotDetail[] & { pagination: Pagination };

/** The catalogue's search and page, from the screen's URL. */
export interface SlotCatalogueListArg {
  search: string;
  page: number;
}

/** The catalogue slots with their facts, a page at a time. */
export const slotCatalogueAdmin = crudEndpoints<
  CatalogueSlotDetail,
  AdminCatalogueSlotCreate,
  Partial<AdminCatalogueSlotCreate>,
  SlotCatalogueListArg,
  SlotCataloguePage
>({
  name: 'adminSlotCatalogue',
  url: BASE,
  tag: 'AdminSlots',
  list: {
    query: ({ search, page }) => `${BASE}?${new URLSearchParams({ search, page: String(page) })}`,
    transform: (data: CatalogueSlotDetail[], meta) => Object.assign([...data], { pagination: meta?.extra.pagination as Pagination }),
  },
});

/** A catalogue file: CSV or JSON text, sent as the request body. */
export interface SlotImportUpload {
  format: SlotImportFormat;
  text: string;
}

const upload = (path: string, { format, text }: SlotImportUpload) => ({
  url: `${path}?format=${format}`,
  method: 'POST',
  body: text,
  // JSON goes as text too, so the server reads the file instead of the JSON body parser.
  headers: { 'content-type': format === 'csv' ? 'text/csv' : 'text/plain' },
});

export const adminSlotImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dryRunSlotImport: build.mutation<SlotImportPreview, SlotImportUpload>({ query: (file) => upload(`${BASE}/import/dry-run`, file) }),
    applySlotImport: build.mutation<SlotImportApplied & { message: string }, SlotImportUpload>({
      query: (file) => upload(`${BASE}/import`, file),
      transformResponse: (data: SlotImportApplied, meta) => ({ ...data, message: meta?.message ?? '' }),
      invalidatesTags: ['AdminSlots'],
    }),
  }),
});

export const { useDryRunSlotImportMutation, useApplySlotImportMutation } = adminSlotImportApi;
