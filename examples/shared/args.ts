// The command-line and environment the examples read, with no `node:` import and no `process`:
// the deploy entries (examples/deploy/) pass in their runtime's own argv and environment.

/** The port of `--port PORT`, or undefined without the flag. */
export function portArgument(argv: readonly string[]): number | undefined {
  const at = argv.indexOf("--port");
  if (at < 0) return undefined;
  const port = Number(argv[at + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a port number, got ${argv[at + 1]}`);
  return port;
}

/**
 * MCP_STATE_SECRET, required over HTTP: the retry of a multi round-trip request may reach another
 * process (or this one restarted), so the key that seals its requestState cannot be made up here.
 */
export function requiredSecret(secret: string | undefined): string {
  if (secret) return secret;
  throw new Error("MCP_STATE_SECRET is required over HTTP (32 bytes or more, the same for every process of this server): it seals the requestState of multi round-trip requests.");
}
