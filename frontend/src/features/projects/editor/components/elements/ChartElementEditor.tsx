import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { emptyValueFor, isChartValue, type ChartValue } from '../../model';
import { ChartPreview } from './ChartPreview';
import { gridSx } from './gridStyles';
import { NumberCell } from './NumberCell';
import type { ElementEditorProps } from './types';

function normalized(value: unknown, fallback: ChartValue): ChartValue {
  const chart = isChartValue(value) ? value : fallback;
  const count = chart.categories.length;
  return {
    categories: chart.categories.map(String),
    // The server wants exactly one value per category in every series.
    series: chart.series.map((series) => ({
      name: String(series.name ?? ''),
      values: Array.from({ length: count }, (_, i) => (typeof series.values[i] === 'number' ? (series.values[i] as number) : null)),
    })),
  };
}

/** A chart: categories across, one row per series, with a live preview. */
export function ChartElementEditor({ element, value, disabled, onChange, inputId }: ElementEditorProps) {
  const { t } = useTranslation('editor');
  const chart = normalized(value, emptyValueFor(element) as ChartValue);
  const commit = (next: ChartValue) => onChange(next);
  const { categories, series } = chart;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ overflowX: 'auto', pb: 0.5 }}>
          <Box component="table" sx={gridSx} aria-label={t('elements.chartOf', { name: element.name })}>
            <thead>
              <tr>
                <th className="control" />
                {categories.map((_, col) => (
                  <th key={col} className="control">
                    <Tooltip title={t('chart.removeCategory', { number: col + 1 })}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('chart.removeCategory', { number: col + 1 })}
                          disabled={disabled || categories.length <= 1}
                          onClick={() =>
                            commit({
                              categories: categories.filter((_, c) => c !== col),
                              series: series.map((s) => ({ ...s, values: s.values.filter((_, c) => c !== col) })),
                            })
                          }
                        >
                          <RemoveCircleOutlineIcon sx={{ fontSize: 16 }} />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </th>
                ))}
                <th className="control" />
              </tr>
              <tr className="header">
                <th>
                  <InputBase value={t('chart.seriesHeader')} disabled inputProps={{ 'aria-hidden': true, tabIndex: -1 }} />
                </th>
                {categories.map((category, col) => (
                  <th key={col}>
                    <InputBase
                      id={col === 0 ? inputId : undefined}
                      value={category}
                      disabled={disabled}
                      placeholder={t('chart.categoryPlaceholder', { number: col + 1 })}
                      onChange={(event) => commit({ ...chart, categories: categories.map((c, i) => (i === col ? event.target.value : c)) })}
                      inputProps={{ 'aria-label': t('chart.category', { number: col + 1 }) }}
                    />
                  </th>
                ))}
                <th className="control" />
              </tr>
            </thead>
            <tbody>
              {series.map((row, s) => (
                <tr key={s}>
                  <td className="header-cell">
                    <InputBase
                      value={row.name}
                      disabled={disabled}
                      placeholder={t('chart.seriesPlaceholder', { number: s + 1 })}
                      onChange={(event) => commit({ ...chart, series: series.map((item, i) => (i === s ? { ...item, name: event.target.value } : item)) })}
                      inputProps={{ 'aria-label': t('chart.seriesName', { number: s + 1 }) }}
                    />
                  </td>
                  {row.values.map((cell, col) => (
                    <td key={col}>
                      <NumberCell
                        value={cell}
                        disabled={disabled}
                        label={t('chart.value', { series: s + 1, category: col + 1 })}
                        onChange={(number) =>
                          commit({
                            ...chart,
                            series: series.map((item, i) => (i === s ? { ...item, values: item.values.map((v, c) => (c === col ? number : v)) } : item)),
                          })
                        }
                      />
                    </td>
                  ))}
                  <td className="control">
                    <Tooltip title={t('chart.removeSeries', { number: s + 1 })}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('chart.removeSeries', { number: s + 1 })}
                          disabled={disabled || series.length <= 1}
                          onClick={() => commit({ ...chart, series: series.filter((_, i) => i !== s) })}
                        >
                          <RemoveCircleOutlineIcon sx={{ fontSize: 16 }} />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
        {!disabled && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => commit({ categories: [...categories, ''], series: series.map((s) => ({ ...s, values: [...s.values, null] })) })}
            >
              {t('chart.addCategory')}
            </Button>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => commit({ ...chart, series: [...series, { name: '', values: categories.map(() => null) }] })}
            >
              {t('chart.addSeries')}
            </Button>
          </Stack>
        )}
      </Box>
      <Box sx={{ maxWidth: 440, width: '100%', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        <ChartPreview value={chart} chartType={element.chart?.chartType} label={t('chart.previewOf', { name: element.name })} />
      </Box>
    </Box>
  );
}
