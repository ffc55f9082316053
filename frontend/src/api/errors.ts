/**
 * Every failed API call rejects with an `ApiError` carrying the backend's stable `errorCode`
 * (ARCHITECTURE §4); the UI translates the code and only falls back to `message`, which the
 * server already localises from Accept-Language, for codes it does not know.
 * Network failures reject with the browser's TypeError instead, so "no response" stays
 * distinguishable (spec §8: 'An unexpected error occurred').
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, errorCode: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds an ApiError from any error body, including non-JSON ones from proxies. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.errorCode === 'string') {
    return new ApiError(
      status,
      body.errorCode,
      typeof body.message === 'string' ? body.message : '',
      isRecord(body.details) ? body.details : {},
    );
  }
  return new ApiError(status, `http_${status}`, typeof body === 'string' ? body.slice(0, 200) : '');
}
