import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppEnv } from './env.schema';
import { AppConfig } from './app-config';
import { loadEnv } from './load-env';

@Global()
@Module({})
export class ConfigModule {
  /** `env` lets tests boot several apps with different settings in one process. */
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: new AppConfig(env ?? loadEnv()) }],
      exports: [AppConfig],
    };
  }
}
