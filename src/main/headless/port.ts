/** The headless server's default port (its own module so the CLI can name it without loading the server). */
export const DEFAULT_PORT = 4680;
