import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The import rules of the house (docs/architecture.md "Rules of the house"), enforced on resolved paths so a
 * relative `../../raffles/x` and an alias `@kickback/domain` are judged alike. Each zone forbids files under
 * `target` to import files under `from` (minus `except`).
 */
const root = dirname(fileURLToPath(import.meta.url));
const dirsIn = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const siteFeatures = dirsIn('frontend/src/features');
const domainFeatures = dirsIn('libs/domain/src');

const zones = [
  ...siteFeatures.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'Site features do not import each other: move what both need to components/ui or lib.',
  })),
  {
    target: './frontend/src/admin',
    from: './frontend/src/features',
    message: 'The admin never imports a site feature: move what both need to components/ui or lib.',
  },
  {
    target: './frontend/src/overlays',
    from: ['./frontend/src/features', './frontend/src/admin'],
    message: 'Overlays never import site features or the admin: move what they share to components/ui or lib.',
  },
  {
    target: './frontend/src',
    from: ['./libs/platform', './libs/domain', './libs/testing', './apps'],
    message: 'The browser code imports @kickback/contracts only.',
  },
  {
    target: './libs/contracts',
    from: ['./libs/platform', './libs/domain', './libs/testing', './apps', './frontend'],
    message: 'Contracts import nothing of ours: they are shared by the api, the worker and the browser.',
  },
  { target: './libs/platform', from: './libs/domain', message: 'The platform never imports the domain.' },
  {
    target: ['./libs/contracts', './libs/platform', './libs/domain'],
    from: './apps',
    message: 'Libraries never import the apps (only the test bootstrap in libs/testing may).',
  },
  { target: './apps/api', from: './apps/worker', message: 'The api and the worker share libs, never each other.' },
  { target: './apps/worker', from: './apps/api', message: 'The api and the worker share libs, never each other.' },
  ...domainFeatures.map((feature) => ({
    target: `./libs/domain/src/${feature}`,
    from: `./libs/domain/src/!(${feature})/**/*.repository.ts`,
    message: "A feature calls another feature's services, never its repository.",
  })),
];

export const boundaries = {
  files: ['apps/**/*.ts', 'libs/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: [join(root, 'tsconfig.json'), join(root, 'frontend/tsconfig.json')],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
};
