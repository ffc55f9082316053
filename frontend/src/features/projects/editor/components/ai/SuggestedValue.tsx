import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '@/components/media/AuthImage';
import { formatList } from '@/i18n/format';
import { useLanguage } from '@/i18n/languageContext';
import { pictureUrl, type ElementType } from '../../../types';
import { isChartValue, isTableValue } from '../../model';

const MAX_TABLE_ROWS = 4;

/** A read-only preview of a suggested element value (text, table, chart or gallery picture). */
export function SuggestedValue({ type, value, name }: { type: ElementType | undefined; value: unknown; name: string }) {
  const { t } = useTranslation('editor');
  const { language } = useLanguage();
  if (type === 'picture') {
    return (
      <Box sx={{ width: 120, aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <AuthImage src={pictureUrl(value)} alt={t('elements.pictureOf', { name })} missingCaption={t('elements.noPicture')} />
      </Box>
    );
  }
  if (typeof value === 'string') {
    return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14 }}>{value}</Typography>;
  }
  if (isTableValue(value)) {
    const shown = value.rows.slice(0, MAX_TABLE_ROWS);
    return (
      // Focusable (and named) so a keyboard can scroll a wide table sideways.
      <Box tabIndex={0} role="region" aria-label={name} sx={{ overflowX: 'auto' }}>
        <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 13, '& td': { border: 1, borderColor: 'divider', px: 0.75, py: 0.25 }, '& tr:first-of-type td': { fontWeight: 700 } }}>
          <tbody>
            {shown.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{String(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
        {value.rows.length > shown.length && (
          <Typography variant="caption" color="text.secondary">
            {t('ai.moreRows', { count: value.rows.length - shown.length })}
          </Typography>
        )}
      </Box>
    );
  }
  if (isChartValue(value)) {
    return (
      <Typography sx={{ fontSize: 14 }}>
        {t('ai.chartSummary', { series: formatList(value.series.map((series) => series.name), language), categories: formatList(value.categories, language) })}
      </Typography>
    );
  }
  return null;
}
