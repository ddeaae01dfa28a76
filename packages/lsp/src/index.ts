export const LSP_PLACEHOLDER = true; // replaced by the language server's modules
