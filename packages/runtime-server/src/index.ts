export const RUNTIME_SERVER_PLACEHOLDER = true; // replaced by the server's modules
