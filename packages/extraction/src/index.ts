// @svc/extraction: the engine behind the seam (engine-types.ts), built by createEngine, plus the
// pieces the edits reuse: quote parsing, grounding of one quote, settling, the response and the
// session codec; and the edit service (createEditService, edits/).
export * from './engine-types.js';
export { languages, isLanguage, localeOf, registerLocale, unregisterLocale, UnknownLanguageError } from './locale/locale-registry.js';
export type { LocaleProfile } from './locale/locale-types.js';
export { createEngine, createReader, engineConfigFromEnv, EngineConfigError, type EngineConfig, type ReaderKind } from './engine-module.js';
export { Engine, extractionFromState, countDocumentTokens, type EngineDeps, type ExtractionState } from './extraction-engine.js';
export type { Reader, ReaderCandidate, ReaderInput } from './readers/reader-types.js';
export { HeuristicReader, type HeuristicReaderOptions, type RankedCandidate } from './readers/heuristic-reader.js';
export {
    calibrate,
    calibrationGroup,
    languageTable,
    rank,
    shippedWeights,
    tableFor,
    type RankerWeights,
    type CalibrationTable,
} from './readers/ranker-model.js';
export { documentSize, finalCalibration, finalTable, finalTargets, rescaled } from './readers/ranker-final.js';
export { featureVector, VECTOR_NAMES, FEATURES } from './readers/ranker-features.js';
export { OpenAiReader, type OpenAiConfig } from './readers/openai-reader.js';
export { completionBody } from './readers/openai-protocol.js';
export { parseQuote, foldText, type ParsedValue } from './parsers/quote-parser.js';
export { CodePointIndex, codePointLength } from './grounding/code-points.js';
export type { Mention } from './grounding/mention-types.js';
export { findOccurrence, groundCandidates, numberMentions, dropWarnings } from './grounding/ground-candidates.js';
export { settle, type Settlement } from './settling/settle-extraction.js';
export { buildResponse, type ReconciliationRecord } from './response/response-builder.js';
export { formatValue, type JsonValue } from './response/value-format.js';
export { loadSecretRing, secretRingOf, SECRET_FILE, type SecretRing } from './session/secret-ring.js';
export { dataDirSecret, EmptySecretError } from './session/secret-file.js';
export {
    encodeSession,
    decodeSession,
    verifySession,
    signToken,
    verifyToken,
    openToken,
    SESSION_PREFIX,
    type SessionDecode,
    type TokenOpen,
} from './session/session-codec.js';
export {
    sessionBinding,
    type SessionPayload,
    type SessionBundle,
    type SessionMention,
    type BindingInput,
} from './session/session-payload.js';
export { firstPassPayload, restoreMentions, type RestoreResult } from './session/session-state.js';
export {
    EditRejectedError,
    type EditService,
    type EditServiceContext,
    type EditAction,
    type EditDetail,
    type StoredExtraction,
    type Candidate,
    type WithdrawEntry,
    type ReconciliationPreview,
} from './edits/edit-types.js';
export { createEditService, SessionEditService, STALE_PLAN } from './edits/edit-service.js';
export { encodePlan, openPlan, sessionDigest, PLAN_PREFIX, type PlanPayload } from './edits/edit-plan.js';
export { ALTERED_SESSION, MISMATCHED_SESSION } from './edits/edit-session.js';
export { WINDOW_TOKENS } from './windows/window-planner.js';
