export function transpileFolder(from: string, to: string): string;
