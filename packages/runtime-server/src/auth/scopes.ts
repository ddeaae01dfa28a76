// The three scopes of the API (docs/runtime-server.md); a key gets all of them unless told otherwise.
export const SCOPES = ['extractions:create', 'extractions:edit', 'schemas:validate'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
    return (SCOPES as readonly string[]).includes(s);
}
