/** Runs `body` with these environment variables (undefined: unset), restoring the previous values after. */
export async function withEnv<T>(env: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  };
  set(env);
  try {
    return await body();
  } finally {
    set(saved);
  }
}
