/** Component and unit tests for the web client: jsdom + @swc/jest, no Vite involved. */
const swcOptions = {
  // The repo-root .swcrc targets the Nest apps (decorators, CommonJS paths); the client needs its own.
  swcrc: false,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
};

module.exports = {
  rootDir: __dirname,
  displayName: 'frontend',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    '^@kickback/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@kickback/contracts/(.*)$': '<rootDir>/../libs/contracts/src/$1',
    '\\.css$': '<rootDir>/src/test/style-stub.cjs',
    // Tests never open a real socket; the stub records joins and lets a test emit server events.
    '^socket.io-client$': '<rootDir>/src/test/socket-io-client-stub.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  clearMocks: true,
  restoreMocks: true,
};
