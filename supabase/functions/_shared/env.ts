// Reads an edge function's secrets and settings: Deno.env on Supabase's edge runtime and in the local stand-in's
// Deno, process.env under Node (the unit tests, which import handlers directly). Hosted Supabase provides SUPABASE_URL
// and the project's keys (read by apiKeys.ts); other secrets are set with `supabase secrets set NAME=value`.

interface EnvSource {
  get(name: string): string | undefined;
}

function runtimeEnv(): EnvSource {
  // Deno first: Deno 2 also has a `process` global for Node compatibility.
  const deno = (globalThis as { Deno?: { env: EnvSource } }).Deno;
  if (deno) return deno.env;
  const node = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return { get: (name) => node?.env[name] };
}

/** The value of an environment variable, or undefined when it is unset or empty. */
export function getEnv(name: string): string | undefined {
  const value = runtimeEnv().get(name);
  return value === undefined || value === '' ? undefined : value;
}

/** The value of an environment variable that the function cannot work without. */
export function requireEnv(name: string): string {
  const value = getEnv(name);
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
}
