import type { ReactNode } from 'react';
import type { FilterDeclaration, FilterOption, SearchDeclaration } from './filter-bar';
import type { z } from 'zod';
import type { CrudHooks } from './crud-endpoints';
import type { FormLayout, FormTexts } from './form-layout';
import type { Confirmation } from './use-confirmation';

/** One column of a declared list: its header and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row for screen readers (a `th scope="row"`). */
  rowHeader?: boolean;
}

/** The lines a list shows while loading, after a failure and when empty, and its table's caption. */
export interface ListTexts {
  loading: string;
  error: string;
  empty: string;
  caption: string;
}

/** A list's usual lines: "Loading <things>...", "Failed to load <things>.", with its own empty line and caption. */
export const listTexts = (things: string, empty: string, caption: string): ListTexts => ({
  loading: `Loading ${things}...`,
  error: `Failed to load ${things}.`,
  empty,
  caption,
});

/**
 * A catalogue form's usual texts: "New <Thing>" or "Edit <name>" above it, and "<create> <Thing>" or "Save Changes"
 * on its button.
 */
export const formTexts = <T>(thing: string, name: (row: T) => string, create = 'Create'): FormTexts<T> => ({
  title: { create: `New ${thing}`, edit: (row) => `Edit ${name(row)}` },
  submit: { create: `${create} ${thing}`, edit: 'Save Changes' },
});

/**
 * A catalogue's usual words from its record's name: "Add <Thing>" on the add button, and toasts that say "<name>
 * <saved>" and "<name> <removed>", or "Failed to save <thing>" and "Failed to <remove> <thing>".
 */
export const catalogueWords = (thing: string, saved: 'saved' | 'updated', removed: 'deleted' | 'removed' | 'archived') => ({
  addLabel: `Add ${thing}`,
  toasts: {
    saved,
    removed,
    saveFailed: `Failed to save ${thing.toLowerCase()}`,
    removeFailed: `Failed to ${removed.slice(0, -1)} ${thing.toLowerCase()}`,
  },
});

/** What a row's own buttons may do through the kit. */
export interface RowKit<T> {
  /** Runs a one-off action with its toasts; answers whether it succeeded. */
  act: (run: () => Promise<unknown>, success: string, failure: string) => Promise<boolean>;
  /** Saves a partial change to a row (archive, restore) with its toasts. */
  change: (row: T, changes: Record<string, unknown>, success: string, failure: string) => Promise<boolean>;
  /** Whether a change to a row is on its way, to disable the row's buttons. */
  busy: boolean;
  /** Shows the resource's panel for this row. */
  openPanel: (row: T) => void;
  /** Whether the panel shows this row, for a button that toggles it (`aria-pressed`). */
  panelOpen: (row: T) => boolean;
  closePanel: () => void;
}

/** A form drawn from the contract: its schema, layout and texts. */
export interface DeclaredForm<T, Input> {
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  layout: FormLayout;
  texts: FormTexts<T>;
  /** A new record's values that depend on the list (the next position). */
  defaults?: (rows: T[]) => Partial<Record<string, unknown>>;
  /** When editing takes other fields than creating (a URL fixed once created): the edit form's contract and layout. */
  edit?: { schema: z.ZodType<Input, z.ZodTypeDef, unknown>; layout: FormLayout };
}

/** A form the contract form cannot draw (settings that depend on other fields, its own groups): the resource's own. */
interface OwnForm<T, Input> {
  own: (props: {
    initial: T | null;
    saving: boolean;
    serverErrors: Record<string, string>;
    onSubmit: (input: Input) => void;
    onCancel: () => void;
  }) => ReactNode;
}

/**
 * A catalogue screen: a list the admin creates, edits and deletes records in. The kit draws the header, the
 * create/edit form from the contract, the status lines, the table and its action cell, and the delete confirmation.
 */
export interface CatalogueResource<T extends { id: number }, Input> {
  title: string;
  addLabel: string;
  /** Under the title: a hint or a counter. */
  header?: (rows: T[]) => ReactNode;
  endpoints: CrudHooks<T, Input>;
  /** The record's name in toasts and in its buttons' accessible names ("Edit Gift Card"); its `name` when left out. */
  name?: (row: T) => string;
  texts: ListTexts;
  /** Toasts: "<name> created", "<name> <saved>", "<name> <removed>", and the failures. */
  toasts: { saved: string; removed: string; saveFailed: string; removeFailed: string };
  columns: Column<T>[];
  /** The contract form's declaration, or the resource's own form. */
  form: DeclaredForm<T, Input> | OwnForm<T, Input>;
  remove?: {
    label?: 'Delete' | 'Remove' | 'Archive';
    /** Rows that offer the destructive action; every row when left out. */
    when?: (row: T) => boolean;
    title: string;
    message: (row: T) => string;
  };
  /** The row's own buttons, between Edit and the destructive one. */
  rowActions?: (row: T, kit: RowKit<T>) => ReactNode;
  /** Shown under the list for the row it names (a code pool, a delivery log); opened by a row action. */
  panel?: (row: T, close: () => void) => ReactNode;
  /** Shows the panel between the form and the list, where a screen has always shown it, instead of under the list. */
  panelAboveList?: boolean;
  /** Anything else the screen shows after the list. */
  footer?: ReactNode;
}

/** A page of a queue as the list endpoint answers it, with the queue's own totals beside it. */
export interface QueuePage<T> {
  data: T[];
  pagination: { last_page: number };
}

/** The list hook's state a queue screen reads. */
interface QueueQuery<P> {
  data?: P;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
}

/** What a queue's row buttons may do through the kit. */
export interface QueueRowKit<T> {
  /** Asks before acting; the action runs only once the admin confirms. */
  confirm: (confirmation: Confirmation) => void;
  /** Shows the row's detail in place of the list, named in the URL (`?ticket=12`). */
  openDetail: (row: T) => void;
  /** Shows the resource's panel for this row above the list (a member's points). */
  openPanel: (row: T) => void;
}

/** A queue's filters: their defaults, drop-downs and search box, all kept in the URL. */
export interface QueueFilters<F> {
  defaults: F;
  declarations: readonly FilterDeclaration[];
  search?: SearchDeclaration;
  /**
   * Options the server names (ticket categories), added after a filter's declared ones; a hook. A filter given
   * such options takes any value from the URL, as its list may not have arrived yet.
   */
  useOptions?: () => Record<string, readonly FilterOption[]>;
}

/**
 * A queue screen: a paged list filtered by its URL (`?status=&page=`), worked row by row. The kit draws the header,
 * the filter bar, the status lines, the table, its action cell and the pager.
 */
export interface QueueResource<T extends { id: number }, F extends Record<string, string>, P extends QueuePage<T> = QueuePage<T>> {
  title: string;
  /** Under the title: a hint or the queue's counter. */
  header?: (page: P | undefined) => ReactNode;
  filters?: QueueFilters<F>;
  useList: (arg: F & { page: number }) => QueueQuery<P>;
  texts: ListTexts;
  pagerLabel: string;
  columns: Column<T>[];
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
  /** The queue's row buttons; a hook, so they may hold the page's mutations. */
  useRowActions?: (kit: QueueRowKit<T>) => (row: T) => ReactNode;
  /** Shown above the list (a search box, a detail panel). */
  aboveList?: ReactNode;
  /** Shown above the list for the row a row button opened (`openPanel`); a new row's panel starts afresh. */
  panel?: (row: T, close: () => void) => ReactNode;
  /** A row's own screen, shown in place of the list while the URL names the row (`?ticket=12`); `close` goes back. */
  detail?: { param: string; render: (id: number, close: () => void) => ReactNode };
}
