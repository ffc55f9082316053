import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES, elementTypeColor, type ElementType } from '@/components/media/elementColors';

const isKnownType = (type: string): type is ElementType => (ELEMENT_TYPES as readonly string[]).includes(type);

/** An element's type in its outline colour: the table's legend for the slide preview. */
export function ElementTypeChip({ type }: { type: string }) {
  const { t } = useTranslation('media');
  const color = elementTypeColor(type);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap', typography: 'body2' }}
    >
      <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, border: `2px solid ${color}`, bgcolor: `${color}33` }} />
      {isKnownType(type) ? t(`elementTypes.${type}`) : type}
    </Box>
  );
}
