/**
 * Query keys shared across features. Only keys that more than one feature must agree on live
 * here (the signed-in user is read by auth and updated by the profile); the rest stay local.
 */
export const currentUserKey = ['users', 'me'] as const;
