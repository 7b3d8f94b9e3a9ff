/** Unit and integration tests run files in parallel; each integration file has its own database and Redis DB. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
  },
];
const moduleNameMapper = {
  '^@kickback/(contracts|platform|domain|testing)$': '<rootDir>/libs/$1/src',
  '^@kickback/(contracts|platform|domain|testing)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// file-type and its helpers are ESM-only: Node loads them with require(), jest needs them compiled.
const esmOnly = ['file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit'];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(ts|js)$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { ...moduleNameMapper, '^file-type$': '<rootDir>/node_modules/file-type/index.js' },
};

module.exports = {
  // Global on purpose: jest ignores testTimeout inside a project entry. A safety net for a hang, not a speed limit:
  // room for a host three times slower than usual (a capped CPU, a loaded CI machine), where a 30 s test takes 90.
  testTimeout: 120_000,
  // Each integration file boots the whole app in a fresh module registry, and some of every registry stays reachable
  // (MikroORM and Nest keep a little on globals), so a worker that ran fifty files held 4 GB and ran its later files
  // several times slower. A worker past this between files is replaced (same JEST_WORKER_ID, so the same Redis DB).
  workerIdleMemoryLimit: '1500MB',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,deploy-checks,scripts}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,deploy-checks}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
  ],
};
