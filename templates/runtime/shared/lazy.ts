// The exported schemas of a generated schemas.ts are built on first use, not at import. A
// revision holds about 600 Zod instances, each about 10 µs to build in a cold process: building
// them at import cost every server and client that imports its output about 10 ms per revision
// at start, while a server that only meets valid messages (the fast validators answer those)
// never needs them. Each export is a stand-in (a Proxy) for its schema: the first time anything
// is asked of one (a property, `instanceof`, its keys), the module's schemas are built, all
// together, and from then on every operation is forwarded to the built schema. The schemas
// inside the built ones refer to each other directly, never through a stand-in.
//
// What differs from a plain schema: identity. The stand-in is not the object Zod's own walks
// meet (`XSchema.shape`, `.options`, `_zod.def`), so a WeakMap or registry keyed by the export
// (`z.globalRegistry.add(XSchema, …)`) does not see the schema where it is nested; `.meta()` and
// `.describe()` (new schemas) do not have that problem.

/** What is kept of each stand-in: how its schema is built, and the schema once it is. */
class Pending {
  value: object | undefined = undefined;
  constructor(readonly resolve: () => object) {}
}

const pendingOf = new WeakMap<object, Pending>();
const callbacks = new WeakMap<Pending, Array<(schema: object) => void>>();

function built(target: Pending): object {
  if (target.value === undefined) {
    const value = target.resolve();
    // Building the module settles every stand-in of it; a member's settles when its schema is.
    if (target.value === undefined) settle(target, value);
  }
  return target.value!;
}

/**
 * A non-configurable property may only be reported as it is on the target (a Proxy invariant):
 * it is copied onto the target (the schema's own `_zod` is one) before it is reported.
 */
function reported(target: Pending, key: PropertyKey, descriptor: PropertyDescriptor | undefined): PropertyDescriptor | undefined {
  if (descriptor && !descriptor.configurable) Reflect.defineProperty(target, key, descriptor);
  return descriptor;
}

const forward: ProxyHandler<Pending> = {
  get: (target, key) => Reflect.get(built(target), key),
  set: (target, key, value) => Reflect.set(built(target), key, value),
  has: (target, key) => Reflect.has(built(target), key),
  deleteProperty: (target, key) => Reflect.deleteProperty(built(target), key),
  defineProperty: (target, key, descriptor) => Reflect.defineProperty(built(target), key, descriptor),
  ownKeys: (target) => Reflect.ownKeys(built(target)),
  getOwnPropertyDescriptor: (target, key) => reported(target, key, Reflect.getOwnPropertyDescriptor(built(target), key)),
  getPrototypeOf: (target) => Reflect.getPrototypeOf(built(target)),
  setPrototypeOf: (target, prototype) => Reflect.setPrototypeOf(built(target), prototype),
};

function standIn(resolve: () => object): object {
  const target = new Pending(resolve);
  const proxy = new Proxy(target, forward);
  pendingOf.set(proxy, target);
  return proxy;
}

/** Settles a stand-in on its schema, then runs what waited for it ({@link whenBuilt}). */
function settle(target: Pending, value: object): void {
  target.value = value;
  const waiting = callbacks.get(target);
  callbacks.delete(target);
  for (const callback of waiting ?? []) callback(value);
}

/**
 * The exports of a schemas module: `schema("XSchema")` is the stand-in of what `build()` returns
 * under that name. The first use of any of them builds them all (once), with Zod's compile hook
 * paused (see pauseCompile: the schemas keep Zod's runtime parser).
 */
export function lazyExports<B extends object>(build: () => B, pauseCompile: () => () => void): <K extends keyof B>(name: K) => B[K] {
  const targets = new Map<keyof B, Pending>();
  let all: B | undefined;
  const buildAll = (): B => {
    if (all) return all;
    const resume = pauseCompile();
    try {
      all = build();
    } finally {
      resume();
    }
    for (const [name, target] of targets) settle(target, all[name] as object);
    return all;
  };
  return <K extends keyof B>(name: K): B[K] => {
    const proxy = standIn(() => buildAll()[name] as object);
    targets.set(name, pendingOf.get(proxy)!);
    return proxy as B[K];
  };
}

/**
 * `schema.shape[key]` (unwrapped from its optional when `unwrap`) without building `schema`
 * now: a stand-in while it is not built. The same object for the same arguments, before and
 * after the build: the METHODS table and the fast validators' table meet on it.
 */
export function lazyMember(schema: unknown, key: string, unwrap: boolean): unknown {
  let members = membersOf.get(schema as object);
  if (!members) membersOf.set(schema as object, (members = new Map()));
  const id = `${unwrap ? "unwrap" : "member"}:${key}`;
  if (!members.has(id)) members.set(id, isUnbuilt(schema) ? memberStandIn(schema, key, unwrap) : memberOf(schema, key, unwrap));
  return members.get(id);
}

const membersOf = new WeakMap<object, Map<string, unknown>>();

function memberStandIn(schema: unknown, key: string, unwrap: boolean): object {
  const member = standIn(() => memberOf(schema, key, unwrap) as object);
  const target = pendingOf.get(member)!;
  whenBuilt(schema, () => settle(target, memberOf(schema, key, unwrap) as object));
  return member;
}

function memberOf(schema: unknown, key: string, unwrap: boolean): unknown {
  const member = (schema as { shape: { [key: string]: { unwrap(): unknown } } }).shape[key];
  return unwrap ? member?.unwrap() : member;
}

/**
 * Runs `callback` with the built schema behind `schema`: now when it is built (or is no
 * stand-in), else as soon as it is, before anything else sees it.
 */
export function whenBuilt(schema: unknown, callback: (schema: object) => void): void {
  const pending = pendingOf.get(schema as object);
  if (!pending) return callback(schema as object);
  if (pending.value) return callback(pending.value);
  const waiting = callbacks.get(pending);
  if (waiting) waiting.push(callback);
  else callbacks.set(pending, [callback]);
}

/** Whether `schema` is an export whose module has not built its schemas yet (for diagnostics and tests). */
export function isUnbuilt(schema: unknown): boolean {
  const pending = pendingOf.get(schema as object);
  return pending !== undefined && pending.value === undefined;
}
