import { Global, Module } from '@nestjs/common';
import { MikroOrmModule, type MikroOrmModuleOptions } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AppConfig } from '../config/app-config';
import { mikroOrmOptions } from './mikro-orm.options';

@Global()
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [AppConfig],
      driver: PostgreSqlDriver,
      useFactory: (config: AppConfig): MikroOrmModuleOptions => ({
        ...mikroOrmOptions(config.env.DATABASE_URL, { pool: { min: 0, max: config.env.DB_POOL_MAX } }),
        autoLoadEntities: true,
        // Every service forks its own EntityManager (this.em.fork()), so no code reads a per-request context; the
        // middleware that made one forked an EntityManager on every request, reads included (docs/performance/history.md, "Request path").
        registerRequestContext: false,
      }),
    }),
  ],
})
export class DatabaseModule {}
