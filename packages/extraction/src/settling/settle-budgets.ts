// What settling one component may spend (docs/extraction.md, "Bounds"), in evaluation costs
// (settle-search.ts, `evaluationCost`). A search gets at most 100,000 per component; an
// extraction's components together get at most 200,000 for their searches, 100,000 for deciding
// which relations their conflicts break and 200,000 for their repairs, so a schema of many long
// relations cannot hold a worker for minutes. The extraction's amounts are split in equal shares
// among the components that evaluate anything (those with a relation or an `applicable_when`),
// which depends on the schema alone. Handed out in order, as before, a component's budget depended
// on what the components before it had spent: a repair checked with a budget of its own could,
// once reconciled, find its component settled greedily with less, and not give its `outcome`.
import type { CompiledSchema } from '@svc/compiler';
import type { Component } from './settle-components.js';
import { MAX_RELATION_EVALUATIONS } from './settle-search.js';

/** What all components of one extraction may spend together. */
export interface SettlementBudget {
    search: number;
    breaks: number;
    repairs: number;
}

/** The extraction's amounts (the most any document of the labelled or users' sets spends: 18, 4 and 3,668). */
export const SETTLEMENT_BUDGET: Readonly<SettlementBudget> = { search: 200_000, breaks: 100_000, repairs: 200_000 };

/** What one component may spend; `breaks` and `repairs` are drawn down as its conflicts spend them. */
export interface ComponentBudget {
    /**
     * Every search of the component: its settlement, and each settlement again that confirms a
     * repair. A search that finishes within a smaller budget finishes the same way within this one,
     * so a repair confirmed within it is what a reconcile gives.
     */
    readonly search: number;
    breaks: number;
    repairs: number;
}

/** The budget of a component settled alone (a schema with one component that evaluates anything). */
export function soleComponentBudget(): ComponentBudget {
    return componentShare(SETTLEMENT_BUDGET, 1);
}

function componentShare(totals: Readonly<SettlementBudget>, sharing: number): ComponentBudget {
    const n = Math.max(1, sharing);
    return {
        search: Math.min(MAX_RELATION_EVALUATIONS, Math.floor(totals.search / n)),
        breaks: Math.floor(totals.breaks / n),
        repairs: Math.floor(totals.repairs / n),
    };
}

/** Whether settling the component can evaluate an expression (a relation or an applicable_when). */
function evaluates(schema: CompiledSchema, c: Component): boolean {
    return c.relations.length > 0 || c.fields.some((f) => schema.fields[f]!.applicableWhen !== undefined);
}

/**
 * Each component's budget, fresh (in the order of `components`). A component that evaluates
 * nothing gets a share too: its search still needs room for its leaves, and spends no evaluation.
 */
export function componentBudgets(
    schema: CompiledSchema,
    components: readonly Component[],
    totals: Readonly<SettlementBudget> = SETTLEMENT_BUDGET,
): ComponentBudget[] {
    const sharing = components.filter((c) => evaluates(schema, c)).length;
    return components.map(() => componentShare(totals, sharing));
}
