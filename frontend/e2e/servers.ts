/**
 * The servers the end-to-end tests run against (see playwright.config.ts). E2E_PORT moves all
 * of them, so two runs on one machine do not collide:
 * - PORT: the app with its embedded defaults (the offline assistant);
 * - PORT + 100: the app wired to a fake OpenAI-compatible model on PORT + 200;
 * - PORT + 300: the app with chat sign-on, against a mock OpenID provider on PORT + 400.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8123);
export const AI_PORT = PORT + 100;
export const FAKE_MODEL_PORT = PORT + 200;
export const AI_BASE_URL = `http://127.0.0.1:${AI_PORT}`;
export const SSO_PORT = PORT + 300;
export const OIDC_PORT = PORT + 400;
export const SSO_BASE_URL = `http://127.0.0.1:${SSO_PORT}`;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
