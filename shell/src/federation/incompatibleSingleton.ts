/**
 * The shared module a section needs in another major version than the shell provides (Module Federation refuses a
 * strict singleton that does not satisfy the section's requirement), as `@site/shared-ui/eventBus ^2.0.0`.
 */
export function incompatibleSingleton(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match =
    /shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^\s)]+)/.exec(
      message,
    );
  return match ? `${match[1]} ${match[2]}` : undefined;
}

// The runtime reports such a refusal to the runtime plugins (remoteErrorPlugin), then hands the section an empty
// module, so the error that reaches the slot is an unrelated one: the refusal is kept here, by section module.
const refusals = new Map<string, string>();

/** Remembers why a section module was refused, when it was for a shared module's version. */
export function recordRefusal(moduleId: string, error: unknown): void {
  const needs = incompatibleSingleton(error);
  if (needs) refusals.set(moduleId, needs);
}

/** What the section module needs that the shell does not provide, if that is why it was refused. */
export function refusalOf(moduleId: string, error?: unknown): string | undefined {
  return refusals.get(moduleId) ?? incompatibleSingleton(error);
}
