import { useId } from 'react';
import type { StorePriceRange, StoreSort } from '@kickback/contracts';
import { categoryLabel, DEFAULT_CATEGORY, PRICE_RANGE_OPTIONS, SORT_OPTIONS } from '../store-options';
import { Options } from '../../../components/ui/options';
import { SearchInput } from '../../../components/ui/search-input';

interface StoreFiltersProps {
  search: string;
  category: string;
  categories: string[];
  priceRange: StorePriceRange | '';
  sort: StoreSort;
  onSearch: (value: string) => void;
  onCategory: (value: string) => void;
  onPriceRange: (value: StorePriceRange | '') => void;
  onSort: (value: StoreSort) => void;
}

/** SPEC §9: search, category (default all), price range and sort. */
export function StoreFilters(props: StoreFiltersProps) {
  const id = useId();
  return (
    <div className="store-filters" role="search">
      <div className="field store-filters__search">
        <label htmlFor={`${id}-search`}>Search</label>
        <SearchInput id={`${id}-search`} placeholder="Search items..." value={props.search} maxLength={100} onChange={props.onSearch} />
      </div>
      {props.categories.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            className="select"
            value={props.category}
            onChange={(event) => props.onCategory(event.target.value)}
          >
            <option value={DEFAULT_CATEGORY}>All Categories</option>
            <Options values={props.categories} labels={categoryLabel} />
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-price`}>Price Range</label>
        <select
          id={`${id}-price`}
          className="select"
          value={props.priceRange}
          onChange={(event) => props.onPriceRange(event.target.value as StorePriceRange | '')}
        >
          {PRICE_RANGE_OPTIONS.map((option) => (
            <option key={option.value || 'all'} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort By</label>
        <select id={`${id}-sort`} className="select" value={props.sort} onChange={(event) => props.onSort(event.target.value as StoreSort)}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
