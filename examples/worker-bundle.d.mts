/** Bundles `entryPoint` into `outfile` as one module worker; resolves with the imports the bundle still makes (throws on a `node:` one). */
export function bundleWorker(entryPoint: string, outfile: string): Promise<string[]>;
/** A workerd config serving `bundle` (relative to the config) on 127.0.0.1:port, with `extra` Worker fields. */
export function workerdConfig(bundle: string, port: number, extra?: string): string;
