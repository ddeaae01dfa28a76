// The seam for POST /v1/extractions/edit (docs/runtime-server.md, docs/edits.md). The server checks
// the body, compiles the extraction's schema and hands both to the edit service of @svc/extraction.
// The types and the error live there (one definition, since this package depends on that one, not
// the other way round); they are re-exported here for the server's routes and its users.
export {
    EditRejectedError,
    type EditService,
    type EditAction,
    type EditDetail,
    type StoredExtraction,
    type Candidate,
    type WithdrawEntry,
    type ReconciliationPreview,
} from '@svc/extraction';
