// How keys are listed by `svc keys list` and `svc accounts show`: never the secret, only its prefix.
import type { KeyRecord } from '@svc/runtime-server';

export interface ListedKey {
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    created_at: string;
    expires_at: string | null;
    revoked_at: string | null;
}

export function listed(k: KeyRecord): ListedKey {
    return {
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        scopes: [...k.scopes],
        created_at: k.createdAt,
        expires_at: k.expiresAt,
        revoked_at: k.revokedAt,
    };
}

export function keyLine(k: ListedKey): string {
    return `${k.id}  ${k.prefix}…  ${k.name}  [${k.scopes.join(',')}]  expires ${k.expires_at ?? 'never'}${k.revoked_at ? `  revoked ${k.revoked_at}` : ''}`;
}
