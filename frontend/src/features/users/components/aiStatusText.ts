import type { TFunction } from 'i18next';

/**
 * The AI status in the admin's language. The server sends codes and short English technical
 * words (a server kind, a mode, "HTTP 500"); these name them per language, and show anything
 * unknown as it came rather than hide it.
 */

type Translate = TFunction<'profile'>;

function oneOf<T extends string>(value: string, known: readonly T[]): value is T {
  return (known as readonly string[]).includes(value);
}

const SERVERS = { 'llama.cpp': 'llamaCpp', 'llama-cpp-python': 'llamaCppPython', ollama: 'ollama', vllm: 'vllm' } as const;

export function serverName(server: string, t: Translate): string {
  return server in SERVERS ? t(`aiStatus.servers.${SERVERS[server as keyof typeof SERVERS]}`) : t('aiStatus.servers.unknown');
}

const CONTEXT_SOURCES = ['setting', 'server', 'error', 'assumed'] as const;

export function contextSource(source: string, t: Translate): string {
  return oneOf(source, CONTEXT_SOURCES) ? t(`aiStatus.contextSources.${source}`) : source;
}

const MODES = ['json_schema', 'json_object_schema', 'guided_json', 'json_object', 'none'] as const;

/** What a structured-output mode means, e.g. "held to each task's JSON schema". */
export function modeDescription(mode: string, t: Translate): string {
  return oneOf(mode, MODES) ? t(`aiStatus.modes.${mode}`) : t('aiStatus.modes.other');
}

const MODE_SOURCES = ['setting', 'probed'] as const;

export function modeSource(source: string, t: Translate): string {
  return oneOf(source, MODE_SOURCES) ? t(`aiStatus.modeSources.${source}`) : source;
}

export function tokenCounting(value: string, t: Translate): string {
  return value === 'server' ? t('aiStatus.tokenCountingValues.server') : t('aiStatus.tokenCountingValues.estimate');
}

const STATES = ['ok', 'failing', 'unknown'] as const;
export type HealthState = (typeof STATES)[number];

export function healthState(state: string): HealthState {
  return oneOf(state, STATES) ? state : 'unknown';
}

// The reasons the server gives for a failed model request (see the backend's openai_compat).
const REASONS = {
  timeout: 'timeout',
  'connection failed': 'connectionFailed',
  'credentials refused': 'credentialsRefused',
  'model or endpoint not found': 'notFound',
  busy: 'busy',
  'server error': 'serverError',
  'no structured output': 'noStructuredOutput',
  'no free model slot': 'noFreeSlot',
} as const;

function reason(text: string, t: Translate): string {
  const http = /^HTTP (\d{3})$/.exec(text);
  if (http) return t('aiStatus.reasons.http', { status: http[1] });
  return text in REASONS ? t(`aiStatus.reasons.${REASONS[text as keyof typeof REASONS]}`) : text;
}

const ERROR_KINDS = ['ai_timeout', 'ai_unavailable', 'ai_bad_response', 'ai_rate_limited', 'ai_prompt_too_long', 'ai_request_rejected'] as const;

/** `lastError` ("ai_unavailable: HTTP 500") as "Could not be reached or failed (HTTP status 500)". */
export function lastError(value: string, t: Translate): string {
  const colon = value.indexOf(':');
  const code = colon < 0 ? value : value.slice(0, colon);
  const why = colon < 0 ? '' : value.slice(colon + 1).trim();
  const kind = oneOf(code, ERROR_KINDS) ? t(`aiStatus.errorKinds.${code}`) : t('aiStatus.errorKinds.other');
  if (!why) return oneOf(code, ERROR_KINDS) ? kind : `${kind} (${code})`;
  return t('aiStatus.lastErrorValue', { kind, reason: reason(why, t) });
}

/** A mode trial's detail ("valid", "answer not in the schema", "HTTP 500", an exception's name). */
export function trialDetail(detail: string, t: Translate): string {
  if (detail === 'valid') return t('aiStatus.trials.details.valid');
  if (detail === 'answer not in the schema') return t('aiStatus.trials.details.notInSchema');
  if (detail === 'refused') return t('aiStatus.trials.details.refused');
  return reason(detail, t);
}
