// The one place this package imports value helpers and the IR evaluator from the compiler, so the
// rest of the engine shares exactly the compiler's notion of dates, decimals, durations and
// relation outcomes (a reading the compiler would judge differently would settle differently).
export {
    Dec,
    formatDecimal,
    daysFromCivil,
    daysInMonth,
    formatIsoDate,
    formatIsoDateTime,
    formatDuration,
    currencyMinorUnits,
    isCurrencyCode,
    evaluateCode,
    evaluateRelation,
    MS_PER_DAY,
    type RelationOutcome,
} from '@svc/compiler/core';
