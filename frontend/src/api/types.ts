import type { components } from './schema';

/** Short names for the generated schema types used across features. */
type Schemas = components['schemas'];

export type User = Schemas['UserRead'];
export type PublicUser = Schemas['PublicUserRead'];
export type AuthResponse = Schemas['AuthResponse'];
export type Tag = Schemas['TagRead'];
export type LicenseStatus = Schemas['LicenseStatus'];
export type AppConfig = Schemas['AppConfig'];

/** Roles and auth types are plain strings in the schema; these are the values the UI knows. */
export const ADMIN_ROLE = 'Admin';
export const CHAT_AUTH_TYPE = 'chat';

/** The backend's password minimum (spec §9), checked client-side before sending. */
export const PASSWORD_MIN_LENGTH = 6;
