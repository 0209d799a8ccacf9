/**
 * Certificates in one file from the relay (`POST /certificates`): an inspector's sample, within
 * what one request may make the relay render. The relay enforces it; the pane and the command line
 * say it before asking.
 */
export const MAX_CERTIFICATES_PER_REQUEST = 100;
