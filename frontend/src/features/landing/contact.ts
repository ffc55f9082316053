/**
 * Contact details shown in the landing footer. Placeholders from reserved ranges (the
 * `.example` domain of RFC 2606 and the 555-01xx fictional numbers) until the operator sets
 * real ones; they are data, not translated text.
 */
export const CONTACT_EMAIL = 'hello@slidewright.example';
export const CONTACT_PHONE = '+1 555 0100';
