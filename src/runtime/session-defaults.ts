// MK5's session defaults, in a module of their own so that the command line reads them (its help, its checks)
// without loading the runtime: a mistyped option is answered before the mock's modules load.

/** MK5: the most sessions kept at once, and how long an idle one is kept (one hour). */
export const DEFAULT_MAX_SESSIONS = 32;
export const DEFAULT_SESSION_TTL_MS = 60 * 60 * 1000;
