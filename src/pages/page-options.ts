// What the pages need to know of the server that serves them.

export interface PagesOptions {
  /** The server's --control-token, if any: the dashboard asks for it rather than showing it. */
  controlToken?: string | undefined;
}
