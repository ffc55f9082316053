import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import { useAiStatus, useCheckAiConnection, type AiStatus, type ModeTrial } from '../api/aiStatus';
import { contextSource, healthState, lastError, modeDescription, modeSource, serverName, tokenCounting, trialDetail, type HealthState } from './aiStatusText';

const STATE_COLORS: Record<HealthState, 'success' | 'error' | 'default'> = { ok: 'success', failing: 'error', unknown: 'default' };

/** Label and value pairs as a description list: two columns on wide screens (one width for every list, so they line up), stacked on phones. */
function Facts({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '260px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}
    >
      {rows.map(([name, value]) => (
        <Fragment key={name}>
          <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
            {name}
          </Typography>
          <Typography component="dd" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * Profile → Settings, for admins (issue 18): the AI model the server uses (server, context
 * window, structured-output mode and how each was found), its health (last success, median
 * latency, how often the offline assistant had to complete answers, the last error), and Test
 * connection, which probes the server again and lists every mode it tried.
 */
export function AiStatusSection() {
  const { t } = useTranslation('profile');
  const describeError = useErrorMessage();
  const status = useAiStatus(true);
  const check = useCheckAiConnection();

  if (status.isError) return <Alert severity="error">{t('aiStatus.loadFailed', { reason: describeError(status.error) })}</Alert>;
  if (!status.data) return null;
  if (status.data.provider === 'offline') return <Alert severity="info">{t('aiStatus.offline')}</Alert>;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ModelFacts status={status.data} />
      <Box>
        <Button variant="outlined" startIcon={<NetworkCheckIcon />} loading={check.isPending} loadingPosition="start" onClick={() => check.mutate()}>
          {check.isPending ? t('aiStatus.testing') : t('aiStatus.test')}
        </Button>
      </Box>
      {/* A polite region: the verdict is read out when the test ends, without taking the focus. */}
      <Box role="status">
        {check.isError && <Alert severity="error">{t('aiStatus.testFailed', { reason: describeError(check.error) })}</Alert>}
        {check.data && (
          <Alert severity={check.data.ok ? 'success' : 'warning'} role="none">
            {check.data.summary}
          </Alert>
        )}
      </Box>
      {check.data?.status.endpoint && check.data.status.endpoint.trials.length > 0 && <Trials trials={check.data.status.endpoint.trials} />}
    </Box>
  );
}

function ModelFacts({ status }: { status: AiStatus }) {
  const { t } = useTranslation('profile');
  const { uiLanguage } = useLanguage();
  const { endpoint, health } = status;
  const when = (value: string | null | undefined) => formatRelativeTime(value, uiLanguage) ?? t('aiStatus.never');
  const seconds = (value: number) => t('aiStatus.seconds', { value });

  const model: [string, ReactNode][] = [[t('aiStatus.fields.model'), status.model ?? '']];
  if (endpoint) {
    model.push(
      [t('aiStatus.fields.server'), t('aiStatus.serverAt', { server: serverName(endpoint.server, t), url: status.baseUrl ?? '' })],
      [t('aiStatus.fields.context'), t('aiStatus.contextTokens', { tokens: endpoint.contextTokens, source: contextSource(endpoint.contextSource, t) })],
      [
        t('aiStatus.fields.mode'),
        t('aiStatus.modeValue', { mode: endpoint.mode, description: modeDescription(endpoint.mode, t), source: modeSource(endpoint.modeSource, t) }),
      ],
      [t('aiStatus.fields.tokenCounting'), tokenCounting(endpoint.tokenCounting, t)],
    );
  } else {
    model.push([t('aiStatus.fields.server'), status.baseUrl ?? '']);
  }
  if (status.deadlineSeconds != null && status.maxConcurrent != null) {
    model.push([t('aiStatus.fields.limits'), t('aiStatus.limits', { seconds: status.deadlineSeconds, count: status.maxConcurrent })]);
  }
  if (endpoint) model.push([t('aiStatus.fields.checkedAt'), when(endpoint.checkedAt)]);

  const state = healthState(health?.state ?? 'unknown');
  const healthRows: [string, ReactNode][] = [
    [t('aiStatus.fields.state'), <Chip key="state" size="small" variant="outlined" color={STATE_COLORS[state]} label={t(`aiStatus.states.${state}`)} />],
    [t('aiStatus.fields.lastSuccess'), when(health?.lastSuccessAt)],
    [t('aiStatus.fields.medianLatency'), health?.medianLatencyMs != null ? seconds(health.medianLatencyMs / 1000) : t('aiStatus.never')],
    [t('aiStatus.fields.fallbackShare'), health?.fallbackShare != null ? t('aiStatus.share', { percent: Math.round(health.fallbackShare * 100) }) : t('aiStatus.never')],
  ];
  if (health?.lastError) healthRows.push([t('aiStatus.fields.lastError'), `${lastError(health.lastError, t)} · ${when(health.lastFailureAt)}`]);

  return (
    <>
      {!endpoint && <Alert severity="info">{t('aiStatus.notChecked')}</Alert>}
      {endpoint && !endpoint.reachable && <Alert severity="warning">{t('aiStatus.unreachable')}</Alert>}
      <Facts label={t('aiStatus.title')} rows={model} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
        {t('aiStatus.health')}
      </Typography>
      <Facts label={t('aiStatus.health')} rows={healthRows} />
    </>
  );
}

/** The modes Test connection tried, one row each. Scrolls sideways on a phone (focusable so a keyboard can). */
function Trials({ trials }: { trials: ModeTrial[] }) {
  const { t } = useTranslation('profile');
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('aiStatus.trials.caption')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* Data tables may scroll sideways at 320 px (WCAG 1.4.10); squeezed columns would wrap word by word. */}
      <Table size="small" sx={{ minWidth: 460, '& td, & th': { whiteSpace: 'nowrap' } }}>
        <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 600 }}>{t('aiStatus.trials.caption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('aiStatus.trials.mode')}</TableCell>
            <TableCell scope="col">{t('aiStatus.trials.result')}</TableCell>
            <TableCell scope="col">{t('aiStatus.trials.detail')}</TableCell>
            <TableCell scope="col" align="right">
              {t('aiStatus.trials.time')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trials.map((trial) => (
            <TableRow key={trial.mode}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                {trial.mode}
              </TableCell>
              <TableCell sx={{ color: trial.ok ? 'success.dark' : 'error.dark', fontWeight: 600 }}>{trial.ok ? t('aiStatus.trials.works') : t('aiStatus.trials.fails')}</TableCell>
              <TableCell>{trialDetail(trial.detail, t)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('aiStatus.seconds', { value: trial.seconds })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
