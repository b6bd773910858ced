// The exported schemas of a generated schemas.ts are built on first use, not at import. A
// revision holds about 600 Zod instances, each about 10 µs to build in a cold process: building
// them at import cost every server and client that imports its output about 10 ms per revision
// at start, while a server that only meets valid messages (the fast validators answer those)
// never needs them.
//
// Each export is a stand-in: an empty object whose prototype is a Proxy. The first time anything
// is asked of it that it does not have (any property, `in`, `instanceof`), the Proxy's trap
// builds every schema of the module, and each stand-in becomes a copy of its schema: the same
// prototype and the same own properties (Zod keeps an instance's state in `_zod`, one object
// shared by both). From then on a stand-in is a plain Zod schema, with no Proxy left in the way
// (a Proxy's trap on every call cost `XSchema.safeParse` about 40 ns). The schemas inside the
// built ones refer to each other directly, never to a stand-in.
//
// What differs from a plain schema: identity. The stand-in is not the object Zod's own walks
// meet (`XSchema.shape`, `.options`, `_zod.def`), so a WeakMap or registry keyed by the export
// (`z.globalRegistry.add(XSchema, …)`) does not see the schema where it is nested; `.meta()` and
// `.describe()` (new schemas) do not have that problem. And before its module is built, a
// stand-in has no own keys (`Object.keys(XSchema)` is empty until a property has been read).

/** What is kept of each stand-in: how its schema is built, and the schema once it is. */
interface Pending {
  readonly standIn: object;
  readonly resolve: () => object;
  value: object | undefined;
  /** The stand-in is the schema's copy (see adopt). */
  adopted: boolean;
  /** The stand-ins of one schemas module share this (see whenModuleBuilt); a member stand-in has none. */
  readonly module: ModuleHooks | undefined;
}

/** What runs when a schemas module is built, before any of its stand-ins is settled. */
interface ModuleHooks {
  built: boolean;
  waiting: Array<() => void> | undefined;
}

/** By stand-in, and by the Proxy target behind it. */
const pendingOf = new WeakMap<object, Pending>();
const callbacks = new WeakMap<Pending, Array<(schema: object) => void>>();

function built(pending: Pending): object {
  if (pending.value === undefined) {
    const value = pending.resolve();
    // Building the module settles every stand-in of it; a member's settles when its schema is.
    if (pending.value === undefined) settle(pending, value);
  }
  return pending.value!;
}

/**
 * Builds, then does the operation again where it began: the stand-in is the schema's copy by
 * then (or, while the build's own callbacks run, not yet: they are answered by the schema).
 */
const building: ProxyHandler<object> = {
  get(target, key, receiver) {
    const pending = pendingOf.get(target)!;
    const schema = built(pending);
    return pending.adopted ? Reflect.get(receiver, key) : Reflect.get(schema, key);
  },
  set(target, key, value, receiver) {
    const pending = pendingOf.get(target)!;
    const schema = built(pending);
    return pending.adopted ? Reflect.set(receiver, key, value) : Reflect.set(schema, key, value);
  },
  has: (target, key) => Reflect.has(built(pendingOf.get(target)!), key),
  // An `instanceof` walk that reached the Proxy goes on from the schema's prototype.
  getPrototypeOf: (target) => Reflect.getPrototypeOf(built(pendingOf.get(target)!)),
};

function standIn(resolve: () => object, module?: ModuleHooks): object {
  const target = Object.create(null) as object;
  const standIn = Object.create(new Proxy(target, building)) as object;
  const pending: Pending = { standIn, resolve, value: undefined, adopted: false, module };
  pendingOf.set(target, pending);
  pendingOf.set(standIn, pending);
  return standIn;
}

/** The stand-in becomes a copy of the schema: its prototype and every own property. */
function adopt(standIn: object, schema: object): void {
  Object.setPrototypeOf(standIn, Object.getPrototypeOf(schema));
  for (const key of Reflect.ownKeys(schema)) Object.defineProperty(standIn, key, Reflect.getOwnPropertyDescriptor(schema, key)!);
}

/**
 * Settles a stand-in on its schema: first what waited for the schema ({@link whenBuilt}: the
 * fast parse methods are installed on it), then the stand-in becomes its copy.
 */
function settle(pending: Pending, value: object): void {
  if (pending.value !== undefined) return;
  pending.value = value;
  const waiting = callbacks.get(pending);
  callbacks.delete(pending);
  for (const callback of waiting ?? []) callback(value);
  adopt(pending.standIn, value);
  pending.adopted = true;
}

/**
 * The exports of a schemas module: `schema(part, i)` is the stand-in of the i-th schema of that
 * part of what `build()` returns. The first use of any of them builds them all (once), with Zod's
 * compile hook paused (see pauseCompile: the schemas keep Zod's runtime parser).
 */
export function lazyExports<B extends ReadonlyArray<readonly object[]>>(build: () => B, pauseCompile: () => () => void): <P extends number, I extends number>(part: P, index: I) => B[P][I] {
  const targets: Array<[part: number, index: number, pending: Pending]> = [];
  const hooks: ModuleHooks = { built: false, waiting: undefined };
  let all: B | undefined;
  const buildAll = (): B => {
    if (all) return all;
    const resume = pauseCompile();
    try {
      all = build();
    } finally {
      resume();
    }
    hooks.built = true;
    const waiting = hooks.waiting;
    hooks.waiting = undefined;
    for (const callback of waiting ?? []) callback();
    for (const [part, index, pending] of targets) settle(pending, all[part]![index]!);
    return all;
  };
  return <P extends number, I extends number>(part: P, index: I): B[P][I] => {
    const export_ = standIn(() => buildAll()[part]![index]!, hooks);
    targets.push([part, index, pendingOf.get(export_)!]);
    return export_ as B[P][I];
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
  const pending = pendingOf.get(member)!;
  whenBuilt(schema, (built) => settle(pending, memberOf(built, key, unwrap) as object));
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

/**
 * Runs `callback` when the schemas module that exported `schema` is built, before any of its
 * stand-ins is settled (so that a {@link whenBuilt} it registers comes first); now when the module
 * is built already, or `schema` is no export stand-in. One registration per module, where one per
 * schema cost every import of a revision a closure and a WeakMap entry per export.
 */
export function whenModuleBuilt(schema: unknown, callback: () => void): void {
  const pending = pendingOf.get(schema as object);
  const module = pending?.module;
  if (!module || module.built) return callback();
  (module.waiting ??= []).push(callback);
}

/** Whether `schema` is an export whose module has not built its schemas yet (for diagnostics and tests). */
export function isUnbuilt(schema: unknown): boolean {
  const pending = pendingOf.get(schema as object);
  return pending !== undefined && pending.value === undefined;
}
