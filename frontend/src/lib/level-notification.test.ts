import { achievementUnlockedNotification, levelReachedNotification } from '@kickback/contracts';
import { levelFromNotification } from './level-notification';

describe('levelFromNotification', () => {
  it('reads the level from the notice the worker sends on a level-up, and nothing from other notices', () => {
    expect(levelFromNotification(levelReachedNotification(12))).toBe(12);
    expect(levelFromNotification(achievementUnlockedNotification('Level 3!'))).toBeNull();
  });
});
