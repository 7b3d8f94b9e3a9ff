import { pagination } from './pagination';

describe('pagination', () => {
  it('counts whole pages and keeps one page for an empty list', () => {
    expect(pagination(1, 24, 0)).toEqual({ current_page: 1, last_page: 1, per_page: 24, total: 0 });
    expect(pagination(2, 24, 24)).toEqual({ current_page: 2, last_page: 1, per_page: 24, total: 24 });
    expect(pagination(1, 24, 25)).toEqual({ current_page: 1, last_page: 2, per_page: 24, total: 25 });
  });

  it('takes PostgreSQL counts as text', () => {
    expect(pagination(3, 10, '101')).toEqual({ current_page: 3, last_page: 11, per_page: 10, total: 101 });
  });
});
