// Langium dependency-injection module of the expression language. Only the core services are used:
// the compiler parses single expression strings, there are no expression files on disk to link.
import { EmptyFileSystem, inject, type LangiumCoreServices } from 'langium';
import { createDefaultCoreModule, createDefaultSharedCoreModule } from 'langium';
import { SvcExprGeneratedModule, SvcExprGeneratedSharedModule } from './generated/module.js';
import { createFlatLinkingParser } from './flat-parser.js';

/** Our overrides of Langium's defaults. */
export const SvcExprModule = {
    parser: { LangiumParser: (services: LangiumCoreServices) => createFlatLinkingParser(services) },
};

export type SvcExprServices = LangiumCoreServices;

let cached: SvcExprServices | undefined;

/** Builds (once) the Langium services of the expression language. */
export function createSvcExprServices(): SvcExprServices {
    if (cached) return cached;
    const shared = inject(createDefaultSharedCoreModule(EmptyFileSystem), SvcExprGeneratedSharedModule);
    const services = inject(createDefaultCoreModule({ shared }), SvcExprGeneratedModule, SvcExprModule);
    shared.ServiceRegistry.register(services);
    cached = services;
    return services;
}
