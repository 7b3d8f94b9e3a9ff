import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const RULE = 'import-x/no-restricted-paths';

/** The lint boundaries of docs/architecture.md fail on deliberate violations (fixtures) and pass allowed imports. */
describe('import boundaries (eslint)', () => {
  let results: Record<string, string[]>;

  beforeAll(() => {
    // A repository to import across features exists only for this run, so the rule is proven before real ones land.
    const repository = join(ROOT, 'libs/domain/src/raffles/boundary-fixture.repository.ts');
    writeFileSync(repository, 'export class FixtureRepository {}\n');
    try {
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts/lint-fixtures/lint-as.mjs')], { encoding: 'utf8', timeout: 120_000 });
      if (run.status !== 0) throw new Error(run.stderr);
      results = JSON.parse(run.stdout) as Record<string, string[]>;
    } finally {
      rmSync(repository, { force: true });
    }
  }, 120_000);

  const violations = [
    'admin-imports-feature.fixture',
    'api-imports-worker.fixture',
    'contracts-import-platform.fixture',
    'feature-imports-feature.fixture',
    'feature-imports-repository.fixture',
    'frontend-imports-platform.fixture',
    'lib-imports-app.fixture',
    'overlay-imports-admin.fixture',
    'platform-imports-domain.fixture',
  ];

  it('has one violating fixture per rule of the house, and the allowed one', () => {
    expect(Object.keys(results).sort()).toEqual([...violations.slice(0, 1), 'allowed.fixture', ...violations.slice(1)]);
  });

  it.each(violations)('%s is refused by the boundary rule', (name) => {
    expect(results[name]).toEqual([expect.stringMatching(new RegExp(`^${RULE}: .*imported in restricted zone`))]);
  });

  it('allows a feature its own files, lib and the contracts', () => {
    expect(results['allowed.fixture']).toEqual([]);
  });
});
