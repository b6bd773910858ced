import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Two test files at a time: vitest's default on 2 cores is one (cores − 1), and most files
    // wait on the type checker or a child process at some point.
    maxWorkers: 2,
  },
});
