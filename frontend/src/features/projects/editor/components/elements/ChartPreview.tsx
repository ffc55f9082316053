import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChartValue } from '../../model';

/** Series colours: the brand's terracotta, blue-grey and purple first. */
const SERIES_COLORS = ['#A64528', '#4F6B78', '#6F48B8', '#2E8B57', '#E09A00', '#1E6FD9', '#C2185B', '#00838F'];

const W = 400;
const H = 200;
const M = { top: 10, right: 10, bottom: 28, left: 36 };

type Kind = 'column' | 'line' | 'pie';

function kindOf(chartType: string | undefined): Kind {
  const type = (chartType ?? '').toLowerCase();
  if (type.includes('pie') || type.includes('doughnut')) return 'pie';
  if (type.includes('line') || type.includes('area')) return 'line';
  return 'column';
}

function shortLabel(text: string, max = 10) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function niceMax(value: number) {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 2.5, 5, 10];
  return (steps.find((step) => step * magnitude >= value) ?? 10) * magnitude;
}

/**
 * A light live preview of the chart values (columns, lines or a pie, after the template chart's
 * type): enough to see that numbers land where intended, without a charting library. The
 * exported slide keeps the template's own native chart and style.
 */
export function ChartPreview({ value, chartType, label }: { value: ChartValue; chartType?: string; label: string }) {
  const { t } = useTranslation('editor');
  const kind = kindOf(chartType);
  const numbers = value.series.flatMap((series) => series.values.filter((v): v is number => typeof v === 'number'));
  if (value.categories.length === 0 || numbers.length === 0) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: 140, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 2 }}>
        <Typography variant="body2" color="text.secondary" align="center">
          {t('chart.previewEmpty')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box>
      <Box component="svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} sx={{ width: '100%', height: 'auto', display: 'block' }}>
        {kind === 'pie' ? <Pie value={value} /> : <Axes value={value} kind={kind} numbers={numbers} />}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 0.5, justifyContent: 'center' }}>
        {(kind === 'pie' ? value.categories : value.series.map((series) => series.name)).map((name, index) => (
          <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, typography: 'caption', color: 'text.secondary' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: SERIES_COLORS[index % SERIES_COLORS.length] }} />
            {name || t('chart.unnamed', { number: index + 1 })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Axes({ value, kind, numbers }: { value: ChartValue; kind: Kind; numbers: number[] }) {
  const top = niceMax(Math.max(0, ...numbers));
  const bottom = Math.min(0, ...numbers) < 0 ? -niceMax(-Math.min(...numbers)) : 0;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + ((top - v) / (top - bottom)) * plotH;
  const band = plotW / value.categories.length;
  const seriesCount = Math.max(1, value.series.length);
  const barW = Math.max(2, (band * 0.7) / seriesCount);
  const ticks = Array.from({ length: 5 }, (_, i) => bottom + ((top - bottom) * i) / 4);

  return (
    <g fontSize="10" fill="#666">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={M.left} x2={W - M.right} y1={y(tick)} y2={y(tick)} stroke="#e5e5e5" />
          <text x={M.left - 4} y={y(tick) + 3} textAnchor="end">
            {Number(tick.toPrecision(3))}
          </text>
        </g>
      ))}
      <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} stroke="#999" />
      {value.categories.map((category, index) => (
        <text key={index} x={M.left + band * (index + 0.5)} y={H - 10} textAnchor="middle">
          {shortLabel(category)}
        </text>
      ))}
      {value.series.map((series, s) => {
        const color = SERIES_COLORS[s % SERIES_COLORS.length];
        if (kind === 'line') {
          const points = series.values
            .map((v, i) => (typeof v === 'number' ? `${M.left + band * (i + 0.5)},${y(v)}` : null))
            .filter(Boolean)
            .join(' ');
          return (
            <g key={s}>
              <polyline points={points} fill="none" stroke={color} strokeWidth={2} />
              {series.values.map((v, i) => (typeof v === 'number' ? <circle key={i} cx={M.left + band * (i + 0.5)} cy={y(v)} r={3} fill={color} /> : null))}
            </g>
          );
        }
        return series.values.map((v, i) =>
          typeof v === 'number' ? (
            <rect
              key={`${s}-${i}`}
              x={M.left + band * i + band * 0.15 + barW * s}
              y={Math.min(y(v), y(0))}
              width={barW - 1}
              height={Math.max(1, Math.abs(y(v) - y(0)))}
              fill={color}
              rx={1.5}
            />
          ) : null,
        );
      })}
    </g>
  );
}

function Pie({ value }: { value: ChartValue }) {
  const values = (value.series[0]?.values ?? []).map((v) => (typeof v === 'number' && v > 0 ? v : 0));
  const total = values.reduce((sum, v) => sum + v, 0) || 1;
  const cx = W / 2;
  const cy = H / 2;
  const r = H / 2 - 12;
  // Each slice starts where the ones before it end.
  const starts = values.map((_, i) => -Math.PI / 2 + (values.slice(0, i).reduce((sum, v) => sum + v, 0) / total) * Math.PI * 2);
  return (
    <g>
      {values.map((v, i) => {
        if (v <= 0) return null;
        const start = starts[i] as number;
        const sweep = (v / total) * Math.PI * 2;
        const end = start + sweep;
        const color = SERIES_COLORS[i % SERIES_COLORS.length];
        if (sweep >= Math.PI * 2 - 1e-6) return <circle key={i} cx={cx} cy={cy} r={r} fill={color} />;
        const large = sweep > Math.PI ? 1 : 0;
        const [x1, y1] = [cx + r * Math.cos(start), cy + r * Math.sin(start)];
        const [x2, y2] = [cx + r * Math.cos(end), cy + r * Math.sin(end)];
        return <path key={i} d={`M${cx},${cy} L${x1},${y1} A${r},${r} 0 ${large} 1 ${x2},${y2} Z`} fill={color} stroke="#fff" />;
      })}
    </g>
  );
}
