import { defineConfig } from 'vitest/config';
import path from 'node:path';

const contracts = path.resolve(import.meta.dirname, 'contracts/src/index.ts');

/** One runner for every suite: unit and API tests (node), web tests (jsdom), end-to-end (Chromium). */
// Vitest's default is one worker less than the cores: on CI's two cores that is a single worker for everything.
// Unit, API and web tests run on both cores; the end-to-end tests (one at a time, each with its own server and
// browser) run after them, alone.
const parallelWorkers = 2;

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@app/contracts': contracts } },
        test: {
          name: 'server',
          environment: 'node',
          maxWorkers: parallelWorkers,
          include: ['server/src/**/*.test.ts', 'contracts/src/**/*.test.ts'],
          setupFiles: ['server/src/test/messages-setup.ts'],
          // Some tests build their own app (a fresh database from the template) inside the test: with two workers
          // on two busy cores that alone can take tens of seconds. A time-out is a hang detector here, not a target.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias: { '@app/contracts': contracts } },
        test: {
          name: 'web',
          environment: 'jsdom',
          maxWorkers: parallelWorkers,
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: { '@app/contracts': contracts } },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // A page load polled by expect.poll: its one-second default is too short on a busy 2-core machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
