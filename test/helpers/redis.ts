// Redis for the tests that need one. The suite shares one server: MCP_TEST_REDIS_URL (.ci/run
// starts it), else one the global setup starts on a random loopback port. Tests that stop and
// restart Redis start a private redis-server of their own. Without Redis those tests fail with a
// message saying how to get one; they are skipped only when MCP_TEST_NO_REDIS=1 says so on purpose.
import { createClient } from "redis";
import { inject } from "vitest";
import { HOW } from "./redis-server.js";

export { startRedis, type RedisProcess } from "./redis-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string | undefined;
  }
}

/** True when the run was asked to leave out the tests that need Redis. */
export const NO_REDIS: boolean = process.env["MCP_TEST_NO_REDIS"] === "1";

/** The shared Redis of the run. */
export function sharedRedisUrl(): string {
  const url = process.env["MCP_TEST_REDIS_URL"] || inject("redisUrl");
  if (!url) throw new Error(`no Redis for the tests: ${HOW}`);
  return url;
}

/** A prefix no other test uses, so that tests sharing one Redis never see each other's keys. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}

export type Client = Awaited<ReturnType<typeof connected>>;

/** A connected node-redis client (it never crashes its process: errors are swallowed, the store reports them). */
export async function connected(url: string) {
  const client = createClient({ url });
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

