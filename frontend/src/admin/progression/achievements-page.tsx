import type { AchievementInput, AdminAchievement } from '@kickback/contracts';
import { achievementInputSchema } from '@kickback/contracts/api/progression';
import { formatNumber } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { achievementsAdmin } from './admin-progression-api';
import { ProgressionName, ruleField, ruleLabel } from './rule-fields';
import { SmallButton } from '../kit/rows';

/**
 * The achievements catalogue: what members can unlock and the rule that unlocks it. Archiving hides one from
 * profiles and stops new unlocks while members keep theirs; deleting removes it and every unlock.
 */
const achievements: CatalogueResource<AdminAchievement, AchievementInput> = {
  title: 'Achievements',
  ...catalogueWords('Achievement', 'updated', 'deleted'),
  endpoints: achievementsAdmin,
  texts: listTexts('achievements', 'No achievements yet. Add one to give members something to unlock.', 'Achievements catalogue'),
  columns: [
    { header: 'Achievement', cell: (item) => <ProgressionName item={item} fallbackIcon="🏆" />, rowHeader: true },
    { header: 'Category', cell: (item) => item.category },
    { header: 'Rule', cell: (item) => ruleLabel(item.rule) },
    { header: 'Unlocked by', cell: (item) => formatNumber(item.unlocked_count) },
    { header: 'Status', cell: (item) => (item.active ? 'Active' : 'Archived') },
  ],
  form: {
    schema: achievementInputSchema,
    layout: [
      ['name', { name: 'icon', label: 'Icon', hint: 'An emoji, e.g. 🎟️' }],
      'description',
      { name: 'category', label: 'Category', id: 'achievement-category' },
      { name: 'rule', label: 'Rule', custom: ruleField('achievement-rule', false) },
      { name: 'active', label: 'Active (shown on profiles and unlocked by the worker)' },
    ],
    texts: formTexts('Achievement', (item) => item.name),
  },
  remove: {
    title: 'Delete achievement?',
    message: (item) => `${item.name} and every member's unlock of it will be removed. Archive it instead to keep the unlocks.`,
  },
  rowActions: (item, kit) => (
    <SmallButton
      label={`${item.active ? 'Archive' : 'Restore'} ${item.name}`}
      disabled={kit.busy}
      onClick={() =>
        void kit.change(
          item,
          { active: !item.active },
          `${item.name} ${item.active ? 'archived' : 'restored'}`,
          item.active ? 'Failed to archive achievement' : 'Failed to restore achievement',
        )
      }
    >
      {item.active ? 'Archive' : 'Restore'}
    </SmallButton>
  ),
};

export default function AchievementsAdminPage() {
  return <CataloguePage resource={achievements} />;
}
