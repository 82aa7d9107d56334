/**
 * Seconds between two verification codes to one phone or e-mail (accounts §2). The server's
 * answer to a send names the interval it applies; the page counts this down when it does not.
 */
export const CODE_RESEND_SECONDS = 60;
