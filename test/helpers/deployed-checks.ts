// The deploy examples (examples/deploy.mjs <target>) started as their npm scripts run them, and
// the checks every deployment must hold besides conformance: the body limit, and the Host and
// Origin checks (DNS rebinding), whatever runtime or framework carries the request.
import { spawn } from "node:child_process";
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { freePort, TEST_STATE_SECRET } from "./processes.js";
import { REPO_ROOT } from "./spec.js";

export interface Deployed {
  target: string;
  url: string;
  stop: () => Promise<void>;
  stderr: () => string;
}

/** The command of `npm run example:<target>`, asserted to be the deploy script's, run without npm in between (signals reach it). */
export async function startDeployed(target: string): Promise<Deployed> {
  const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  expect(scripts[`example:${target}`]).toBe(`node examples/deploy.mjs ${target}`);
  const port = await freePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, "examples/deploy.mjs"), target, "--", "--port", String(port)], { cwd: REPO_ROOT, env: { ...process.env, MCP_STATE_SECRET: TEST_STATE_SECRET }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes("listening on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`example:${target} exited with ${code}: ${stderr}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  };
  return { target, url: `http://127.0.0.1:${port}/mcp`, stop, stderr: () => stderr };
}

const DISCOVER = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} });
const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28" };

/** A POST by node:http, with headers fetch may not set (Host): its status. */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...POST_HEADERS, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The status of a POST announcing `length` bytes, of which none is sent: the answer must come
 * from the headers alone, before the body is read. (Sending the body would race: workerd answers
 * 413 and closes, and the bytes still arriving make the client's socket reset before it reads.)
 */
function announcedPost(url: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...POST_HEADERS, "content-length": String(length) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

/**
 * The status of a chunked POST (no Content-Length) of 6 MiB, written 64 KiB at a time while no
 * answer has come: the handler reads it up to the limit, then answers 413 without the rest.
 */
function chunkedPost(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: "POST", headers: POST_HEADERS }, (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const pump = (): void => {
      while (!answered && sent < 6 * 1024 * 1024) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A body announced over the default 4 MiB limit gets 413 before it is sent, a chunked one once the limit is read; a foreign Origin or Host gets 403; the same request from loopback does not. */
export async function checkDeployedLimits(url: string): Promise<void> {
  expect(await announcedPost(url, 4 * 1024 * 1024 + 1)).toBe(413);
  expect(await chunkedPost(url)).toBe(413);
  const foreign = await fetch(url, { method: "POST", headers: { ...POST_HEADERS, origin: "http://evil.example" }, body: DISCOVER });
  expect(foreign.status).toBe(403);
  expect(await foreign.text()).toContain("Invalid Origin");
  const local = await fetch(url, { method: "POST", headers: { ...POST_HEADERS, origin: new URL(url).origin }, body: DISCOVER });
  expect(local.status).not.toBe(403);
  await local.body?.cancel();
  expect(await rawPost(url, { host: "evil.example" }, DISCOVER)).toBe(403);
}
