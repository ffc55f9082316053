/**
 * The servers the end-to-end tests run against (see playwright.config.ts). E2E_PORT moves all
 * of them, so two runs on one machine do not collide:
 * - PORT: the app with its embedded defaults (the offline assistant);
 * - PORT + 100: the app wired to a fake OpenAI-compatible model on PORT + 200.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8123);
export const AI_PORT = PORT + 100;
export const FAKE_MODEL_PORT = PORT + 200;
export const AI_BASE_URL = `http://127.0.0.1:${AI_PORT}`;
