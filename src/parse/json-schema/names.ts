// Names for what the JSON Schema front end declares, and for the methods of the catalog's stubs:
// words are split on anything that is not a letter or a digit and on lower→upper case changes, so
// `get-sum`, `get_sum` and `getSum` all read as the words "get" and "sum".

function words(name: string): string[] {
  return name
    .split(/[^\p{L}\p{Nd}]+/u)
    .flatMap((part) => part.split(/(?<=[\p{Ll}\p{Nd}])(?=\p{Lu})/u))
    .filter(Boolean);
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const lowerFirst = (word: string) => word.charAt(0).toLowerCase() + word.slice(1);

/** An identifier cannot start with a digit: `3d-view` → `_3dView`. */
function identifier(text: string): string {
  if (!text) return "_";
  return /^\p{Nd}/u.test(text) ? `_${text}` : text;
}

/** `get-sum` → `GetSum`, `open_incident` → `OpenIncident` (the rest of each word kept as written). */
export function pascalCase(name: string): string {
  return identifier(words(name).map(upperFirst).join(""));
}

/** `get-sum` → `getSum`, `Open_Incident` → `openIncident`. */
export function camelCase(name: string): string {
  const [first = "", ...rest] = words(name);
  return identifier(lowerFirst(first) + rest.map(upperFirst).join(""));
}

/**
 * Declaration names, unique in one model: a taken name gets the next free number. Reserving a
 * name reserves the names the emitters derive from it (`XSchema`; the guards are camelCase and
 * cannot collide with PascalCase declarations), so no two exports of the output can clash.
 */
export class DeclarationNames {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  allocate(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.clashes(name); n++) name = `${wanted}${n}`;
    this.taken.add(name);
    this.taken.add(`${name}Schema`);
    return name;
  }

  private clashes(name: string): boolean {
    return this.taken.has(name) || this.taken.has(`${name}Schema`);
  }
}
