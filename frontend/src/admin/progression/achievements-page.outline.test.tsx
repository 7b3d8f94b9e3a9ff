import { achievement } from '../../test/achievement-fixtures';
import * as outline from '../testing/outline-steps';
import AchievementsAdminPage from './achievements-page';

const achievements = [
  achievement({ unlocked_count: 1234, created_at: '2026-11-01T00:00:00.000Z' }),
  achievement({
    id: 2,
    name: 'Old Friend',
    icon: null,
    description: '',
    category: 'social',
    rule: { counter: 'friends', threshold: 3 },
    active: false,
    unlocked_count: 0,
    created_at: '2026-11-02T00:00:00.000Z',
  }),
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Achievements screen outline', () => {
  outline.itRecordsCatalogueWalk(() => <AchievementsAdminPage />, {
    answer: outline.answerList('/api/admin/achievements', achievements),
    add: 'Add Achievement',
    submit: 'Create Achievement',
    firstError: 'The name field is required.',
    row: 'Raffle Regular',
    remove: 'Delete',
  });

  outline.itRecordsEmptyAndFailedLists(() => <AchievementsAdminPage />, /No achievements yet/, 'Failed to load achievements.');
});
