// Where `standin serve` listens unless told otherwise: apart from start-server.ts, so that the command line reads
// them without loading the server.
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
