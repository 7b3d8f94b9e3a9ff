import type { AdminAffiliate } from '@kickback/contracts';
import * as outline from '../testing/outline-steps';
import AffiliatesPage from './affiliates-page';

const affiliates: AdminAffiliate[] = [
  {
    id: 1,
    name: 'Stake',
    logo_url: '/uploads/stake.webp',
    redirect_url: 'https://stake.example/?c=kick',
    code: 'KICK',
    benefits: ['200% deposit bonus', 'Weekly rakeback'],
    position: 1,
    is_active: true,
    countries: { mode: 'except', countries: ['GB'] },
  },
  {
    id: 2,
    name: 'Roobet',
    logo_url: null,
    redirect_url: 'https://roobet.example',
    code: 'RB',
    benefits: [],
    position: 2,
    is_active: false,
    countries: { mode: 'everywhere', countries: [] },
  },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Affiliates screen outline', () => {
  outline.itRecordsCatalogueWalk(() => <AffiliatesPage />, {
    answer: outline.answerList('/api/admin/affiliates', affiliates),
    add: 'Add Affiliate',
    submit: 'Create Affiliate',
    firstError: 'Name is required',
    row: 'Stake',
    remove: 'Delete',
  });

  outline.itRecordsEmptyAndFailedLists(() => <AffiliatesPage />, /No affiliates yet/, 'Failed to load affiliates.');
});
