import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS } from './migrations';
import { ParameterFreePostgreSqlDriver } from './parameter-free-driver';

/** ORM options shared by the Nest module and the CLI scripts. */
export function mikroOrmOptions(clientUrl: string, extra: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    // A failed statement's error (logged, or kept as a job's failure) never carries its parameters.
    driver: ParameterFreePostgreSqlDriver,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false },
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 10 },
    // Entities are registered per feature module (forFeature) and discovered at boot.
    ...extra,
  });
}
